import { describe, expect, it } from "vitest";
import {
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

const MAX = Number.MAX_SAFE_INTEGER;

describe("roundHalfUpDiv", () => {
  it.each([
    [250, 100, 3],
    [249, 100, 2],
    [251, 100, 3],
    [200, 100, 2],
    [-250, 100, -3],
    [-249, 100, -2],
    [-251, 100, -3],
    [250, -100, -3],
    [-250, -100, 3],
    [249, -100, -2],
    [1, 2, 1],
    [-1, 2, -1],
    [1, 3, 0],
    [2, 3, 1],
    [-2, 3, -1],
    [5, 2, 3],
    [7, 1, 7],
    [-7, 1, -7],
    [0, 7, 0],
    [49, 100, 0],
    [50, 100, 1],
    [99, 100, 1],
    [149, 100, 1],
    [150, 100, 2],
  ])("%i / %i → %i", (numerator, denominator, expected) => {
    expect(roundHalfUpDiv(numerator, denominator)).toBe(expected);
  });

  it("never returns −0", () => {
    expect(Object.is(roundHalfUpDiv(-1, 100), 0)).toBe(true);
    expect(Object.is(roundHalfUpDiv(-49, 100), 0)).toBe(true);
    expect(Object.is(roundHalfUpDiv(0, -5), 0)).toBe(true);
  });

  it("is exact up to 2^53 where a float quotient would round the wrong way", () => {
    // MAX/3 is …330.33; as a float it becomes …330.5, which Math.round would take up.
    expect(roundHalfUpDiv(MAX, 3)).toBe(3002399751580330);
    expect(roundHalfUpDiv(-MAX, 3)).toBe(-3002399751580330);
    expect(roundHalfUpDiv(MAX, 2)).toBe(4503599627370496);
    expect(roundHalfUpDiv(MAX, 1)).toBe(MAX);
    expect(roundHalfUpDiv(MAX, MAX)).toBe(1);
  });

  it.each([
    [1.5, 1, "numerator must be an integer below 2^53 in size, got 1.5"],
    [MAX + 1, 1, "numerator must be an integer below 2^53 in size, got 9007199254740992"],
    [Number.NaN, 1, "numerator must be an integer below 2^53 in size, got NaN"],
    [1, 0.5, "denominator must be an integer below 2^53 in size, got 0.5"],
    [1, Number.POSITIVE_INFINITY, "denominator must be an integer below 2^53 in size, got Infinity"],
    [1, 0, "denominator must not be 0"],
  ])("refuses %s / %s", (numerator, denominator, message) => {
    expect(() => roundHalfUpDiv(numerator, denominator)).toThrow(new RangeError(message));
  });
});

describe("floorDiv", () => {
  it.each([
    [7, 2, 3],
    [6, 2, 3],
    [-7, 2, -4],
    [-6, 2, -3],
    [7, -2, -4],
    [-7, -2, 3],
    [1, 100, 0],
    [99, 100, 0],
    [100, 100, 1],
    [-1, 100, -1],
    [-100, 100, -1],
    [-101, 100, -2],
    [MAX, 100, 90071992547409],
  ])("%i / %i → %i", (numerator, denominator, expected) => {
    expect(floorDiv(numerator, denominator)).toBe(expected);
  });

  it("never returns −0", () => {
    expect(Object.is(floorDiv(0, -3), 0)).toBe(true);
  });

  it("refuses what roundHalfUpDiv refuses", () => {
    expect(() => floorDiv(1, 0)).toThrow(new RangeError("denominator must not be 0"));
    expect(() => floorDiv(0.5, 1)).toThrow(new RangeError("numerator must be an integer below 2^53 in size, got 0.5"));
    expect(() => floorDiv(1, 1.5)).toThrow(new RangeError("denominator must be an integer below 2^53 in size, got 1.5"));
  });
});

describe("whole kronor", () => {
  it.each([
    [12_399, 12_300],
    [12_300, 12_300],
    [12_301, 12_300],
    [99, 0],
    [0, 0],
    [-1, -100],
    [-100, -100],
  ])("floorToWholeKronor(%i) = %i (ROT drops its öre)", (ore, expected) => {
    expect(floorToWholeKronor(ore)).toBe(expected);
  });

  it.each([
    [1_249, 1_200],
    [1_250, 1_300],
    [1_200, 1_200],
    [1_201, 1_200],
    [1_299, 1_300],
    [49, 0],
    [50, 100],
    [-1_249, -1_200],
    [-1_250, -1_300],
    [-50, -100],
    [-49, 0],
  ])("roundToWholeKronor(%i) = %i (1-49 öre down, 50-99 up, mirrored)", (ore, expected) => {
    expect(roundToWholeKronor(ore)).toBe(expected);
  });
});

describe("quantityToHundredths", () => {
  it.each([
    [2.5, 250],
    [1, 100],
    [0.01, 1],
    [0.29, 29], // 0.29 * 100 is 28.999999999999996 as a float
    [1.15, 115], // 114.99999999999999
    [10_000, 1_000_000],
    [0, 0],
    [-2.5, -250],
  ])("%f → %i", (quantity, hundredths) => {
    expect(quantityToHundredths(quantity)).toBe(hundredths);
  });

  it("never returns −0", () => {
    expect(Object.is(quantityToHundredths(-0.001), 0)).toBe(true);
  });

  it.each([Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY])("refuses %f", (quantity) => {
    expect(() => quantityToHundredths(quantity)).toThrow(new RangeError(`quantity must be a finite number, got ${quantity}`));
  });
});

describe("parseKronor", () => {
  it.each([
    ["1 234,50", 123_450],
    ["1234.5", 123_450],
    ["1234,5", 123_450],
    ["1234", 123_400],
    ["1 234", 123_400],
    ["1\u00a0234,50", 123_450],
    ["1\u202f234,50", 123_450],
    ["1 234 567,89", 123_456_789],
    ["12 345,67", 1_234_567],
    ["123 456", 12_345_600],
    ["0,05", 5],
    ["0.5", 50],
    ["12,30", 1_230],
    ["0", 0],
    ["007", 700],
    ["  100  ", 10_000],
    ["100 kr", 10_000],
    ["100kr", 10_000],
    ["1 234,50 KR", 123_450],
    ["1 234,50\u00a0kr", 123_450],
    ["-50", -5_000],
    ["−50,5", -5_050],
    ["- 1 234,50", -123_450],
    ["90071992547409,91", MAX],
  ])("%j → %i öre", (text, ore) => {
    expect(parseKronor(text)).toBe(ore);
  });

  it("reads −0 as 0", () => {
    expect(Object.is(parseKronor("-0"), 0)).toBe(true);
    expect(Object.is(parseKronor("-0,00"), 0)).toBe(true);
  });

  it.each([
    "",
    " ",
    "abc",
    "kr",
    "1,234",
    "1.234,50",
    "1,234.50",
    "12 34",
    "1234 567",
    "1 2345",
    "1  234",
    ",5",
    "5,",
    "5.",
    "1e3",
    "0x10",
    "Infinity",
    "--5",
    "+5",
    "5-",
    "5 kr kr",
    "kr 5",
    "5kr0",
    "1,2,3",
    "90071992547409,92",
    "99999999999999999999",
  ])("refuses %j", (text) => {
    expect(parseKronor(text)).toBeNull();
  });
});

describe("parseQuantity", () => {
  it.each([
    ["2", 200],
    ["2,5", 250],
    ["0.25", 25],
    ["8", 800],
    ["1 000", 100_000],
    [" 3 ", 300],
    ["0,01", 1],
    ["10 000", 1_000_000],
  ])("%j → %i hundredths", (text, hundredths) => {
    expect(parseQuantity(text)).toBe(hundredths);
  });

  it.each(["", "-1", "1,255", "st", "2 st", "2 kr", "1e2", ".5"])("refuses %j", (text) => {
    expect(parseQuantity(text)).toBeNull();
  });
});

describe("formatOre", () => {
  it.each([
    [123_450, "1 234,50 kr"],
    [0, "0,00 kr"],
    [5, "0,05 kr"],
    [50, "0,50 kr"],
    [99, "0,99 kr"],
    [100, "1,00 kr"],
    [99_999, "999,99 kr"],
    [100_000, "1 000,00 kr"],
    [123_456_789, "1 234 567,89 kr"],
    [-5, "-0,05 kr"],
    [-123_450, "-1 234,50 kr"],
    [MAX, "90 071 992 547 409,91 kr"],
  ])("%i → %j", (ore, text) => {
    expect(formatOre(ore)).toBe(text);
  });

  it("reads back what it writes", () => {
    for (const ore of [0, 7, 123_450, -98_765_432, MAX]) expect(parseKronor(formatOre(ore))).toBe(ore);
  });

  it("refuses a fraction of an öre", () => {
    expect(() => formatOre(1.5)).toThrow(new RangeError("ore must be an integer below 2^53 in size, got 1.5"));
  });
});

describe("formatKronor", () => {
  it.each([
    [123_450, "1 235 kr"],
    [123_449, "1 234 kr"],
    [123_400, "1 234 kr"],
    [0, "0 kr"],
    [49, "0 kr"],
    [50, "1 kr"],
    [-40, "0 kr"],
    [-50, "-1 kr"],
    [-123_450, "-1 235 kr"],
    [99_900, "999 kr"],
    [100_000_000, "1 000 000 kr"],
  ])("%i → %j", (ore, text) => {
    expect(formatKronor(ore)).toBe(text);
  });
});

describe("formatQuantity", () => {
  it.each([
    [2.5, "2,5"],
    [8, "8"],
    [0.25, "0,25"],
    [0.1, "0,1"],
    [0.01, "0,01"],
    [10.05, "10,05"],
    [10.5, "10,5"],
    [1_000, "1 000"],
    [1_234.5, "1 234,5"],
    [0, "0"],
    [-2, "-2"],
    [-0.5, "-0,5"],
  ])("%f → %j", (quantity, text) => {
    expect(formatQuantity(quantity)).toBe(text);
  });
});
