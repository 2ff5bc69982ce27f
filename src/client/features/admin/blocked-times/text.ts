import { timeRange } from "@/common/format";

// Swedish texts of /admin/blocked-times (rules §2 Other admin screens, §4 filter, §8 blocked times).
// The validation messages of rules §5 live with the contract (@/common/schemas/blocked-times).
export const blockedTimesText = {
  title: "Blockerade tider",
  intro: "Spärra datum och tider då kunder inte kan boka. Befintliga bokningar ligger kvar.",
  back: "Tillbaka till administrationen",
  create: "Blockera tid",

  filterLabel: "Visa blockerade tider",
  loading: "Hämtar blockerade tider...",
  loadFailed: "Kunde inte hämta de blockerade tiderna.",
  retry: "Försök igen",
  empty: {
    all: "Inga blockerade tider ännu.",
    upcoming: "Inga kommande blockerade tider.",
    past: "Inga passerade blockerade tider.",
  },
  listLabel: "Blockerade tider",
  timeRange,
  wholeDayHint: "Hela arbetsdagen",
  serviceTypesLabel: "Gäller",
  edit: "Redigera",
  editLabel: (when: string) => `Redigera blockerad tid ${when}`,
  remove: "Ta bort",
  removeLabel: (when: string) => `Ta bort blockerad tid ${when}`,

  form: {
    createTitle: "Blockera tid",
    createDescription: "Tider som blockeras kan inte bokas av kunder för de valda tjänsterna.",
    editTitle: "Redigera blockerad tid",
    editDescription: "Ändringen gäller direkt i kundernas bokning.",
    date: "Datum",
    startTime: "Starttid",
    endTime: "Sluttid",
    reason: "Anledning",
    reasonPlaceholder: "Till exempel utbildning eller semester",
    serviceTypes: "Tjänsttyper",
    serviceTypesHint: "Hembesök påverkas inte av blockerade tider.",
    cancel: "Avbryt",
    saveCreate: "Blockera tid",
    saveEdit: "Spara ändringar",
    saving: "Sparar...",
  },

  removeDialog: {
    title: "Ta bort blockerad tid?",
    description: (when: string) => `Den blockerade tiden ${when} tas bort och tiderna blir bokningsbara igen.`,
    cancel: "Avbryt",
    confirm: "Ta bort den blockerade tiden",
    removing: "Tar bort...",
  },

  toasts: {
    created: "Tid blockerad",
    createdDescription: "Kunder kan inte längre boka den tiden.",
    updated: "Uppdaterad",
    updatedDescription: "Den blockerade tiden har ändrats.",
    deleted: "Borttagen",
    deletedDescription: "Den blockerade tiden är borttagen.",
    failureTitle: "Ett fel uppstod",
    createFailed: "Kunde inte blockera tiden",
    updateFailed: "Kunde inte uppdatera den blockerade tiden",
    deleteFailed: "Kunde inte ta bort den blockerade tiden",
  },

  overlap: {
    title: (count: number) => (count === 1 ? "En bokning ligger inom den blockerade tiden" : `${count} bokningar ligger inom den blockerade tiden`),
    description: "Bokningarna finns kvar och tas inte bort automatiskt. Kontakta kunderna för att boka om eller avboka besöken.",
    listLabel: "Bokningar inom den blockerade tiden",
    open: (id: number) => `Öppna bokning ${id}`,
    dismiss: "Stäng meddelandet",
  },
} as const;
