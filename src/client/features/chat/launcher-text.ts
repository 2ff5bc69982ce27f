// Swedish text of the ServiceBot launcher button. Apart from ./text (the dialog's texts) because the
// button is on every public page and the dialog loads only when wanted: a module shared by both would
// land in the first download.
export const chatLauncherText = {
  openChat: "Öppna chatten med ServiceBot",
} as const;
