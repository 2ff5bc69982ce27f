// Swedish messages the server answers with that belong to no single feature.
export const serverText = {
  internalError: "Ett internt fel uppstod. Försök igen senare.",
  invalidJson: "Begäran innehåller ogiltig JSON.",
  bodyTooLarge: "Begäran är för stor.",
  unsupportedMediaType: "Innehållstypen stöds inte.",
  badRequest: "Ogiltig begäran.",
  invalidInput: "Ogiltiga uppgifter.",
  missingField: "En obligatorisk uppgift saknas.",
  notFound: "Resursen hittades inte.",
  methodNotAllowed: "Metoden stöds inte.",
  tooManyRequests: "För många förfrågningar. Vänta en stund och försök igen.",
  notLoggedIn: "Du måste logga in.",
  forbidden: "Du har inte behörighet att se denna sida",
  crossSite: "Begäran kom från en annan webbplats och avvisades.",
  controlCharacter: "Texten innehåller otillåtna tecken.",
  unavailable: "Tjänsten är tillfälligt otillgänglig. Försök igen om en liten stund.",
  referenceGone: "Något som ändringen hänvisar till har just tagits bort. Ladda om sidan och försök igen.",
} as const;
