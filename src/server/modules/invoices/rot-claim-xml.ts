/**
 * Skatteverket's "begäran om utbetalning" for ROT as the XML file the e-service "Rot och rut –
 * företag" imports, schema version 6 (xsd/rot-rut-v6, research notes §3). Only ROT: the service
 * refuses a file that mixes ROT and RUT. Amounts are whole kronor, as the schema wants (5 § HUSFL
 * drops the öre); they come already computed. Input the schema, or the e-service's documented
 * checks on amounts and dates, would refuse throws here instead of making a file that fails at import.
 */

export const ROT_CLAIM_NAMESPACES = {
  begaran: "http://xmls.skatteverket.se/se/skatteverket/ht/begaran/6.0",
  komponent: "http://xmls.skatteverket.se/se/skatteverket/ht/komponent/begaran/6.0",
} as const;

export type RotClaimProperty = { kind: "house"; designation: string } | { kind: "flat"; associationOrgNumber: string; flatNumber: string };

/** One buyer's case (Arenden); two buyers of one invoice are two cases. Amounts in whole kronor. */
export type RotClaimCase = {
  /** 12 digits, century first. */
  buyerPersonalNumber: string;
  paidOn: string;
  /** PrisForArbete: this buyer's labour including VAT. */
  priceForWorkKr: number;
  /** BetaltBelopp: what the buyer paid for the labour (not for material or other costs). */
  paidKr: number;
  /** BegartBelopp: the ROT asked for. */
  claimedKr: number;
  invoiceNumber: string;
  /** Ovrigkostnad: costs that are neither labour nor material, such as travel. */
  otherCostsKr: number;
  property: RotClaimProperty;
  workType: "Vvs" | "El" | "Bygg";
  /** Whole hours: the schema has no fractions. */
  hours: number;
  materialCostKr: number;
};

export type RotClaimInput = {
  /** NamnPaBegaran, the claim's own name in the e-service: 1–16 characters. */
  name: string;
  cases: RotClaimCase[];
};

const MAX_AMOUNT = 99_999_999_999;
const MAX_COST = 9_999_999;
const MAX_HOURS = 999;
/** The e-service's limit (the schema itself leaves the number open). */
const MAX_CASES = 100;
const FIRST_PAYMENT_DATE = "2009-07-01";

