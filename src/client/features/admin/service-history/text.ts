// Swedish texts of /admin/service-history (SPEC §2 Service history; issue 12).
export const serviceHistoryText = {
  title: "Servicehistorik",
  intro: "Utförda servicebesök med åtgärder, delar och kostnad.",
  back: "Tillbaka till kunder",
  searchLabel: "Sök i servicehistoriken",
  searchPlaceholder: "Kund, tekniker, fel, åtgärd, del eller modell",
  empty: "Ingen servicehistorik hittades.",
  loadFailed: "Kunde inte hämta servicehistoriken.",
  retry: "Försök igen",
  open: (what: string) => `Visa ${what}`,
  followUp: "Uppföljning behövs",
  fields: { customer: "Kund", product: "Produkt", technician: "Tekniker", issues: "Fel", actions: "Åtgärder", parts: "Delar", cost: "Kostnad", followUp: "Uppföljning", notes: "Anteckningar", booking: "Bokning" },
  yes: "Ja",
  no: "Nej",
  types: { maintenance: "Underhåll", repair: "Reparation", installation: "Installation", inspection: "Besiktning", warranty: "Garanti", other: "Övrigt" } as Record<string, string>,
} as const;
