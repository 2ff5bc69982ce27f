import type { ServiceType } from "@/common/constants";

// Swedish texts of the public booking wizard (SPEC §2 Public booking wizard, §8 image errors,
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

  draft: {
    savedTitle: "Bokningen sparad",
    savedDescription: "Din bokning har sparats och du kan fortsätta senare.",
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
    hint: "Bilder på värmepumpen, typskylten och eventuella felkoder hjälper teknikern att förbereda besöket. Upp till 4 bilder (JPG, PNG, GIF, WebP eller HEIC), högst 10 MB per bild.",
    dropzone: "Dra och släpp bilder här",
    choose: "eller klicka för att välja bilder",
    processing: "Bilderna bearbetas...",
    listLabel: "Valda bilder",
    count: (count: number, max: number) => `${count} av ${max} bilder`,
    statusLoading: "Bearbetas...",
    statusSuccess: "Klar",
    progress: (name: string) => `Bearbetning av ${name}`,
    remove: (name: string) => `Ta bort bild ${name}`,
    fileSize: (bytes: number) =>
      bytes < 1024 * 1024
        ? `${Math.max(1, Math.round(bytes / 1024))} kB`
        : `${(bytes / (1024 * 1024)).toLocaleString("sv-SE", { maximumFractionDigits: 1 })} MB`,
  },

  schedule: {
    dateHeading: "Välj datum",
    timeHeading: "Tillgängliga tider",
    timeLegend: "Välj starttid",
    placeholder: "Välj ett datum för att se tillgängliga tider",
    loading: "Kontrollerar tillgängliga tider...",
    empty: "Inga tillgängliga tider för valt datum",
    selectedDate: "Valt datum",
    previousMonth: "Föregående månad",
    nextMonth: "Nästa månad",
    calendarLoading: "Hämtar lediga datum...",
  },

  /** SPEC §8 availability console messages (shown in the console only; the rule slots are shown instead). */
  availabilityConsole: {
    couldNotCheck: "Kunde inte kontrollera tillgängligheten",
    errorChecking: "Fel vid kontroll av tillgänglighet",
    errorFetchingTimes: "Fel vid hämtning av tillgängliga tider",
  },

  contact: {
    legend: "Kontaktuppgifter",
    labels: {
      name: "Namn",
      email: "E-post",
      phone: "Telefon",
      address: "Adress",
      city: "Ort",
      postalCode: "Postnummer",
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

  /** SPEC §8 booking form messages. */
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
    emailNotice: (email: string) =>
      `En bekräftelse har skickats till ${email}. Om den inte kommer fram inom några minuter, kontrollera din skräppost.`,
    emailNoticeNoAddress:
      "En bekräftelse har skickats till din e-postadress. Om den inte kommer fram inom några minuter, kontrollera din skräppost.",
    home: "Till startsidan",
    addToCalendar: "Lägg till i kalender",
    print: "Skriv ut bekräftelse",
    // SPEC §8: missing values on the success screen.
    missingDate: "Datum ej angivet",
    missingTime: "Tid ej angiven",
    missingName: "Namn ej angivet",
    missingEmail: "E-post ej angiven",
    missingPhone: "Telefon ej angiven",
    missingAddress: "Adress ej angiven",
  },
} as const;
