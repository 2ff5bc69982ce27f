// The invoice editor's form: what the fields hold (text as typed, so "1 234,50" stays as written),
// how that becomes the draft the API takes (öre, hundredths, 12-digit personal numbers), checked by
// the same schema as the server's, and the live totals by the same rule the server stores.
import type { Control } from "react-hook-form";
import { formatOre, parseKronor, parseQuantity } from "@/common/invoicing/money";
import { rotRuleOn, VAT_RATES } from "@/common/invoicing/tax-rules";
import { computeInvoiceTotals, type InvoiceLineInput, type InvoiceTotals, type RotRequest } from "@/common/invoicing/totals";
import { InvoiceDraftInputSchema, invoiceText, ROT_BASES, ROT_WORK_TYPES, type Invoice, type InvoiceDraftInput } from "@/common/schemas/invoices";
import type { InvoiceDraftPayload } from "../api/create-invoice";
import type { InvoiceFromBooking } from "../api/get-invoice-from-booking";
import { invoicesText } from "../text";
import { schemaResolver } from "../../lib/schema-resolver";

const text = invoicesText.editor;

export type RotBasis = (typeof ROT_BASES)[number];
export type RotWorkType = (typeof ROT_WORK_TYPES)[number];
export type VatRateText = `${(typeof VAT_RATES)[number]}`;

/** `discount`: whole percent as typed ("" is none). */
export type LineValues = { description: string; quantity: string; unit: string; unitPrice: string; vatRate: VatRateText; labour: boolean; discount: string };
/** `masked` is the saved number as the server shows it ('19800101-****'): a draft's buyer is retyped in full. */
export type BuyerValues = { personalNumber: string; sharePercent: string; masked: string | null };
export type RotValues = {
  basis: RotBasis;
  buyers: BuyerValues[];
  propertyKind: "house" | "flat";
  designation: string;
  associationOrgNumber: string;
  flatNumber: string;
  workType: RotWorkType;
  hours: string;
};
export type EditorValues = {
  customerId: number | null;
  bookingId: number | null;
  workDate: string;
  lines: LineValues[];
  rotEnabled: boolean;
  rot: RotValues;
};

/** The form's control as the editor's parts get it (its submit handler receives the draft payload). */
export type EditorControl = Control<EditorValues, unknown, InvoiceDraftPayload>;

export const EMPTY_LINE: LineValues = { description: "", quantity: "1", unit: "st", unitPrice: "", vatRate: "25", labour: false, discount: "" };
export const EMPTY_BUYER: BuyerValues = { personalNumber: "", sharePercent: "100", masked: null };
const emptyRot = (): RotValues => ({
  basis: "lines",
  buyers: [{ ...EMPTY_BUYER }],
  propertyKind: "house",
  designation: "",
  associationOrgNumber: "",
  flatNumber: "",
  workType: "Vvs",
  hours: "",
});

/** Öre as the price field shows it: "1 234,50" (formatOre without its " kr"). */
export function oreToKronorText(ore: number): string {
  return formatOre(ore).replace(/\s*kr$/, "");
}

/** A number as Swedish text without needless decimals: 2.5 → "2,5", 1 → "1". */
export function decimalText(value: number): string {
  return String(value).replace(".", ",");
}

function lineValues(line: Pick<InvoiceLineInput, "description" | "quantity" | "unit" | "unitPriceOre" | "vatRate" | "labour" | "discountPercent">): LineValues {
  return {
    description: line.description,
    quantity: decimalText(line.quantity),
    unit: line.unit,
    unitPrice: oreToKronorText(line.unitPriceOre),
    vatRate: String(line.vatRate) as VatRateText,
    labour: line.labour,
    discount: line.discountPercent ? String(line.discountPercent) : "",
  };
}

export function emptyEditorValues(): EditorValues {
  return { customerId: null, bookingId: null, workDate: "", lines: [{ ...EMPTY_LINE }], rotEnabled: false, rot: emptyRot() };
}

/** A new invoice for a completed visit: its service report's lines, ROT preselected when the server suggests it. */
export function valuesFromBooking(prefill: InvoiceFromBooking): EditorValues {
  return {
    customerId: prefill.customerId,
    bookingId: prefill.bookingId,
    workDate: prefill.workDate ?? "",
    lines: prefill.lines.length > 0 ? prefill.lines.map(lineValues) : [{ ...EMPTY_LINE }],
    rotEnabled: prefill.rotSuggested,
    rot: { ...emptyRot(), basis: prefill.rotBasisSuggested },
  };
}

