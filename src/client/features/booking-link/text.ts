import { TERMS } from "@/common/constants";
import { IMAGE_FILE_HINT } from "@/common/image-rules";

// Swedish texts of the customer's own booking page /booking/shared/{token} (rules §2 Customer
// booking link page, §5 booking link image upload, §8 booking images and booking link, §9 terms).
// The page does not import @/common/schemas/booking-links for the texts they share: that module
// brings zod, which this page never needs (it stays a small chunk of its own).
export const bookingLinkPageText = {
  pageHeading: "Din bokning",
  bookingNumber: (id: number) => `Bokningsnummer ${id}`,
  loading: "Hämtar din bokning...",

  invalidTitle: "Ogiltig länk",
  invalid: "Denna länk har upphört att gälla eller tagits bort.",
  invalidHelp: "Kontakta oss om du behöver hjälp med din bokning.",
  loadFailed: "Kunde inte hämta bokningsinformation. Var god försök igen senare.",
  retry: "Försök igen",
  home: "Till startsidan",

  details: {
    heading: "Bokningsinformation",
    status: "Status",
    date: "Datum",
    time: "Tid",
    service: "Tjänst",
    model: "Värmepumpsmodell",
    noModel: "Ej angiven",
    description: "Beskrivning",
    customer: "Kund",
    address: "Adress",
    technician: "Tekniker",
    noTechnician: "En tekniker tilldelas inför besöket.",
    callTechnician: (name: string, phone: string) => `Ring ${name} på ${phone}`,
    addToCalendar: "Lägg till i kalender (.ics)",
  },

  selfService: {
    heading: "Ändra eller avboka",
    until: (deadline: string) => `Du kan flytta eller avboka besöket här fram till ${deadline}.`,
    move: "Flytta besöket",
    cancel: "Avboka besöket",
  },

  /** A visit a service agreement booked by itself (issue 26). */
  agreementVisit: {
    heading: "Besök enligt ditt serviceavtal",
    waiting: (month: string) => `Vi har reserverat den här tiden åt dig. Bekräfta den, eller flytta besöket till en annan ledig tid i ${month}.`,
    answered: (month: string) => `Besöket ingår i ditt serviceavtal. Det kan flyttas till en annan ledig tid i ${month}.`,
  },

  /** A due leak check the system booked by itself (issue 26, the F-gas rules). */
  leakCheckVisit: {
    heading: "Läckagekontroll enligt F-gasreglerna",
    explanation:
      "Din värmepump innehåller så mycket köldmedium att EU:s F-gasregler kräver att den läckagekontrolleras regelbundet av en certifierad tekniker. Kontrollen görs vid det här besöket.",
    followUp: "Efter att ett läckage har lagats ska värmepumpen enligt F-gasreglerna kontrolleras igen inom en månad. Kontrollen görs vid det här besöket.",
    waiting: (latest: string) => `Vi har reserverat den här tiden åt dig. Bekräfta den, eller flytta besöket till en annan ledig tid senast ${latest}.`,
    answered: (latest: string) => `Besöket kan flyttas till en annan ledig tid senast ${latest}.`,
  },

  /** Confirming a time the system held (an agreement's visit or a due leak check, issue 26). */
  proposal: {
    confirm: "Bekräfta tiden",
    confirming: "Bekräftar...",
    doneTitle: "Tiden är bekräftad",
    doneDescription: "Välkommen! Teknikern kommer den bokade tiden.",
    failedTitle: "Kunde inte bekräfta tiden",
    failed: "Något gick fel. Försök igen eller ring oss.",
  },

  cancelDialog: {
    title: "Avboka besöket?",
    description: (when: string) => `Besöket ${when} avbokas och tiden blir ledig för andra. Du får en bekräftelse via e-post.`,
    keep: "Behåll besöket",
    confirm: "Avboka besöket",
    confirming: "Avbokar...",
    doneTitle: "Besöket är avbokat",
    doneDescription: "Du får en bekräftelse via e-post.",
    failedTitle: "Kunde inte avboka besöket",
    failed: "Något gick fel. Försök igen eller ring oss.",
  },

  moveDialog: {
    title: "Flytta besöket",
    description: (service: string) => `Välj en ny dag och tid för ${service.toLowerCase()}. Samma regler gäller som när du bokade.`,
    current: (when: string) => `Nuvarande tid: ${when}`,
    confirm: "Flytta till vald tid",
    confirming: "Flyttar...",
    chooseTime: "Välj en ny tid först.",
    doneTitle: "Besöket är flyttat",
    // The "moved" e-mail waits a few minutes for a further move (issue 22.2).
    doneDescription: (when: string) => `Ny tid: ${when}. Du får en bekräftelse via e-post inom några minuter.`,
    failed: "Kunde inte flytta besöket. Försök igen eller ring oss.",
    cancel: "Avbryt",
    calendarFailed: "Kunde inte hämta lediga tider. Försök igen senare.",
  },

  images: {
    heading: "Bilder",
    intro: "Bilder på värmepumpen, typskylten eller felkoder hjälper teknikern att förbereda besöket.",
    none: "Inga bilder har laddats upp ännu.",
    listLabel: "Uppladdade bilder",
    uploadedByCustomer: "Uppladdad av dig",
    uploadedByStaff: (name: string | null) => (name ? `Uppladdad av ${name}` : "Uppladdad av personal"),
    altWithCaption: (caption: string) => `Bild: ${caption}`,
    altWithoutCaption: (when: string) => `Bild uppladdad ${when}`,
    failedToShow: "Bilden kunde inte visas",
    delete: "Ta bort",
    deleteLabel: (name: string) => `Ta bort bild ${name}`,
    readOnly: "Du kan inte lägga till eller ta bort bilder för den här bokningen. Ring eller mejla oss om du vill skicka bilder.",
    uploadHeading: "Ladda upp en bild",
    fileLabel: "Bild",
    // rules §5 Booking link image upload: the hint.
    fileHint: IMAGE_FILE_HINT,
    captionLabel: "Bildtext (valfritt)",
    captionPlaceholder: "Till exempel: typskylten på utedelen",
    upload: "Ladda upp bild",
    uploading: "Laddar upp...",
    // rules §8 Booking images: the older code's fallback text was
    // 'Ett fel inträffade vid uppladdning av bilden.'
    // but its page showed 'uppstod' instead of 'inträffade'; we show what customers saw.
    uploadedTitle: "Bild uppladdad",
    uploadFailedTitle: "Uppladdning misslyckades",
    uploadFailed: "Ett fel uppstod vid uppladdning av bilden.",
    deletedTitle: "Bild borttagen",
    deleteFailedTitle: "Borttagning misslyckades",
    deleteFailed: "Bilden kunde inte tas bort. Försök igen.",
  },

  /** Issue 25: the booking's sent invoices, each with a link to its own page. */
  invoices: {
    heading: "Fakturor",
    title: (kind: "invoice" | "credit", number: number) => `${kind === "credit" ? "Kreditfaktura" : "Faktura"} ${number}`,
    creditNote: "Kreditfaktura",
    status: { draft: "Utkast", sent: "Att betala", paid: "Betald", credited: "Krediterad" },
    dates: (issued: string, due: string) => `Fakturadatum ${issued}, förfallodag ${due}`,
    amount: (amount: string) => `Belopp: ${amount}`,
    open: "Visa fakturan",
  },

  /** Issue 26: the operator's yearly report on refrigerant and leak checks (SFS 2016:1128 15 §), one PDF per year. */
  refrigerantReport: {
    heading: "Köldmedierapport",
    intro:
      "Årsrapporten över köldmedium och läckagekontroller för din utrustning. Lämna den till kommunens miljökontor när en årsrapport krävs. Rapporten visar om den krävs för året.",
    download: (year: number) => `Ladda ner rapporten för ${year} (PDF)`,
  },

  contact: {
    heading: "Kontakta oss",
    phone: "Telefon",
    email: "E-post",
    openingHours: "Öppettider",
  },

  terms: {
    heading: "Avbokning",
    // rules §9 terms: cancellation at least 24 hours before, else 50 % of the service's price.
    note: `Avboka senast ${TERMS.cancellationHours} timmar före bokad tid. Vid senare avbokning debiteras ${TERMS.lateCancellationFeePercent}\u00a0% av tjänstens pris.`,
    link: "Läs våra allmänna villkor",
  },

  sharing: {
    heading: "Om den här länken",
    text: "Sidan visar din bokning via en personlig länk. Dela inte länken: den som har den kan se bokningen och dina kontaktuppgifter. Teknikern ser de bilder du laddar upp. Vi behandlar dina uppgifter enligt vår integritetspolicy.",
    link: "Läs integritetspolicyn",
  },
} as const;
