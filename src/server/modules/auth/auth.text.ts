export const authServerText = {
  invalidCredentials: "Fel användarnamn eller lösenord.",
  wrongRole: "Du har inte behörighet att se denna sida",
  tooManyAttempts: "För många misslyckade inloggningsförsök. Vänta en minut och försök igen.",
  wrongCurrentPassword: "Nuvarande lösenord är fel.",
} as const;