/** The XML (UTF-8, with its declaration); throws an Error listing every problem with the input. */
export function writeRotClaimXml(input: RotClaimInput): string {
  const problems = claimProblems(input);
  if (problems.length > 0) throw new Error(`Rotbegäran kan inte skapas: ${problems.join("; ")}`);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<Begaran xmlns="${ROT_CLAIM_NAMESPACES.begaran}">`,
    // The root is in the begaran namespace, everything inside it in the komponent namespace.
    `  <NamnPaBegaran xmlns="${ROT_CLAIM_NAMESPACES.komponent}">${escapeXml(input.name.trim())}</NamnPaBegaran>`,
    `  <RotBegaran xmlns="${ROT_CLAIM_NAMESPACES.komponent}">`,
    ...input.cases.flatMap(caseLines),
    "  </RotBegaran>",
    "</Begaran>",
    "",
  ].join("\n");
}

/** RotArendeTYPE: ArendeTYPE's elements, then the property, then the work, in the schema's order. */
function caseLines(claim: RotClaimCase): string[] {
  const element = (name: string, value: string | number) => `      <${name}>${escapeXml(String(value))}</${name}>`;
  const invoiceNumber = claim.invoiceNumber.trim();
  return [
    "    <Arenden>",
    element("Kopare", claim.buyerPersonalNumber),
    element("BetalningsDatum", claim.paidOn),
    element("PrisForArbete", claim.priceForWorkKr),
    element("BetaltBelopp", claim.paidKr),
    element("BegartBelopp", claim.claimedKr),
    ...(invoiceNumber ? [element("FakturaNr", invoiceNumber)] : []),
    // Optional in the schema, but required whenever hours or material are given, which they always are.
    element("Ovrigkostnad", claim.otherCostsKr),
    ...(claim.property.kind === "house"
      ? [element("Fastighetsbeteckning", claim.property.designation.trim())]
      : [element("LagenhetsNr", claim.property.flatNumber.trim()), element("BrfOrgNr", orgNumberWithHyphen(claim.property.associationOrgNumber))]),
    "      <UtfortArbete>",
    `        <${claim.workType}>`,
    `          <AntalTimmar>${claim.hours}</AntalTimmar>`,
    `          <Materialkostnad>${claim.materialCostKr}</Materialkostnad>`,
    `        </${claim.workType}>`,
    "      </UtfortArbete>",
    "    </Arenden>",
  ];
}

function claimProblems(input: RotClaimInput): string[] {
  const problems = textProblems("namnet på begäran", input.name.trim(), 1, 16);
  if (input.cases.length === 0) problems.push("minst en köpare behövs");
  if (input.cases.length > MAX_CASES) problems.push(`högst ${MAX_CASES} köpare per fil (${input.cases.length})`);
  input.cases.forEach((claim, index) => problems.push(...caseProblems(claim).map((problem) => `köpare ${index + 1}: ${problem}`)));
  // The e-service takes one payment year per claim.
  const years = new Set(input.cases.map((claim) => claim.paidOn.slice(0, 4)));
  if (years.size > 1) problems.push(`betalningarna ska vara gjorda samma år (${[...years].sort().join(", ")})`);
  return problems;
}

function caseProblems(claim: RotClaimCase): string[] {
  const problems: string[] = [];
  if (!/^[0-9]{12}$/.test(claim.buyerPersonalNumber)) problems.push("personnumret ska vara 12 siffror"); // never the value: errors are logged
  if (!isDate(claim.paidOn)) problems.push(`betalningsdagen ${JSON.stringify(claim.paidOn)} är inget datum (ÅÅÅÅ-MM-DD)`);
  else if (claim.paidOn < FIRST_PAYMENT_DATE) problems.push(`betalningsdagen ${claim.paidOn} är före ${FIRST_PAYMENT_DATE}`);
  problems.push(...wholeNumberProblems("priset för arbetet", claim.priceForWorkKr, 2, MAX_AMOUNT));
  problems.push(...wholeNumberProblems("betalt belopp", claim.paidKr, 0, MAX_AMOUNT));
  problems.push(...wholeNumberProblems("begärt belopp", claim.claimedKr, 0, MAX_AMOUNT));
  problems.push(...wholeNumberProblems("övriga kostnader", claim.otherCostsKr, 0, MAX_COST));
  problems.push(...wholeNumberProblems("antal timmar", claim.hours, 0, MAX_HOURS));
  problems.push(...wholeNumberProblems("materialkostnaden", claim.materialCostKr, 0, MAX_COST));
  // The e-service's checks on the amounts (Skatteverket, "Regler för att importera fil till Rot och rut").
  if (claim.claimedKr > claim.paidKr) problems.push(`begärt belopp ${claim.claimedKr} kr är större än betalt belopp ${claim.paidKr} kr`);
  if (claim.claimedKr + claim.paidKr > claim.priceForWorkKr) {
    problems.push(`begärt + betalt belopp (${claim.claimedKr + claim.paidKr} kr) är större än priset för arbetet ${claim.priceForWorkKr} kr`);
  }
  problems.push(...textProblems("fakturanumret", claim.invoiceNumber.trim(), 0, 20));
  if (claim.property.kind === "house") {
    problems.push(...textProblems("fastighetsbeteckningen", claim.property.designation.trim(), 1, 40));
  } else {
    problems.push(...textProblems("lägenhetsnumret", claim.property.flatNumber.trim(), 1, 25));
    if (!orgNumberWithHyphen(claim.property.associationOrgNumber)) {
      problems.push(`bostadsrättsföreningens organisationsnummer ${JSON.stringify(claim.property.associationOrgNumber)} ska vara 10 siffror`);
    }
  }
  if (!["Vvs", "El", "Bygg"].includes(claim.workType)) problems.push(`okänd typ av arbete ${JSON.stringify(claim.workType)}`);
  return problems;
}

function wholeNumberProblems(label: string, value: number, min: number, max: number): string[] {
  if (!Number.isSafeInteger(value)) return [`${label} (${value}) ska vara ett heltal`];
  if (value < min || value > max) return [`${label} (${value}) ska vara ${min}–${max}`];
  return [];
}

/** Length in characters, as XML Schema counts it (not UTF-16 units), and only characters XML 1.0 allows. */
function textProblems(label: string, text: string, min: number, max: number): string[] {
  const length = [...text].length;
  if (length < min || length > max) return [`${label} ${JSON.stringify(text)} ska ha ${min}–${max} tecken (har ${length})`];
  if (![...text].every(isXmlCharacter)) return [`${label} innehåller ett tecken som inte får finnas i XML`];
  return [];
}

/** XML 1.0's Char production: no control characters but tab and line breaks, no lone surrogates. */
function isXmlCharacter(character: string): boolean {
  const code = character.codePointAt(0)!;
  return code === 0x9 || code === 0xa || code === 0xd || (code >= 0x20 && code <= 0xd7ff) || (code >= 0xe000 && code <= 0xfffd) || code >= 0x10000;
}

function isDate(date: string): boolean {
  const parsed = new Date(`${date}T00:00:00Z`);
  return /^\d{4}-\d{2}-\d{2}$/.test(date) && !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === date;
}

/** "769612-3456" from 10 digits with or without the hyphen; "" when it is not that. */
function orgNumberWithHyphen(orgNumber: string): string {
  const digits = orgNumber.trim().replace(/^(\d{6})-(\d{4})$/, "$1$2");
  return /^\d{10}$/.test(digits) ? `${digits.slice(0, 6)}-${digits.slice(6)}` : "";
}

function escapeXml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&apos;");
}
