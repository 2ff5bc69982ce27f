import type { Role } from "@/common/constants";

// rules D19: the demo accounts; only created, and only shown on the login pages, when demo data is on.
export const DEMO_ACCOUNTS: { role: Role; username: string; password: string; name: string }[] = [
  { role: "admin", username: "admin", password: "Admin1234", name: "Anna Lindqvist" },
  { role: "technician", username: "tekniker", password: "Tekniker1234", name: "Erik Johansson" },
];
