import { describe, expect, it } from "vitest";
import { OCR_MAX_LENGTH, OCR_MIN_LENGTH, hasValidLuhnCheckDigit, isValidOcr, luhnCheckDigit, ocrWithLengthDigit } from "./ocr";

/** Every reference that differs from `ocr` in exactly one digit. */
function singleDigitChanges(ocr: string): string[] {
  return [...ocr].flatMap((digit, i) =>
    "0123456789"
      .split("")
      .filter((other) => other !== digit)
      .map((other) => `${ocr.slice(0, i)}${other}${ocr.slice(i + 1)}`),
  );
}

describe("luhnCheckDigit", () => {
  it.each([
    ["123457", 4], // research notes §4: 5 + 5 + 8 + 3 + 4 + 1 = 26
    ["12345", 5], // 1 + 4 + 6 + 2 + 2 = 15
    ["163697", 6],
    ["121212121", 2], // 19121212-1212
    ["0", 0],
    ["00", 0],
    ["5", 9], // 5 × 2 = 10 → 1
    ["9", 1], // 9 × 2 = 18 → 9
    ["18", 2], // 8 × 2 = 16 → 7, + 1
    ["91", 9], // 1 × 2 = 2, + 9 (weight 1: not doubled) = 11
    ["4", 2],
    ["2", 6],
  ])("%s → %i", (digits, check) => {
    expect(luhnCheckDigit(digits)).toBe(check);
  });

  it.each(["", "12a", "1 2", "-1", "1.5"])("refuses %j", (digits) => {
    expect(() => luhnCheckDigit(digits)).toThrow(new RangeError(`digits must be digits only, got '${digits}'`));
  });
});

describe("hasValidLuhnCheckDigit", () => {
  it.each([
    ["1234574", true],
    ["123455", true],
    ["1212121212", true],
    ["00", true],
    ["1234575", false],
    ["1212121213", false],
    ["0", false],
    ["", false],
    ["12345a", false],
    ["12a4", false],
  ])("%j: %s", (digits, valid) => {
    expect(hasValidLuhnCheckDigit(digits)).toBe(valid);
  });
});

describe("ocrWithLengthDigit", () => {
  it.each([
    ["12345", "1234574"], // research notes §4
    ["1", "133"],
    ["1001", "100164"],
    ["12345678", "1234567806"], // length 10: the length digit is 0
    ["123456789", "12345678911"], // length 11: 1
    ["12345678901234567890123", "1234567890123456789012357"], // 25 digits, the most
  ])("%s → %s", (base, ocr) => {
    expect(ocrWithLengthDigit(base)).toBe(ocr);
    expect(isValidOcr(ocr, { lengthDigit: true })).toBe(true);
  });

  it("refuses a base that would make the reference longer than 25 digits", () => {
    expect(() => ocrWithLengthDigit("123456789012345678901234")).toThrow(
      new RangeError("An OCR reference has at most 25 digits; base '123456789012345678901234' is too long"),
    );
  });

  it.each(["", "12 345", "1234a", "-1"])("refuses the base %j", (base) => {
    expect(() => ocrWithLengthDigit(base)).toThrow(new RangeError(`base must be digits only, got '${base}'`));
  });
});

describe("isValidOcr", () => {
  it("accepts 2-25 digits", () => {
    expect([OCR_MIN_LENGTH, OCR_MAX_LENGTH]).toEqual([2, 25]);
  });

  it.each([
    ["1234574", true, true],
    ["123455", true, false], // without a length digit: 5 is not 6's ones digit
    ["1636976", true, true], // the Bankgirot-derived vector
    ["26", true, true], // 2 digits, length digit 2
    ["00", true, false],
    ["1234567806", true, true],
  ])("%s: valid %s, with a length digit %s", (ocr, valid, withLengthDigit) => {
    expect(isValidOcr(ocr)).toBe(valid);
    expect(isValidOcr(ocr, { lengthDigit: false })).toBe(valid);
    expect(isValidOcr(ocr, { lengthDigit: true })).toBe(withLengthDigit);
  });

  it.each(["1234574", "123455", "1636976", "1234567890123456789012357"])("detects every single-digit change of %s", (ocr) => {
    for (const changed of singleDigitChanges(ocr)) expect(isValidOcr(changed), changed).toBe(false);
  });

  it("refuses a right check digit with a wrong length digit", () => {
    // 1234 + length digit 6 (not 7) + its own check digit: the check digit is right, the length is not.
    const wrongLength = `123456${luhnCheckDigit("123456")}`;
    expect(isValidOcr(wrongLength)).toBe(true);
    expect(isValidOcr(wrongLength, { lengthDigit: true })).toBe(false);
  });

  it("refuses 1 digit and 26 digits even with a right check digit", () => {
    expect(isValidOcr("0")).toBe(false);
    const twentySix = `1234567890123456789012345${luhnCheckDigit("1234567890123456789012345")}`;
    expect(twentySix).toHaveLength(26);
    expect(isValidOcr(twentySix)).toBe(false);
    const twentyFive = `123456789012345678901234${luhnCheckDigit("123456789012345678901234")}`;
    expect(isValidOcr(twentyFive)).toBe(true);
  });

  it.each(["", "1234 574", " 1234574", "1234574 ", "123457a", "-1234574", "12345.74"])("refuses %j", (ocr) => {
    expect(isValidOcr(ocr)).toBe(false);
    expect(isValidOcr(ocr, { lengthDigit: true })).toBe(false);
  });
});
