// What an error code means on each brand the knowledge base covers, in Swedish, kept as data.
// The same code means different things on different brands (E5 is the compressor's overload
// protection on Daikin but a remote-controller fault on Mitsubishi Electric), so a code is only
// explained for a named brand, and only where the manufacturer's service documentation says what it
// is: Daikin's service diagnosis manuals (SiBE), Mitsubishi Electric's Mr. Slim manuals, Panasonic's
// service manuals (CS/CU series), Samsung's and LG's error tables. A code that is not listed here is
// never guessed: ServiceBot says so and asks for the model.

/** What the customer should do about a code. */
export type Advice = "restart" | "filters" | "outdoor-fan" | "drain" | "compressor" | "refrigerant" | "remote";

export const ADVICE_TEXT: Record<Advice, string> = {
  restart: "Bryt strömmen till pumpen i 5 minuter och starta den igen. Kommer koden tillbaka behöver pumpen felsökas av en tekniker.",
  filters:
    "Rengör filtren i innedelen och se till att inget står i vägen för luften, bryt sedan strömmen i 5 minuter och starta igen. Kommer koden tillbaka behöver pumpen felsökas.",
  "outdoor-fan":
    "Se efter att fläkten i utedelen går fri från is, snö och skräp. Bryt sedan strömmen i 5 minuter och starta igen. Kommer koden tillbaka behöver fläktmotorn felsökas.",
  drain:
    "Kontrollera att dräneringsslangen från innedelen inte är igensatt, klämd eller frusen. Kommer koden tillbaka behöver dräneringen rensas av en tekniker.",
  compressor:
    "Gör högst en omstart (bryt strömmen i 5 minuter). Kommer koden tillbaka: låt pumpen vara avstängd och starta den inte om och om igen, det kan skada kompressorn. Boka en felsökning.",
  refrigerant:
    "Det beror ofta på för lite köldmedium, alltså ett läckage. Köldmedium får bara hanteras av certifierad tekniker: stäng av pumpen och boka en felsökning.",
  remote:
    "Kontrollera att kabeln till den väggmonterade fjärrkontrollen sitter fast, och bryt strömmen i 5 minuter. Kommer koden tillbaka behöver kontrollen eller kretskortet felsökas.",
};

export type CodeMeaning = { meaning: string; advice: Advice };
/** A code as its manufacturer writes it ("CH05"), with its meaning. */
export type DocumentedCode = CodeMeaning & { code: string };

export type BrandId = "daikin" | "mitsubishi" | "panasonic" | "toshiba" | "nibe" | "samsung" | "lg" | "ivt" | "thermia" | "qvantum";

export type Brand = {
  id: BrandId;
  name: string;
  /** How customers write the brand or its models. */
  names: RegExp;
  /** The knowledge-base article on how this brand shows its faults. */
  article: string;
  /** Codes by their normalised form (see normaliseCode): what the manufacturer's documentation says. */
  codes: Readonly<Record<string, DocumentedCode>>;
  /** Said with every code of the brand. */
  note?: string;
};

/** "E05", "e 5", "E-5" → "E5"; "CH05" → "CH5": letters in capitals and the number without leading zeros. */
export function normaliseCode(code: string): string {
  const match = /^([a-z]{1,2})[\s-]?0*(\d{1,3})$/i.exec(code.trim());
  return match ? `${match[1].toUpperCase()}${match[2]}` : code.trim().toUpperCase();
}

const table = (entries: Record<string, CodeMeaning>): Record<string, DocumentedCode> =>
  Object.fromEntries(Object.entries(entries).map(([code, meaning]) => [normaliseCode(code), { ...meaning, code }]));

