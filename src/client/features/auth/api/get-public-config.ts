import { useQuery } from "@tanstack/react-query";
import { apiFetch } from "@/client/lib/api";
import type { Role } from "@/common/constants";

export type DemoAccount = { role: Role; username: string; password: string };
export type PublicConfig = { demo: boolean; demoAccounts: DemoAccount[] };

/** GET /api/public/config: demo credentials are only listed while demo data is on (rules D19). */
export function getPublicConfig(): Promise<PublicConfig> {
  return apiFetch<PublicConfig>("/api/public/config");
}

export function usePublicConfig() {
  return useQuery({ queryKey: ["/api/public/config"], queryFn: getPublicConfig });
}

/** The demo accounts to show, or none when the installation is not in demo mode. */
export function useDemoAccounts(roles?: readonly Role[]): DemoAccount[] {
  const { data } = usePublicConfig();
  if (!data?.demo || !Array.isArray(data.demoAccounts)) return [];
  return data.demoAccounts.filter((account) => !roles || roles.includes(account.role));
}
