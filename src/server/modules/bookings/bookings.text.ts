export const bookingServerText = {
  slotTaken: "Tiden du valde hann tyvärr bokas av någon annan. Välj en av de lediga tiderna.",
  slotUnavailable: "Den valda tiden är inte längre tillgänglig. Välj en annan tid.",
  couldNotReadImage: "Kunde inte läsa bilden",
  linkInvalid: "Denna länk har upphört att gälla eller tagits bort.",
  emailSubject: (label: string, when: string) => `Bokningsbekräftelse: ${label} ${when}`,
} as const;
