export const authServerText = {
  invalidCredentials: "Fel användarnamn eller lösenord.",
  wrongRole: "Du har inte behörighet att se denna sida",
  tooManyAttempts: "För många misslyckade inloggningsförsök. Vänta en minut och försök igen.",
  wrongCurrentPassword: "Nuvarande lösenord är fel.",
  passwordContainsUsername: "Lösenordet får inte innehålla användarnamnet.",
} as const;

/** Why zxcvbn finds a password easy to guess, phrase by phrase: "det består av ett vanligt ord och ett årtal". */
export const passwordStrengthText = {
  tooEasy: (parts: string[]) =>
    parts.length > 0
      ? `Lösenordet är för lätt att gissa: det består av ${joinWithAnd(parts)}. Välj en längre fras, gärna några ord som inte hör ihop.`
      : "Lösenordet är för lätt att gissa: det är kort och förutsägbart. Välj en längre fras, gärna några ord som inte hör ihop.",
  personal: "ditt namn, användarnamnet eller företagets namn",
  commonPassword: "ett vanligt lösenord",
  name: "ett vanligt namn",
  word: "ett vanligt ord",
  digitRun: "en enkel sifferföljd",
  l33t: (what: string) => `${what} med utbytta tecken (som 0 för o)`,
  reversed: (what: string) => `${what} baklänges`,
  year: "ett årtal",
  date: "ett datum",
  sequence: "en enkel följd (som 123 eller abc)",
  repeat: "upprepade tecken",
  keyboard: "ett mönster på tangentbordet",
  digit: "en siffra",
  digits: "några siffror",
  characters: "några tecken till",
} as const;

function joinWithAnd(parts: string[]): string {
  return parts.length === 1 ? parts[0] : `${parts.slice(0, -1).join(", ")} och ${parts.at(-1)}`;
}