/** A saved draft. Its buyers' personal numbers come back masked, so they must be typed again. */
export function valuesFromInvoice(invoice: Invoice): EditorValues {
  const rot = invoice.rot;
  return {
    customerId: invoice.customerId,
    bookingId: invoice.bookingId,
    workDate: invoice.workDate ?? "",
    lines:
      invoice.lines.length > 0
        ? invoice.lines.map((line) => lineValues({ ...line, vatRate: line.vatRate as InvoiceLineInput["vatRate"] }))
        : [{ ...EMPTY_LINE }],
    rotEnabled: rot !== null,
    rot: rot
      ? {
          basis: rot.basis,
          buyers: rot.buyers.map((b) => ({ personalNumber: "", sharePercent: String(b.sharePercent), masked: b.personalNumberMasked })),
          propertyKind: rot.property.kind,
          designation: rot.property.kind === "house" ? rot.property.designation : "",
          associationOrgNumber: rot.property.kind === "flat" ? rot.property.associationOrgNumber : "",
          flatNumber: rot.property.kind === "flat" ? rot.property.flatNumber : "",
          workType: rot.workType,
          hours: decimalText(rot.hours),
        }
      : emptyRot(),
  };
}

/** Hundredths typed as "2,5" → 2.5; NaN for what is not a number (the schema then gives its message). */
function parsedQuantity(value: string): number {
  const hundredths = parseQuantity(value);
  return hundredths === null ? Number.NaN : hundredths / 100;
}

/** The form's field of a line field the schema names differently. */
const FORM_FIELD_OF_LINE: Record<string, string> = { unitPriceOre: "unitPrice", discountPercent: "discount" };

/** A line's discount as typed: "" is 0, else a whole number (NaN when it is not one; the schema says so). */
function parsedDiscount(value: string): number {
  return value.trim() === "" ? 0 : parsedWholeNumber(value);
}

function parsedWholeNumber(value: string): number {
  return /^\s*\d{1,3}\s*$/.test(value) ? Number(value) : Number.NaN;
}

/** The form as the schema's input: numbers parsed (NaN when they cannot be), empty optional fields as null. */
export function toDraftInput(values: EditorValues): InvoiceDraftInput {
  const rot = values.rot;
  return {
    customerId: values.customerId ?? Number.NaN,
    bookingId: values.bookingId,
    workDate: values.workDate || null,
    lines: values.lines.map((line) => ({
      description: line.description,
      quantity: parsedQuantity(line.quantity),
      unit: line.unit,
      unitPriceOre: parseKronor(line.unitPrice) ?? Number.NaN,
      vatRate: Number(line.vatRate) as InvoiceLineInput["vatRate"],
      labour: line.labour,
      discountPercent: parsedDiscount(line.discount),
    })),
    rot: values.rotEnabled
      ? {
          basis: rot.basis,
          buyers: rot.buyers.map((b) => ({ personalNumber: b.personalNumber, sharePercent: parsedWholeNumber(b.sharePercent), name: null })),
          property:
            rot.propertyKind === "house"
              ? { kind: "house", designation: rot.designation }
              : { kind: "flat", associationOrgNumber: rot.associationOrgNumber, flatNumber: rot.flatNumber },
          workType: rot.workType,
          hours: parsedQuantity(rot.hours),
        }
      : null,
  };
}

/** The form field a schema issue belongs to (the schema's paths follow the API's shape, not the form's). */
export function formFieldOf(path: readonly PropertyKey[]): string {
  const [first, second, third, fourth] = path.map(String);
  if (first === "lines") {
    if (second === undefined) return "lines.root";
    return `lines.${second}.${FORM_FIELD_OF_LINE[third ?? ""] ?? third ?? "description"}`;
  }
  if (first === "rot") {
    if (second === "buyers") return third === undefined ? "rot.buyers.root" : `rot.buyers.${third}.${fourth ?? "personalNumber"}`;
    if (second === "property") return `rot.${third ?? "designation"}`;
    return `rot.${second ?? "basis"}`;
  }
  return first ?? "customerId";
}

