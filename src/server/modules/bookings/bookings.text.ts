export const bookingServerText = {
  slotTaken: "Tiden du valde hann tyvärr bokas av någon annan. Välj en av de lediga tiderna.",
  slotUnavailable: "Den valda tiden är inte längre tillgänglig. Välj en annan tid.",
  couldNotReadImage: "Kunde inte läsa bilden",
  linkInvalid: "Denna länk har upphört att gälla eller tagits bort.",
  tooManyFromAddress: "Du har gjort många bokningar på kort tid. Vänta en stund och försök igen, eller ring oss.",
  tooManyForEmail: "Många bokningar har gjorts med den här e-postadressen i dag. Ring oss så hjälper vi dig att boka.",
  tooManyActive: (max: number) =>
    `Du har redan ${max} kommande besök bokade med den här e-postadressen. Ring oss om du behöver boka fler.`,
  emailSubject: (label: string, when: string) => `Bokningsbekräftelse: ${label} ${when}`,
} as const;