export const BRANDS: readonly Brand[] = [
  {
    id: "daikin",
    name: "Daikin",
    names: /\bdai?kin|\bururu|\bemura|\bperfera|\bstylish\b|\baltherma/i,
    article: "error-daikin",
    codes: table({
      A1: { meaning: "fel på innedelens kretskort", advice: "restart" },
      A3: { meaning: "för hög vattennivå i innedelens dränering", advice: "drain" },
      A5: { meaning: "frysskydd (vid kyla) eller högtrycksbegränsning (vid värme) i innedelen, oftast av dåligt luftflöde", advice: "filters" },
      A6: { meaning: "fel på innedelens fläktmotor", advice: "restart" },
      C4: { meaning: "fel på temperaturgivaren i innedelens värmeväxlare", advice: "restart" },
      C9: { meaning: "fel på rumstemperaturgivaren i innedelen", advice: "restart" },
      E1: { meaning: "fel på utedelens kretskort", advice: "restart" },
      E5: { meaning: "kompressorns överlastskydd har löst ut: kompressorn har blivit för varm eller gått för tungt", advice: "compressor" },
      E6: { meaning: "kompressorn har låst sig eller kan inte starta", advice: "compressor" },
      E7: { meaning: "utedelens fläktmotor har stannat eller går inte som den ska", advice: "outdoor-fan" },
      F3: { meaning: "för hög temperatur i kompressorns hetgasrör", advice: "refrigerant" },
      H6: { meaning: "kompressorn kunde inte starta (fel i positionsavkänningen)", advice: "compressor" },
      U0: { meaning: "för lite köldmedium i systemet", advice: "refrigerant" },
      U4: { meaning: "kommunikationsfel mellan innedel och utedel", advice: "restart" },
    }),
  },
  {
    id: "mitsubishi",
    name: "Mitsubishi Electric",
    names: /\bmit?sh?[ua]b[iu]s?c?h?i|\bmitsu\b|\bkirigamine|\becodan|\bzubadan/i,
    article: "error-mitsubishi",
    note: "Koderna gäller Mitsubishi Electric (de visas på den väggmonterade kontrollen; väggaggregat utan en sådan blinkar i stället med driftlampan). Mitsubishi Heavy Industries har andra koder.",
    codes: table({
      E0: { meaning: "kommunikationsfel mellan den väggmonterade fjärrkontrollen och innedelen", advice: "remote" },
      E3: { meaning: "fjärrkontrollen kan inte skicka till innedelen (kommunikationsfel)", advice: "remote" },
      E4: { meaning: "innedelen får inga signaler från den väggmonterade fjärrkontrollen", advice: "remote" },
      E5: { meaning: "kommunikationsfel mellan den väggmonterade fjärrkontrollen och innedelen", advice: "remote" },
      E6: { meaning: "kommunikationsfel mellan innedel och utedel (innedelen får inga signaler från utedelen)", advice: "restart" },
      E7: { meaning: "kommunikationsfel mellan innedel och utedel (innedelen kan inte skicka)", advice: "restart" },
      P8: { meaning: "onormal temperatur på innedelens rörgivare", advice: "filters" },
      U2: { meaning: "för hög temperatur i kompressorn, ofta av för lite köldmedium", advice: "refrigerant" },
    }),
  },
  {
    id: "panasonic",
    name: "Panasonic",
    names: /\bpana(s|ss)oni[ck]|\bflagship\b|\blz\d*\b|\betherea|\baquarea/i,
    article: "error-panasonic",
    codes: table({
      H11: { meaning: "kommunikationsfel mellan innedel och utedel", advice: "restart" },
      H14: { meaning: "fel på innedelens givare för luftintaget", advice: "restart" },
      H15: { meaning: "fel på kompressorns temperaturgivare i utedelen", advice: "restart" },
      H16: { meaning: "fel på strömmätningen (strömtransformatorn) i utedelen", advice: "restart" },
      H19: { meaning: "innedelens fläktmotor har låst sig", advice: "restart" },
      H23: { meaning: "fel på temperaturgivaren i innedelens värmeväxlare", advice: "restart" },
      H99: { meaning: "frysskydd i innedelen vid kyla, oftast av igensatta filter eller för lite köldmedium", advice: "filters" },
      F96: { meaning: "effektmodulen (IPM) i utedelen har blivit för varm", advice: "outdoor-fan" },
      F97: { meaning: "kompressorn har blivit för varm, ofta av för lite köldmedium", advice: "refrigerant" },
      F98: { meaning: "för hög total strömförbrukning: pumpen har stängt av sig som skydd", advice: "compressor" },
      F99: { meaning: "strömtopp i utedelens styrning (kompressor eller kretskort)", advice: "compressor" },
    }),
  },
  {
    id: "samsung",
    name: "Samsung",
    names: /\bsam?sung|\bwind-?free/i,
    article: "error-samsung-lg",
    codes: table({
      E101: { meaning: "kommunikationsfel mellan innedel och utedel", advice: "restart" },
      E121: { meaning: "fel på innedelens rumstemperaturgivare", advice: "restart" },
      E122: { meaning: "fel på temperaturgivaren i innedelens värmeväxlare", advice: "restart" },
      E154: { meaning: "fel på innedelens fläktmotor", advice: "restart" },
      E458: { meaning: "fel på utedelens fläkt", advice: "outdoor-fan" },
      E461: { meaning: "kompressorn kunde inte starta", advice: "compressor" },
      E554: { meaning: "utedelen har upptäckt ett köldmedieläckage", advice: "refrigerant" },
    }),
  },
  {
    id: "lg",
    name: "LG",
    names: /\blg\b/i,
    article: "error-samsung-lg",
    codes: table({
      CH01: { meaning: "fel på innedelens rumstemperaturgivare", advice: "restart" },
      CH02: { meaning: "fel på innedelens rörgivare", advice: "restart" },
      CH05: { meaning: "kommunikationsfel mellan innedel och utedel", advice: "restart" },
      CH10: { meaning: "innedelens fläktmotor har låst sig eller går inte", advice: "restart" },
    }),
  },
  { id: "toshiba", name: "Toshiba", names: /\bto(s|sc)?hiba|\bhaori|\bdaiseikai|\bshorai|\bseiya/i, article: "error-toshiba", codes: {} },
  { id: "nibe", name: "Nibe", names: /\bnibe\b/i, article: "error-nibe", codes: {} },
  { id: "ivt", name: "IVT", names: /\bivt\b/i, article: "error-ivt-thermia", codes: {} },
  { id: "thermia", name: "Thermia", names: /\bthermia\b/i, article: "error-ivt-thermia", codes: {} },
  { id: "qvantum", name: "Qvantum", names: /\bqvantum\b/i, article: "error-ivt-thermia", codes: {} },
];

