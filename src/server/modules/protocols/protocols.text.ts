export const protocolServerText = {
  notFound: "Protokoll hittades inte",
  alreadySigned: "Protokollet är signerat av kunden och kan inte längre ändras.",
  technicianMustSign: "Teknikern måste signera protokollet innan det kan slutföras.",
  notWaitingForCustomer: "Protokollet väntar inte på kundens signatur.",
  customerErased: "Kundens uppgifter är raderade. Protokollet kan inte längre skickas till kunden.",
  customerAlreadySigned: "Protokollet är redan signerat.",
  technicianNotSigned: "Protokollet kan signeras när teknikern har signerat det.",
  bookingNotFound: "Bokningen finns inte.",
  emailSent: "E-post skickad till kund!",
  clientKeyTaken: "Protokollet kunde inte sparas. Ladda om sidan och försök igen.",
} as const;
