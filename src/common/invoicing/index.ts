// Invoicing rules shared by the client and the server (issue 25): pure, no I/O, no clock (`today` and
// dates are parameters). Amounts are integer öre; the Swedish figures live in tax-rules.ts only.
export {
  DEFAULT_VAT_RATE,
  PAYMENT_TERMS_DEFAULT_DAYS,
  ROT_BASES,
  ROT_BASIS_LABELS,
  ROT_PERIODS,
  ROT_STANDARD_LABOUR_SHARE,
  TAX_RULES_CHECKED,
  VAT_RATES,
  isVatRate,
  rotRuleOn,
  type RotBasis,
  type RotPeriod,
  type RotStandardBasis,
  type VatRate,
} from "./tax-rules";
export {
  floorDiv,
  floorToWholeKronor,
  formatKronor,
  formatOre,
  formatQuantity,
  parseKronor,
  parseQuantity,
  quantityToHundredths,
  roundHalfUpDiv,
  roundToWholeKronor,
} from "./money";
export {
  computeInvoiceTotals,
  labourInclVatOre,
  lineDiscountOre,
  lineGrossOre,
  lineNetOre,
  rotPerBuyer,
  splitRotBetweenBuyers,
  vatByRate,
  vatOnOre,
  type InvoiceLineInput,
  type InvoiceTotals,
  type RotBuyerInput,
  type RotRequest,
  type VatAmount,
} from "./totals";
export { OCR_MAX_LENGTH, OCR_MIN_LENGTH, hasValidLuhnCheckDigit, isValidOcr, luhnCheckDigit, ocrWithLengthDigit } from "./ocr";
export {
  PERSONAL_NUMBER_MESSAGES,
  formatOrganisationNumber,
  formatPersonalNumber,
  isValidOrganisationNumber,
  maskPersonalNumber,
  parsePersonalNumber,
  vatNumberFromOrganisationNumber,
  type PersonalNumberResult,
} from "./identity-numbers";
