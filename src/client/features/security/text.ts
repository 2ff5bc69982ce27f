// Swedish texts of the change-password page (rules §2 Security, §5 Users and passwords, §8).
export const securityText = {
  title: "Säkerhet",
  heading: "Byt lösenord",
  intro: "När du byter lösenord loggas du ut från alla andra enheter.",
  back: "Tillbaka",
  currentPassword: "Nuvarande lösenord",
  newPassword: "Nytt lösenord",
  confirmPassword: "Bekräfta nytt lösenord",
  requirementsTitle: "Lösenordet måste innehålla:",
  requirements: ["minst 8 tecken", "minst en stor bokstav", "minst en liten bokstav", "minst en siffra"],
  requirementsNote:
    "Det får inte heller vara lätt att gissa: vanliga lösenord, ett ord eller namn med ett årtal eller några siffror efter, och lösenord med ditt namn, ditt användarnamn eller företagets namn godtas inte. Några ord som inte hör ihop blir ett starkt lösenord som är lätt att minnas.",
  submit: "Byt lösenord",
  submitting: "Byter...",
  toasts: {
    changed: "Lösenord ändrat",
    changedDescription: "Ditt nya lösenord gäller från och med nu. Andra enheter har loggats ut.",
    failureTitle: "Fel",
    failed: "Kunde inte ändra lösenord",
  },
} as const;
