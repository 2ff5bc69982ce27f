// The new agreement's form: what the fields hold (text as typed, so "2 400,50" stays as written), and
// how that becomes the body the API takes (öre, whole numbers), checked by the server's own schema.
import { parseKronor } from "@/common/invoicing/money";
import { AgreementInputSchema, type AgreementInput } from "@/common/schemas/agreements";
import type { AgreementPayload } from "../api/create-agreement";
import { schemaResolver } from "../../lib/schema-resolver";

export type AgreementFormValues = {
  customerId: number | null;
  /** The select's value: a product id as text, "" before one is chosen. */
  productId: string;
  startDate: string;
  yearlyPrice: string;
  visitsPerYear: string;
  /** "1"–"12", "" before one is chosen. */
  visitMonth: string;
  repairDiscountPercent: string;
  autoRenew: boolean;
};

export function emptyAgreementValues(today: string, prefill: { customerId: number | null; productId: number | null }): AgreementFormValues {
  return {
    customerId: prefill.customerId,
    productId: prefill.productId === null ? "" : String(prefill.productId),
    startDate: today,
    yearlyPrice: "",
    visitsPerYear: "1",
    visitMonth: "",
    repairDiscountPercent: "0",
    autoRenew: true,
  };
}

/** A whole number as typed ("10", " 2 "); NaN for anything else, so the schema gives its message. */
function wholeNumber(value: string): number {
  return /^\s*\d{1,9}\s*$/.test(value) ? Number(value) : Number.NaN;
}

/** The form as the schema's input: kronor to öre, numbers parsed (NaN when they cannot be). */
export function toAgreementInput(values: AgreementFormValues): AgreementInput {
  return {
    customerId: values.customerId ?? Number.NaN,
    productId: wholeNumber(values.productId),
    startDate: values.startDate,
    yearlyPriceOre: parseKronor(values.yearlyPrice) ?? Number.NaN,
    visitsPerYear: wholeNumber(values.visitsPerYear),
    visitMonth: wholeNumber(values.visitMonth),
    repairDiscountPercent: wholeNumber(values.repairDiscountPercent),
    autoRenew: values.autoRenew,
  };
}

const FIELDS: Record<string, keyof AgreementFormValues> = {
  customerId: "customerId",
  productId: "productId",
  startDate: "startDate",
  yearlyPriceOre: "yearlyPrice",
  visitsPerYear: "visitsPerYear",
  visitMonth: "visitMonth",
  repairDiscountPercent: "repairDiscountPercent",
  autoRenew: "autoRenew",
};

/** Checks the form with AgreementInputSchema (the server's own); the submit handler gets exactly the body to send. */
export const agreementResolver = schemaResolver<AgreementFormValues, AgreementPayload>({
  schema: AgreementInputSchema,
  toInput: toAgreementInput,
  fieldOf: (path) => FIELDS[String(path[0])] ?? "customerId",
});
