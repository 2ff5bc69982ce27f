// Swedish texts used by the shared client library (lib/).
export const libText = {
  currentUserFailed: "Kunde inte hämta användardata",
} as const;