/**
 * Brands the knowledge base has no codes for. A customer who names one is told so, instead of being
 * asked for the brand they already gave. Mitsubishi Heavy is checked before Mitsubishi (Electric).
 */
const OTHER_BRANDS =
  /\b(mitsubishi heavy|mhi|fujitsu|bosch|ctc|gree|midea|electrolux|hitachi|haier|sharp|vaillant|viessmann|innova|indol|hisense|carrier|argo|sanyo|zibro|rotenso|chofu)\b/i;

export type NamedBrand = { known: Brand } | { other: string };

/** The brand a text names, if any: one of ours (the first named), or another one we have no codes for. */
export function brandIn(text: string): NamedBrand | null {
  const other = OTHER_BRANDS.exec(text)?.[1];
  if (other && /^(mitsubishi heavy|mhi)$/i.test(other)) return { other: "Mitsubishi Heavy Industries" };
  const ours = BRANDS.map((brand) => ({ brand, at: text.search(brand.names) }))
    .filter((named) => named.at >= 0)
    .sort((a, b) => a.at - b.at)[0];
  if (ours) return { known: ours.brand };
  return other ? { other: other.length <= 3 ? other.toUpperCase() : other[0].toUpperCase() + other.slice(1).toLowerCase() } : null;
}

/**
 * An error code in a text ("E5", "e5", "H15", "U4", "CH05", "E101"), normalised. Only the letters
 * error codes use (not R32 or R410A, the refrigerants), and three digits only after E (Samsung's
 * E101; Nibe's F730 and F2040 are models). Written apart ("E 5", "ch 10") it counts only beside a
 * word about codes or displays.
 */
export function codeIn(text: string): string | null {
  for (const match of text.matchAll(/(?<![\p{L}\p{N}])(ch|[acefhjlpu])([\s-]?)(\d{1,3})(?![\p{L}\p{N}])/giu)) {
    if (match[2] && match[1].length === 1 && !CODE_CONTEXT.test(text)) continue;
    if (match[3].length === 3 && match[1].toLowerCase() !== "e") continue;
    if (UNIT_AFTER.test(text.slice(match.index + match[0].length))) continue; // "a 5 kr", "h 2 timmar"
    return normaliseCode(`${match[1]}${match[3]}`);
  }
  return null;
}

const CODE_CONTEXT = /kod|fel|display|visar|blink|lampa|larm|error|står/i;
const UNIT_AFTER = /^\s*(kr\b|kronor|tim|min\b|minut|grad|°|%|år\b|st\b|m\b|cm\b|mm\b|kw|kg\b)/i;

/** The meaning of `code` on `brand`, or null when its documentation is not in the knowledge base. */
export function codeOn(brand: Brand, code: string): DocumentedCode | null {
  return brand.codes[normaliseCode(code)] ?? null;
}

/** Every brand that documents `code`, with what it means there. */
export function brandsWithCode(code: string): { brand: Brand; meaning: DocumentedCode }[] {
  return BRANDS.flatMap((brand) => {
    const meaning = codeOn(brand, code);
    return meaning ? [{ brand, meaning }] : [];
  });
}
