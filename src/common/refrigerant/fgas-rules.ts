// The ONE place for the F-gas figures the refrigerant register (issue 26) and the installation
// protocols depend on. Each carries its source and verification label from
// docs/research/fgas-rules-2026-11.md: [A] the authority's own text was seen, [S] secondary sources
// only ("verbatim": a secondary source quotes the authority word for word), [NF] nothing
// authoritative found. "2024/573" is Regulation (EU) 2024/573; "SFS 2016:1128" is förordningen om
// fluorerade växthusgaser. When a figure changes, change it here and re-date FGAS_RULES_CHECKED.

/** The day these figures were last checked against the research notes' sources. */
export const FGAS_RULES_CHECKED = "2026-11-26";

type RefrigerantFacts = {
  /** 100-year global warming potential per kg (2024/573 Art. 3(1)); at most two decimals. */
  gwp: number;
  /** An Annex I fluorinated greenhouse gas: only these have the Art. 5 leak-check duty. */
  fGas: boolean;
};

/**
 * GWP per refrigerant. 2024/573 Annex I §1 keeps the AR4 values for HFCs (HFC-32 675, HFC-125 3 500,
 * HFC-134a 1 430) [S: COM(2022)150 Annex I and a secondary analysis; UBA's 2024/573 example uses 675,
 * A-DE]. A mixture's GWP is the mass-weighted sum of its components' (Annex VI, unrounded) [A for the
 * 517/2014 method, S that 2024/573 keeps it]; blend compositions are industry data [S]:
 * - R410A 50 % R32 / 50 % R125: 337.5 + 1 750 = 2 087.5. Kept unrounded, not the common 2 088, so a
 *   charge is judged by the regulation's own figure: 2.395 kg is 4.9996 t (no duty), 5.0008 t with 2 088.
 * - R407C 23 % R32 / 25 % R125 / 52 % R134a: 155.25 + 875 + 743.6 = 1 773.85.
 * R290 (propane) and R744 (CO2) are not F-gases (in none of Annexes I–III), so no Art. 5 duty [S].
 * R290's 3 is the 517/2014 Annex IV value the protocols always showed; 2024/573 Annex VI lists propane
 * at 0.02 for mixtures [S]. Only informative, as it decides no duty. R744's GWP is 1 by definition.
 * Annex II §1 gases (HFOs such as R1234yf, checked from 1 kg, not by CO2e) are not listed: the
 * company services none; adding one needs the kg rule of Art. 5(1) as well.
 */
export const REFRIGERANTS = {
  R32: { gwp: 675, fGas: true },
  R410A: { gwp: 2087.5, fGas: true },
  R134a: { gwp: 1430, fGas: true },
  R407C: { gwp: 1773.85, fGas: true },
  R290: { gwp: 3, fGas: false },
  R744: { gwp: 1, fGas: false },
} as const satisfies Record<string, RefrigerantFacts>;

export type Refrigerant = keyof typeof REFRIGERANTS;

/** The register's refrigerants, in the order REFRIGERANTS lists them. */
export const REFRIGERANT_NAMES = Object.keys(REFRIGERANTS) as Refrigerant[];

/** GWP per kg for each refrigerant (see REFRIGERANTS). */
export const GWP = Object.fromEntries(REFRIGERANT_NAMES.map((name) => [name, REFRIGERANTS[name].gwp])) as Record<Refrigerant, number>;

export function isRefrigerant(value: unknown): value is Refrigerant {
  return typeof value === "string" && Object.hasOwn(REFRIGERANTS, value);
}

/** True for an Annex I F-gas, the only refrigerants with a leak-check duty here. */
export function isFGas(refrigerant: Refrigerant): boolean {
  return REFRIGERANTS[refrigerant].fGas;
}

/**
 * 2024/573 Art. 5(1): equipment with Annex I F-gases of at least 5 t CO2e must be leak-checked
 * (operators and manufacturers) [A, official DE text].
 */
export const LEAK_CHECK_THRESHOLD_TONNES = 5;

/**
 * 2024/573 Art. 5 frequency paragraph (5(6)) for Annex I gases, "at least every N months", the longer
 * interval when a leak detection system is installed [S, verbatim: FR OJ text quoted; UBA confirms
 * the doubling, A-DE]. Unchanged from 517/2014. Highest band first: the first one reached applies.
 */
export const LEAK_CHECK_BANDS = [
  { fromTonnes: 500, months: 3, monthsWithLeakDetection: 6 },
  { fromTonnes: 50, months: 6, monthsWithLeakDetection: 12 },
  { fromTonnes: LEAK_CHECK_THRESHOLD_TONNES, months: 12, monthsWithLeakDetection: 24 },
] as const;

/** Every interval a band can give, in months. */
export const LEAK_CHECK_INTERVALS = [3, 6, 12, 24] as const;
export type LeakCheckInterval = (typeof LEAK_CHECK_INTERVALS)[number];

/**
 * 2024/573 Art. 5(1) 2nd–3rd subparagraphs: hermetically sealed equipment, labelled as such, with
 * less than 10 t CO2e of Annex I gases is not leak-checked [A, DE text]. The new residential
 * derogation (hermetic, labelled, in a residential building, < 3 kg F-gas [A]) adds nothing for the
 * refrigerants above: 3 kg of any of them is below 10 t (fgas-rules.test.ts keeps that true).
 */
export const HERMETIC_EXEMPTION_BELOW_TONNES = 10;

/**
 * 2024/573 Art. 4(5): after a leak is repaired, a certified person checks the equipment no earlier
 * than after 24 hours of operation and no later than one month after the repair [S, verbatim: DE
 * text quoted by the Landesinnung Kälte-Klima; NL text agrees]. New in 2024/573: a check straight
 * after the repair, accepted under 517/2014, is too early.
 */
export const FOLLOW_UP_AFTER_REPAIR = { earliestAfterHoursOfOperation: 24, latestAfterMonths: 1 } as const;

/**
 * SFS 2016:1128 15 §: an operator whose installation (4 §: the equipment of one business and one
 * operator) holds at least 14 t CO2e in equipment subject to leak checks at any time in a calendar
 * year reports to the supervisory authority (the municipality) by 31 March of the following year
 * [A: Naturvårdsverket for 14 t; S, verbatim for the deadline, SKVP quoting 15 §].
 */
export const YEARLY_REPORT = { thresholdTonnes: 14, deadlineMonth: 3, deadlineDay: 31 } as const;

/**
 * SFS 2016:1128 14 §: the operator notifies the supervisory authority before installing or converting
 * a single stationary refrigeration, air-conditioning or heat-pump unit holding at least 14 t CO2e
 * (per unit, not per installation) [S, verbatim: Vänersborg's e-service quotes 14 §].
 */
export const NOTIFICATION_THRESHOLD_TONNES = 14;

/**
 * 2024/573 Art. 7(2): operators keep the records of equipment with a leak-check duty for at least 5
 * years, and the undertaking that does the work keeps a copy as long [A for operators, DE text; S for
 * the copy]. The customer's booking link offers the yearly reports of that many years before this one.
 */
export const RECORDS_KEPT_YEARS = 5;
