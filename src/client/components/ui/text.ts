// Swedish texts of the shared UI primitives.
export const uiText = {
  close: "Stäng",
  toastRegion: "Aviseringar ({hotkey})",
  toastLabel: "Avisering",
  loading: "Laddar...",
} as const;
