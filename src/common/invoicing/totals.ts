// An invoice's amounts from its lines (issue 25 design, "Money"): line nets, VAT per rate, the
// labour cost ROT is based on, the ROT deduction per buyer and the amount to pay in whole kronor.
// The server stores what this returns and the client previews it, so both show the same öre.
import { floorDiv, floorToWholeKronor, quantityToHundredths, roundHalfUpDiv, roundToWholeKronor } from "./money";
import { ROT_STANDARD_LABOUR_SHARE, VAT_RATES, isVatRate, type RotBasis, type VatRate } from "./tax-rules";

export type InvoiceLineInput = {
  description: string;
  /** At most 2 decimals. */
  quantity: number;
  unit: string;
  /** Excluding VAT; negative only on credit notes. */
  unitPriceOre: number;
  vatRate: VatRate;
  /** Work that counts towards ROT (material and travel do not). */
  labour: boolean;
  /**
   * A discount on the line, whole percent 0–100 (issue 26: a service agreement's repair discount on
   * labour lines); the ROT basis and the VAT are on the discounted amount. Missing is 0.
   */
  discountPercent?: number;
};

export type RotBuyerInput = {
  /** The buyer's share of the labour cost, whole percent; the shares add up to 100. */
  sharePercent: number;
  /** What is left of the buyer's yearly ROT cap (ROT_PERIODS' capPerPersonOre less what the buyer has used). */
  remainingCapOre: number;
};

export type RotRequest = {
  basis: RotBasis;
  /** rotRuleOn(date).ratePercent, whole percent. */
  ratePercent: number;
  /** One buyer, or two who share the cost (each files a case of their own). */
  buyers: RotBuyerInput[];
};

export type VatAmount = { rate: VatRate; netOre: number; vatOre: number };

export type InvoiceTotals = {
  netOre: number;
  /** The rates that occur on the invoice, in VAT_RATES' order (25, 12, 6, 0). */
  vatByRate: VatAmount[];
  vatOre: number;
  /** Net + VAT. */
  totalOre: number;
  /** The labour cost including VAT that ROT is based on (from the labour lines unless a standard share is asked for). */
  labourInclVatOre: number;
  /** The ROT deduction, whole kronor; 0 without ROT. */
  rotOre: number;
  /** Each buyer's part of rotOre, in the order of the request's buyers; empty without ROT. */
  rotPerBuyerOre: number[];
  toPayBeforeRoundingOre: number;
  /** toPayOre − toPayBeforeRoundingOre (−49 … +50 öre; −50 … +49 on a credit note), booked on 3740. */
  roundingOre: number;
  /** Whole kronor. */
  toPayOre: number;
};

function requireValidLine(line: InvoiceLineInput): void {
  if (!isVatRate(line.vatRate)) throw new RangeError(`Unknown VAT rate ${line.vatRate}`);
  if (!Number.isSafeInteger(line.unitPriceOre)) throw new RangeError(`unitPriceOre must be whole öre, got ${line.unitPriceOre}`);
  const discount = line.discountPercent ?? 0;
  if (!Number.isInteger(discount) || discount < 0 || discount > 100) throw new RangeError(`Invalid discount ${discount} %`);
}

/** A line's amount before its discount, excluding VAT: quantity in hundredths × unit price, rounded half away from zero to the öre. */
export function lineGrossOre(line: Pick<InvoiceLineInput, "quantity" | "unitPriceOre">): number {
  return roundHalfUpDiv(quantityToHundredths(line.quantity) * line.unitPriceOre, 100);
}

/** The line's discount in öre (positive on an invoice), rounded half away from zero. */
export function lineDiscountOre(line: Pick<InvoiceLineInput, "quantity" | "unitPriceOre" | "discountPercent">): number {
  return roundHalfUpDiv(lineGrossOre(line) * (line.discountPercent ?? 0), 100);
}

/** A line's amount excluding VAT: its gross less its discount. */
export function lineNetOre(line: Pick<InvoiceLineInput, "quantity" | "unitPriceOre" | "discountPercent">): number {
  return lineGrossOre(line) - lineDiscountOre(line);
}

/** The VAT on an amount at a rate, rounded half away from zero to the öre. */
export function vatOnOre(netOre: number, rate: VatRate): number {
  return roundHalfUpDiv(netOre * rate, 100);
}

/** The lines' nets summed per rate, for the rates that occur, in VAT_RATES' order. */
function netsByRate(lines: InvoiceLineInput[]): { rate: VatRate; netOre: number }[] {
  return VAT_RATES.filter((rate) => lines.some((line) => line.vatRate === rate)).map((rate) => ({
    rate,
    netOre: sum(lines.filter((line) => line.vatRate === rate).map(lineNetOre)),
  }));
}

