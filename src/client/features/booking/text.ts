import type { ServiceType } from "@/common/constants";
import { IMAGE_FILE_HINT, MAX_IMAGES } from "@/common/image-rules";
import { scheduleText } from "@/client/lib/schedule-text";

// Swedish texts of the public booking wizard (rules §2 Public booking wizard, §8 image errors,
// availability and booking form). Texts the shared modules already define are reused from there:
// validation messages (@/common/schemas/bookings), image messages (@/common/schemas/images),
// prices, hint box and info texts (@/common/booking-rules) and service labels (@/common/constants).
export const bookingText = {
  pageTitle: "Boka service | Värmepumpsservice",
  pageTitleConfirmed: "Bokning bekräftad | Värmepumpsservice",
  heading: "Boka service",
  intro: "Boka service, installation, felsökning eller ett kostnadsfritt hembesök i tre steg.",

  steps: {
    label: "Bokningssteg",
    names: { 1: "Tjänst & Beskrivning", 2: "Välj tid", 3: "Dina uppgifter" },
    stepOf: (step: number, total: number) => `Steg ${step} av ${total}`,
    completed: "(klart)",
  },

  buttons: {
    next: "Nästa",
    previous: "Föregående",
    saveDraft: "Spara bokning",
    submit: "Slutför bokning",
    submitting: "Skickar bokningen...",
  },

  // A service reminder's link (issue 12).
  offer: {
    valid: (percent: number, until: string) =>
      `Servicepåminnelse: ${percent} % rabatt på service om du bokar senast ${until}. Dina uppgifter är redan ifyllda – välj en tid.`,
    expired: "Erbjudandet från servicepåminnelsen har gått ut, men du kan fortfarande boka service. Dina uppgifter är ifyllda.",
    missing: "Vi hittar inte erbjudandet från länken. Du kan boka service som vanligt.",
    used: "Rabatten från servicepåminnelsen är redan använd för en bokning, men du kan fortfarande boka service. Dina uppgifter är ifyllda.",
  },

  draft: {
    // Issue 8: the saved draft is not a booking, and the toast must not let anyone think so.
    savedTitle: "Utkastet är sparat – bokningen är inte klar",
    savedDescription: "Dina uppgifter finns kvar i den här webbläsaren i 30 dagar. Tiden är inte bokad förrän du har tryckt på ”Slutför bokning” i steg 3.",
    saveFailedTitle: "Kunde inte spara bokningen",
    saveFailedDescription: "Webbläsaren tillåter inte att bokningen sparas. Försök igen eller slutför bokningen nu.",
    restored: (savedAt: string) => `Vi har hämtat din sparade bokning från ${savedAt}. Bilder sparas inte och behöver laddas upp igen.`,
    startOver: "Börja om",
  },

  service: {
    legend: "Välj tjänst",
    priceLabel: "Pris",
    descriptions: {
      service: "Regelbunden service som håller värmepumpen effektiv och förlänger livslängden.",
      installation: "Flytt av befintlig värmepump eller installation av en ny.",
      troubleshooting: "Vi hittar och åtgärdar felet när värmepumpen inte fungerar som den ska.",
      hembesok: "Kostnadsfritt hembesök där vi ger råd om värmepump för ditt hus.",
    } satisfies Record<ServiceType, string>,
    modelLabel: "Värmepumpsmodell",
    modelHint: "Välj bland förslagen eller skriv märke och modell, till exempel Nibe F2120.",
    descriptionLabel: "Beskrivning",
    descriptionHint: "Beskriv kort vad du behöver hjälp med, till exempel felkoder, ljud eller när problemet började.",
  },

  images: {
    label: "Bilder",
    important: "(viktigt)",
    hint: `Bilder på värmepumpen, typskylten och eventuella felkoder hjälper teknikern att förbereda besöket. Upp till ${MAX_IMAGES} bilder. ${IMAGE_FILE_HINT}`,
    dropzone: "Dra och släpp bilder här",
    choose: "eller klicka för att välja bilder",
    /** Touch screens have nothing to drag from: they choose, from the camera or the photo library. */
    dropzoneTouch: "Välj bilder",
    chooseTouch: "Ta ett foto eller välj bland dina bilder",
    processing: "Bilderna bearbetas...",
    listLabel: "Valda bilder",
    count: (count: number, max: number) => `${count} av ${max} bilder`,
    statusLoading: "Bearbetas...",
    statusSuccess: "Klar",
    /** Issue 8: a file that is not a whole, readable image, named so the customer knows which. */
    unreadable: (name: string) => `Kunde inte läsa bilden ”${name}”. Filen är skadad eller är ingen bild.`,
    progress: (name: string) => `Bearbetning av ${name}`,
    remove: (name: string) => `Ta bort bild ${name}`,
    fileSize: (bytes: number) =>
      bytes < 1024 * 1024
        ? `${Math.max(1, Math.round(bytes / 1024))} kB`
        : `${(bytes / (1024 * 1024)).toLocaleString("sv-SE", { maximumFractionDigits: 1 })} MB`,
  },

  schedule: {
    // The texts the booking link's move dialog shows alike live in the shared scheduleText.
    ...scheduleText,
    timeHeading: "Tillgängliga tider",
    conflictTaken: (time: string, date: string) => `Tiden ${time} ${date} är inte längre ledig och har tagits bort. Välj en annan tid.`,
    conflictMovedTo: (date: string, next: string) =>
      `${date[0].toUpperCase()}${date.slice(1)} är nu fullbokad. Vi har valt nästa dag med lediga tider, ${next}. Välj en tid.`,
  },

  /** rules §8 availability console messages (shown in the console only; the rule slots are shown instead). */
  availabilityConsole: {
    couldNotCheck: "Kunde inte kontrollera tillgängligheten",
    errorChecking: "Fel vid kontroll av tillgänglighet",
    errorFetchingTimes: "Fel vid hämtning av tillgängliga tider",
  },

  contact: {
    legend: "Kontaktuppgifter",
    // The same word as each field's messages (issue 8: 'Ort' … 'Ort krävs'; @/common/schemas/bookings).
    labels: {
      name: "Namn",
      email: "E-postadress",
      phone: "Telefonnummer",
      address: "Adress",
      city: "Ort",
      postalCode: "Postnummer",
    },
    hints: {
      phone: "Mobil eller fast telefon, till exempel 070-123 45 67",
      postalCode: "Fem siffror, till exempel 722 11",
    },
  },

  summary: {
    heading: "Sammanfattning",
    service: "Tjänst",
    price: "Pris",
    dateTime: "Datum och tid",
    model: "Värmepumpsmodell",
    notChosen: "Inte valt",
    dateAndTime: (date: string, time: string) => `${date} kl. ${time}`,
  },

  /** rules §8 booking form messages. */
  errors: {
    formErrorTitle: "Formulärfel",
    formErrorDescription: "Vänligen kontrollera de markerade fälten",
    submitFailedTitle: "Ett fel uppstod",
    submitFailedFallback: "Kunde inte slutföra bokningen. Försök igen senare.",
    invalidForm: "Formuläret innehåller fel. Kontrollera alla fält.",
    createFailed: "Det gick inte att skapa bokningen",
    slotTakenFallback: "Den valda tiden är inte längre ledig. Välj en av de lediga tiderna.",
  },

  success: {
    heading: "Tack för din bokning!",
    confirmation: "Din bokning är registrerad. Här är en sammanfattning av bokningen.",
    bookingInfo: "Bokningsinformation",
    bookingNumber: "Bokningsnummer",
    service: "Tjänst",
    date: "Datum",
    time: "Tid",
    model: "Värmepumpsmodell",
    customerDetails: "Dina uppgifter",
    name: "Namn",
    email: "E-post",
    phone: "Telefon",
    address: "Adress",
    description: "Beskrivning",
    noDescription: "Ingen beskrivning",
    noModel: "Ej angiven",
    emailNotice: (email: string) => `En bekräftelse har skickats till ${email}. Om den inte kommer fram inom några minuter, kontrollera din skräppost.`,
    emailNoticeNoAddress: "En bekräftelse har skickats till din e-postadress. Om den inte kommer fram inom några minuter, kontrollera din skräppost.",
    home: "Till startsidan",
    addToCalendar: "Lägg till i kalender",
    print: "Skriv ut bekräftelse",
    // rules §8: missing values on the success screen.
    missingDate: "Datum ej angivet",
    missingTime: "Tid ej angiven",
    missingName: "Namn ej angivet",
    missingEmail: "E-post ej angiven",
    missingPhone: "Telefon ej angiven",
    missingAddress: "Adress ej angiven",
  },
} as const;