/** Messages for numbers that could not be read at all (the schema's own would be about their range). */
function parseProblems(values: EditorValues): [string, string][] {
  const problems: [string, string][] = [];
  values.lines.forEach((line, i) => {
    if (line.quantity.trim() && parseQuantity(line.quantity) === null) problems.push([`lines.${i}.quantity`, text.quantityInvalid]);
  });
  if (values.rotEnabled) {
    if (values.rot.hours.trim() && parseQuantity(values.rot.hours) === null) problems.push(["rot.hours", text.hoursInvalid]);
    values.rot.buyers.forEach((b, i) => {
      if (b.sharePercent.trim() && Number.isNaN(parsedWholeNumber(b.sharePercent))) problems.push([`rot.buyers.${i}.sharePercent`, text.shareInvalid]);
    });
    // The schema checks the shares' sum only once everything else is valid: said at once here.
    const shares = values.rot.buyers.map((b) => parsedWholeNumber(b.sharePercent));
    if (shares.every((share) => !Number.isNaN(share)) && shares.reduce((sum, share) => sum + share, 0) !== 100) {
      problems.push(["rot.buyers.root", invoiceText.shareSum]);
    }
    // The server's rule (a ROT deduction on the labour lines needs one), said before saving.
    if (values.rot.basis === "lines" && !values.lines.some((line) => line.labour)) problems.push(["rot.basis", text.rotNeedsLabour]);
  }
  return problems;
}

/** Checks the form with the API's own schema and hands the submit handler the draft exactly as it is sent. */
export const editorResolver = schemaResolver<EditorValues, InvoiceDraftPayload>({
  schema: InvoiceDraftInputSchema,
  toInput: toDraftInput,
  fieldOf: formFieldOf,
  problems: parseProblems,
});

export type TotalsPreview = {
  totals: InvoiceTotals;
  /** The lines left out because their quantity or price cannot be read yet. */
  skippedLines: number;
  /** Each line's amount excluding VAT, or null when it is left out. */
  lineNetOre: (number | null)[];
  /** The yearly ROT cap per person, when ROT is on. */
  rotCapOre: number | null;
  rotRatePercent: number | null;
};

/**
 * The totals of what the form holds now, by the same rule the server computes them with: ROT at
 * today's rate, each buyer at most at the yearly cap (the server caps at what is left of it when
 * sending). Lines that cannot be read yet are left out; null when nothing can be computed.
 */
export function previewTotals(values: EditorValues, today: string): TotalsPreview | null {
  const lines: InvoiceLineInput[] = [];
  const lineNetOre: (number | null)[] = [];
  for (const line of values.lines) {
    const hundredths = parseQuantity(line.quantity);
    const priceOre = parseKronor(line.unitPrice);
    const vatRate = Number(line.vatRate) as InvoiceLineInput["vatRate"];
    const discountPercent = parsedDiscount(line.discount);
    const validDiscount = Number.isInteger(discountPercent) && discountPercent >= 0 && discountPercent <= 100;
    if (hundredths === null || hundredths <= 0 || priceOre === null || priceOre < 0 || !VAT_RATES.includes(vatRate) || !validDiscount) {
      lineNetOre.push(null);
      continue;
    }
    const input = {
      description: line.description,
      quantity: hundredths / 100,
      unit: line.unit,
      unitPriceOre: priceOre,
      vatRate,
      labour: line.labour,
      discountPercent,
    };
    lines.push(input);
    lineNetOre.push(computeInvoiceTotals([input], null).netOre);
  }
  try {
    const rule = values.rotEnabled ? rotRuleOn(today) : null;
    const rot: RotRequest | null = rule
      ? { basis: values.rot.basis, ratePercent: rule.ratePercent, buyers: previewBuyers(values.rot.buyers, rule.capPerPersonOre) }
      : null;
    return {
      totals: computeInvoiceTotals(lines, rot),
      skippedLines: lineNetOre.filter((net) => net === null).length,
      lineNetOre,
      rotCapOre: rule?.capPerPersonOre ?? null,
      rotRatePercent: rule?.ratePercent ?? null,
    };
  } catch {
    return null;
  }
}

/** The buyers as typed, or while their shares do not add up yet, one buyer with the caps of all. */
function previewBuyers(buyers: BuyerValues[], capOre: number): RotRequest["buyers"] {
  const shares = buyers.map((b) => parsedWholeNumber(b.sharePercent));
  const valid = buyers.length >= 1 && buyers.length <= 2 && shares.every((s) => Number.isInteger(s) && s >= 1) && shares.reduce((a, b) => a + b, 0) === 100;
  if (valid) return shares.map((sharePercent) => ({ sharePercent, remainingCapOre: capOre }));
  return [{ sharePercent: 100, remainingCapOre: capOre * Math.max(1, buyers.length) }];
}
