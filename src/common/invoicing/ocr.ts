// Bankgirot OCR references (research notes §4). The last digit is a modulus-10 (Luhn) check digit [A].
// With a length digit (the ones digit of the whole reference's length, second to last) a reference
// passes every control level a bank agreement can set: soft, hard and variable length [A], so the
// app's references carry one. Source: Bankgirot "OCR-referenskontroll".

/** 2-25 digits: enforced by Bankgirot's own test page script (reproduced in the ocrgenerator package's tests) [S]. */
export const OCR_MIN_LENGTH = 2;
export const OCR_MAX_LENGTH = 25;

const DIGITS = /^\d+$/;

function requireDigits(text: string, name: string): void {
  if (!DIGITS.test(text)) throw new RangeError(`${name} must be digits only, got '${text}'`);
}

/**
 * The modulus-10 check digit of a body of digits: from the right, weights 2, 1, 2, 1, …; the digits of
 * each product are added (14 → 1 + 4); check digit = (10 − sum mod 10) mod 10. The same algorithm
 * checks personnummer and organisationsnummer. Throws RangeError unless `digits` is one or more digits.
 */
export function luhnCheckDigit(digits: string): number {
  requireDigits(digits, "digits");
  let total = 0;
  for (let fromRight = 0; fromRight < digits.length; fromRight++) {
    const product = Number(digits[digits.length - 1 - fromRight]) * (fromRight % 2 === 0 ? 2 : 1);
    total += product > 9 ? product - 9 : product;
  }
  return (10 - (total % 10)) % 10;
}

/** True when the last digit of `digits` is the check digit of the ones before it. */
export function hasValidLuhnCheckDigit(digits: string): boolean {
  return DIGITS.test(digits) && digits.length >= 2 && luhnCheckDigit(digits.slice(0, -1)) === Number(digits.slice(-1));
}

/**
 * An OCR reference made from `base` (e.g. the invoice number): base + length digit + check digit,
 * where the length digit is (base.length + 2) mod 10. '12345' → '1234574'. Throws RangeError unless
 * `base` is 1-23 digits (the reference is then 3-25).
 */
export function ocrWithLengthDigit(base: string): string {
  requireDigits(base, "base");
  if (base.length + 2 > OCR_MAX_LENGTH) throw new RangeError(`An OCR reference has at most ${OCR_MAX_LENGTH} digits; base '${base}' is too long`);
  const body = `${base}${(base.length + 2) % 10}`;
  return `${body}${luhnCheckDigit(body)}`;
}

/**
 * True for a reference Bankgirot accepts: 2-25 digits (nothing else, no spaces) ending in the right
 * check digit, and, with `lengthDigit`, whose second-to-last digit is its length's ones digit.
 */
export function isValidOcr(ocr: string, options: { lengthDigit?: boolean } = {}): boolean {
  if (!DIGITS.test(ocr) || ocr.length < OCR_MIN_LENGTH || ocr.length > OCR_MAX_LENGTH) return false;
  if (options.lengthDigit && Number(ocr[ocr.length - 2]) !== ocr.length % 10) return false;
  return luhnCheckDigit(ocr.slice(0, -1)) === Number(ocr[ocr.length - 1]);
}
