// Swedish texts of the route guards (rules §6). Loaded only with the staff routes.
export const guardText = {
  checking: "Kontrollerar inloggning...",
  accessDeniedTitle: "Åtkomst nekad",
  accessDeniedDescription: "Du har inte behörighet att se denna sida",
  userLoadFailed: "Kunde inte hämta användardata",
  retry: "Försök igen",
} as const;
