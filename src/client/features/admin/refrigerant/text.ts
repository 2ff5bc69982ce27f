import type { RegisterEntry, RegisterFilter } from "@/common/schemas/refrigerant";

// Swedish texts of the refrigerant register (issue 26): every unit with a leak-check duty under the
// F-gas regulation (EU) 2024/573, overdue first.
export const registerText = {
  heading: "Köldmedieregister",
  intro: "Aggregat med krav på läckagekontroll (minst 5 ton CO₂e). Försenade kontroller står först.",
  backToAdmin: "Tillbaka till administration",
  filterLabel: "Visa",
  filters: {
    all: "Alla",
    overdue: "Försenade",
    "due-soon": "Snart dags",
    "follow-up": "Uppföljning efter läcka",
    ok: "I tid",
  } satisfies Record<RegisterFilter, string>,
  loading: "Hämtar registret...",
  loadFailed: "Kunde inte hämta köldmedieregistret",
  retry: "Försök igen",
  empty: "Inga aggregat i registret med det här urvalet.",
  count: (n: number) => (n === 1 ? "1 aggregat" : `${n} aggregat`),
  status: {
    none: "Ingen kontroll registrerad",
    ok: "I tid",
    "due-soon": "Snart dags",
    overdue: "Försenad",
  } satisfies Record<RegisterEntry["status"], string>,
  charge: (refrigerant: string, kg: string, tonnes: string) => `${refrigerant} · ${kg} kg · ${tonnes} ton CO₂e`,
  interval: (months: number) => `Kontroll minst var ${months}:e månad`,
  leakDetection: "Läckagevarningssystem",
  lastCheck: "Senaste kontroll",
  noCheck: "Ingen registrerad",
  nextDue: "Nästa kontroll senast",
  followUp: (latest: string) => `Uppföljande kontroll efter åtgärdad läcka senast ${latest}`,
  fromProtocol: "Uppgifterna kommer från installationsprotokollet.",
  report: (year: number) => `Årsrapport ${year} (PDF)`,
  reportLabel: (year: number, customer: string) => `Årsrapport ${year} för ${customer} (PDF)`,
} as const;
