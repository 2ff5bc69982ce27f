// Money as integer öre and quantities as integer hundredths (issue 25 design): no float ever takes
// part in the arithmetic, so the server, the browser and the PDF agree to the öre. Division is done
// on BigInt so that a half is seen exactly even where a float quotient would round.

/** Throws RangeError unless `value` is an integer a float holds exactly (|value| < 2^53). */
function requireSafeInteger(value: number, name: string): void {
  if (!Number.isSafeInteger(value)) throw new RangeError(`${name} must be an integer below 2^53 in size, got ${value}`);
}

function requireDivisor(denominator: number): void {
  requireSafeInteger(denominator, "denominator");
  if (denominator === 0) throw new RangeError("denominator must not be 0");
}

/** `-0` as `0`, so that results compare equal with Object.is (and print without a sign). */
function withoutNegativeZero(value: number): number {
  return value === 0 ? 0 : value;
}

/**
 * numerator / denominator rounded to an integer, halves away from zero: 250/100 → 3 and −250/100 → −3
 * (the VAT and line-amount rule, mirrored for credit notes). Exact for integers below 2^53 in size;
 * throws RangeError for anything else and for a zero denominator.
 */
export function roundHalfUpDiv(numerator: number, denominator: number): number {
  requireSafeInteger(numerator, "numerator");
  requireDivisor(denominator);
  const n = BigInt(numerator);
  const d = BigInt(denominator);
  const absN = n < 0n ? -n : n;
  const absD = d < 0n ? -d : d;
  const quotient = absN / absD + (2n * (absN % absD) >= absD ? 1n : 0n);
  // A BigInt has no −0, so neither has the result.
  return Number(n < 0n !== d < 0n ? -quotient : quotient);
}

/** The largest integer ≤ numerator / denominator (towards minus infinity, also for negatives); exact like roundHalfUpDiv. */
export function floorDiv(numerator: number, denominator: number): number {
  requireSafeInteger(numerator, "numerator");
  requireDivisor(denominator);
  const n = BigInt(numerator);
  const d = BigInt(denominator);
  const truncated = n / d;
  // BigInt division truncates towards zero: one less when the exact quotient is negative and not whole.
  return Number(n % d !== 0n && n < 0n !== d < 0n ? truncated - 1n : truncated);
}

/** Öre down to whole kronor, towards minus infinity: 12 399 → 12 300 (ROT amounts drop their öre, 5 § HUSFL). */
export function floorToWholeKronor(ore: number): number {
  return floorDiv(ore, 100) * 100;
}

/** Öre to the nearest whole krona, 50 öre up (lag 1970:1029 2 §), mirrored for negatives: −1 250 → −1 300. */
export function roundToWholeKronor(ore: number): number {
  return roundHalfUpDiv(ore, 100) * 100;
}

/** A quantity (at most 2 decimals, as the design allows) as integer hundredths: 2.5 → 250, 0.29 → 29. */
export function quantityToHundredths(quantity: number): number {
  if (!Number.isFinite(quantity)) throw new RangeError(`quantity must be a finite number, got ${quantity}`);
  return withoutNegativeZero(Math.round(quantity * 100));
}

// Whole part: plain digits, or groups of three after the first 1-3 digits ("1 234 567"), separated by
// any one space (a typed space, a non-breaking one or a narrow one, as copied from a PDF or Intl).
// Then at most two decimals after a comma or a point. Nothing else: "1.234,50" is ambiguous, so refused.
const DECIMAL_NUMBER = /^(\d{1,3}(?:\s\d{3})+|\d+)(?:[.,](\d{1,2}))?$/;
const MINUS = /^[-\u2212]\s*/;
const KRONOR_SUFFIX = /\s*kr$/i;

/** An unsigned decimal with at most two decimals as hundredths, or null. */
function parseHundredths(text: string): number | null {
  const m = DECIMAL_NUMBER.exec(text);
  if (!m) return null;
  const whole = Number(m[1].replace(/\s/g, ""));
  const hundredths = whole * 100 + Number((m[2] ?? "").padEnd(2, "0"));
  return Number.isSafeInteger(hundredths) ? hundredths : null;
}

/**
 * A kronor amount as typed ("1 234,50", "1234.5", "1234", "-50", "1 234,50 kr") in öre, or null
 * when it is not a number with at most two decimals. A leading minus (or '−') is allowed: unit prices
 * are negative on credit notes; whether a sign is acceptable where it is typed is the form's rule.
 */
export function parseKronor(text: string): number | null {
  const trimmed = text.trim().replace(KRONOR_SUFFIX, "");
  const negative = MINUS.test(trimmed);
  const ore = parseHundredths(trimmed.replace(MINUS, ""));
  if (ore === null) return null;
  return negative ? withoutNegativeZero(-ore) : ore;
}

/** A quantity as typed ("2", "2,5", "0.25", "1 000") in hundredths (250 for 2,5), or null; no sign, at most two decimals. */
export function parseQuantity(text: string): number | null {
  return parseHundredths(text.trim());
}

// A regular space groups the thousands (as the app's own texts write "2 500 kr"): the PDF's fonts
// hold only Latin-1, and a plain space is what people type back. The minus is '-' for the same reason.
const THOUSANDS = /\B(?=(\d{3})+(?!\d))/g;

function groupThousands(digits: string): string {
  return digits.replace(THOUSANDS, " ");
}

/** "1 234,50 kr" for 123 450 öre; "-0,05 kr" for −5. Always two decimals. */
export function formatOre(ore: number): string {
  requireSafeInteger(ore, "ore");
  const abs = Math.abs(ore);
  const oreOfKrona = abs % 100;
  const kronor = (abs - oreOfKrona) / 100;
  return `${ore < 0 ? "-" : ""}${groupThousands(String(kronor))},${String(oreOfKrona).padStart(2, "0")} kr`;
}

/** Whole kronor, "1 235 kr" for 123 450 öre: öre are rounded to the nearest krona first (50 up, mirrored for negatives). */
export function formatKronor(ore: number): string {
  const kronor = roundHalfUpDiv(ore, 100);
  return `${kronor < 0 ? "-" : ""}${groupThousands(String(Math.abs(kronor)))} kr`;
}

/** A quantity as Swedish text without needless decimals: 2.5 → "2,5", 1000 → "1 000", 0.25 → "0,25". */
export function formatQuantity(quantity: number): string {
  const hundredths = quantityToHundredths(quantity);
  const abs = Math.abs(hundredths);
  const fraction = abs % 100;
  const whole = groupThousands(String((abs - fraction) / 100));
  const decimals = fraction === 0 ? "" : `,${String(fraction).padStart(2, "0").replace(/0$/, "")}`;
  return `${hundredths < 0 ? "-" : ""}${whole}${decimals}`;
}
