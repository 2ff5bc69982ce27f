export const authServerText = {
  invalidCredentials: "Fel användarnamn eller lösenord.",
  wrongRole: "Du har inte behörighet att se denna sida",
  tooManyAttempts: "För många misslyckade inloggningsförsök. Vänta en minut och försök igen.",
  wrongCurrentPassword: "Nuvarande lösenord är fel.",
  commonPassword: "Lösenordet är för vanligt och lätt att gissa. Välj ett annat.",
  passwordContainsUsername: "Lösenordet får inte innehålla användarnamnet.",
} as const;
