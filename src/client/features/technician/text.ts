// Swedish texts of the technician portal (SPEC §2 Technician portal).
export const technicianText = {
  title: "Tekniker Dashboard",
  userLabel: "Inloggad som",
  roleLabel: "Roll",
  logout: "Logga ut",
  loggingOut: "Loggar ut...",
} as const;