function sum(values: number[]): number {
  return values.reduce((total, value) => total + value, 0);
}

/** VAT per rate: computed on each rate's summed nets, not line by line, so it is rounded once per rate. */
export function vatByRate(lines: InvoiceLineInput[]): VatAmount[] {
  return netsByRate(lines).map(({ rate, netOre }) => ({ rate, netOre, vatOre: vatOnOre(netOre, rate) }));
}

/**
 * The labour cost including VAT: the labour lines' nets per rate plus that rate's VAT on them, or,
 * for a standard share (schablon), that share of the whole invoice total including VAT.
 */
export function labourInclVatOre(lines: InvoiceLineInput[], totalOre: number, basis: RotBasis): number {
  if (basis !== "lines") return roundHalfUpDiv(totalOre * ROT_STANDARD_LABOUR_SHARE[basis], 100);
  return sum(netsByRate(lines.filter((line) => line.labour)).map(({ rate, netOre }) => netOre + vatOnOre(netOre, rate)));
}

function requireValidRot(rot: RotRequest): void {
  const { ratePercent, buyers } = rot;
  if (!Number.isInteger(ratePercent) || ratePercent < 0 || ratePercent > 100) throw new RangeError(`ROT rate must be 0-100 %, got ${ratePercent}`);
  if (buyers.length < 1 || buyers.length > 2) throw new RangeError(`ROT needs 1 or 2 buyers, got ${buyers.length}`);
  if (buyers.some((b) => !Number.isInteger(b.sharePercent) || b.sharePercent < 0)) throw new RangeError("Each buyer's share must be a whole percent ≥ 0");
  if (sum(buyers.map((b) => b.sharePercent)) !== 100) throw new RangeError("The buyers' shares must add up to 100 %");
  if (buyers.some((b) => !Number.isSafeInteger(b.remainingCapOre))) throw new RangeError("Each buyer's remaining cap must be whole öre");
}

/**
 * Splits a whole-kronor deduction between the buyers by share: each but the last gets their share
 * floored to whole kronor, the last the rest (so nothing is lost to rounding); then each part is
 * capped at the buyer's remaining cap (floored to whole kronor) and at 0.
 */
export function splitRotBetweenBuyers(requestedOre: number, buyers: RotBuyerInput[]): number[] {
  const shares = buyers.slice(0, -1).map((b) => floorDiv(requestedOre * b.sharePercent, 10_000) * 100);
  const parts = [...shares, requestedOre - sum(shares)];
  return parts.map((part, i) => Math.max(0, Math.min(part, floorToWholeKronor(buyers[i].remainingCapOre))));
}

/**
 * The ROT deduction per buyer: rate × labour cost including VAT, öre dropped (5 § HUSFL), never more
 * than the invoice total, then split and capped (splitRotBetweenBuyers).
 */
export function rotPerBuyer(labourOre: number, totalOre: number, rot: RotRequest): number[] {
  requireValidRot(rot);
  const requested = floorDiv(labourOre * rot.ratePercent, 10_000) * 100;
  return splitRotBetweenBuyers(Math.min(requested, floorToWholeKronor(totalOre)), rot.buyers);
}

/** Every amount of an invoice from its lines and, for a ROT invoice, its ROT request. */
export function computeInvoiceTotals(lines: InvoiceLineInput[], rot?: RotRequest | null): InvoiceTotals {
  lines.forEach(requireValidLine);
  const byRate = vatByRate(lines);
  const netOre = sum(byRate.map((r) => r.netOre));
  const vatOre = sum(byRate.map((r) => r.vatOre));
  const totalOre = netOre + vatOre;
  const labourOre = labourInclVatOre(lines, totalOre, rot?.basis ?? "lines");
  const rotPerBuyerOre = rot ? rotPerBuyer(labourOre, totalOre, rot) : [];
  const rotOre = sum(rotPerBuyerOre);
  const toPayBeforeRoundingOre = totalOre - rotOre;
  const toPayOre = roundToWholeKronor(toPayBeforeRoundingOre);
  return {
    netOre,
    vatByRate: byRate,
    vatOre,
    totalOre,
    labourInclVatOre: labourOre,
    rotOre,
    rotPerBuyerOre,
    toPayBeforeRoundingOre,
    roundingOre: toPayOre - toPayBeforeRoundingOre,
    toPayOre,
  };
}
