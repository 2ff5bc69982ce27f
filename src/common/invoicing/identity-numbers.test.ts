import { describe, expect, it } from "vitest";
import {
  PERSONAL_NUMBER_MESSAGES,
  formatOrganisationNumber,
  formatPersonalNumber,
  isValidOrganisationNumber,
  maskPersonalNumber,
  parsePersonalNumber,
  vatNumberFromOrganisationNumber,
} from "./identity-numbers";

const TODAY = "2026-11-26";

/**
 * The check digit of a 10-digit number's first nine, written independently of the code under test:
 * weights 2 1 2 1 2 1 2 1 2 from the left, the digits of each product added.
 */
function checkDigit(nine: string): number {
  const weights = [2, 1, 2, 1, 2, 1, 2, 1, 2];
  const total = weights.reduce((sum, weight, i) => {
    const product = Number(nine[i]) * weight;
    return sum + Math.floor(product / 10) + (product % 10);
  }, 0);
  return (10 - (total % 10)) % 10;
}

/** A 10-digit number 'YYMMDDNNN' + its right check digit. */
const valid10 = (yymmddnnn: string) => `${yymmddnnn}${checkDigit(yymmddnnn)}`;
/** 'YYYYMMDD' + 'NNN' with its right check digit, as 12 digits. */
const valid12 = (yyyymmdd: string, nnn: string) => `${yyyymmdd.slice(0, 2)}${valid10(`${yyyymmdd.slice(2)}${nnn}`)}`;
const ok = (twelveDigits: string) => ({ ok: true, twelveDigits });
const fail = (message: string) => ({ ok: false, message });

describe("the test's own check digit", () => {
  it("agrees with known numbers", () => {
    expect(checkDigit("121212121")).toBe(2); // Skatteverket's example 19121212-1212
    expect(checkDigit("811218987")).toBe(6); // 811218-9876, the other common example
    expect(checkDigit("556123456")).toBe(7); // 556123-4567
  });
});

describe("parsePersonalNumber", () => {
  it.each(["19121212-1212", "191212121212", " 19121212-1212 ", "121212+1212"])("reads %j as 191212121212", (input) => {
    expect(parsePersonalNumber(input, TODAY)).toEqual(ok("191212121212"));
  });

  it("gives a 10-digit number the latest century that is not in the future", () => {
    expect(parsePersonalNumber("121212-1212", TODAY)).toEqual(ok("201212121212"));
    expect(parsePersonalNumber("1212121212", TODAY)).toEqual(ok("201212121212"));
    expect(parsePersonalNumber("811218-9876", TODAY)).toEqual(ok("198112189876"));
    expect(parsePersonalNumber(`${valid10("991231123")}`, TODAY)).toEqual(ok(`19${valid10("991231123")}`));
    expect(parsePersonalNumber(`${valid10("000101123")}`, TODAY)).toEqual(ok(`20${valid10("000101123")}`));
  });

  it("takes today's birthday as born this century and tomorrow's as a hundred years ago", () => {
    const bornToday = valid10("261126123");
    const bornTomorrow = valid10("261127123");
    expect(parsePersonalNumber(bornToday, TODAY)).toEqual(ok(`20${bornToday}`));
    expect(parsePersonalNumber(bornTomorrow, TODAY)).toEqual(ok(`19${bornTomorrow}`));
    // A year's last day, and a year ending in the next two digits.
    expect(parsePersonalNumber(valid10("261231123"), TODAY)).toEqual(ok(`19${valid10("261231123")}`));
    expect(parsePersonalNumber(valid10("270101123"), TODAY)).toEqual(ok(`19${valid10("270101123")}`));
    expect(parsePersonalNumber(valid10("251231123"), TODAY)).toEqual(ok(`20${valid10("251231123")}`));
  });

  it("with '+' makes the holder 100 or older", () => {
    const bornToday = valid10("261126123");
    const bornTomorrow = valid10("261127123");
    const plus = (ten: string) => `${ten.slice(0, 6)}+${ten.slice(6)}`;
    expect(parsePersonalNumber(plus(bornToday), TODAY)).toEqual(ok(`19${bornToday}`)); // 100 today
    expect(parsePersonalNumber(plus(bornTomorrow), TODAY)).toEqual(ok(`18${bornTomorrow}`)); // 100 tomorrow: 1926 is too late
    expect(parsePersonalNumber(plus(valid10("811218987")), TODAY)).toEqual(ok(`18${valid10("811218987")}`));
  });

  it("knows leap days: 2000-02-29 was a day, 1900-02-29 and 2023-02-29 were not", () => {
    const leap2000 = valid10("000229123");
    expect(parsePersonalNumber(leap2000, TODAY)).toEqual(ok(`20${leap2000}`));
    expect(parsePersonalNumber(`000229+${leap2000.slice(6)}`, TODAY)).toEqual(fail(PERSONAL_NUMBER_MESSAGES.date));
    expect(parsePersonalNumber(valid12("19000229", "123"), TODAY)).toEqual(fail(PERSONAL_NUMBER_MESSAGES.date));
    expect(parsePersonalNumber(valid12("20230229", "123"), TODAY)).toEqual(fail(PERSONAL_NUMBER_MESSAGES.date));
    expect(parsePersonalNumber(valid12("20240229", "123"), TODAY)).toEqual(ok(valid12("20240229", "123")));
    expect(parsePersonalNumber(valid12("19960229", "123"), TODAY)).toEqual(ok(valid12("19960229", "123")));
  });

  it("puts a leap day born this year, still to come, a century back", () => {
    // On 2024-02-28, '240229' is tomorrow: 1924-02-29 (1924 was a leap year too).
    const ten = valid10("240229123");
    expect(parsePersonalNumber(ten, "2024-02-28")).toEqual(ok(`19${ten}`));
    expect(parsePersonalNumber(ten, "2024-02-29")).toEqual(ok(`20${ten}`));
  });

  it("accepts a samordningsnummer (day + 60)", () => {
    expect(parsePersonalNumber(valid12("19800161", "123"), TODAY)).toEqual(ok(valid12("19800161", "123"))); // 1 January
    expect(parsePersonalNumber(valid12("19800191", "123"), TODAY)).toEqual(ok(valid12("19800191", "123"))); // 31 January
    expect(parsePersonalNumber(valid12("20240289", "123"), TODAY)).toEqual(ok(valid12("20240289", "123"))); // 29 February 2024
    expect(parsePersonalNumber(valid10("800161123"), TODAY)).toEqual(ok(`19${valid10("800161123")}`));
  });

  it("judges a samordningsnummer's century by its real day", () => {
    expect(parsePersonalNumber(valid10("261186123"), TODAY)).toEqual(ok(`20${valid10("261186123")}`)); // 26 November
    expect(parsePersonalNumber(valid10("261187123"), TODAY)).toEqual(ok(`19${valid10("261187123")}`)); // 27 November
  });

  it.each([
    ["19800160", "day 60 is neither a day nor a samordningsnummer"],
    ["19800192", "day 32 + 60"],
    ["19800291", "31 February + 60"],
    ["20230289", "29 February 2023 + 60"],
    ["19800100", "day 0"],
    ["19800132", "day 32"],
    ["19800431", "31 April"],
    ["19800001", "month 0"],
    ["19801301", "month 13"],
    ["17991231", "before 1800"],
  ])("refuses %s (%s) as no date", (yyyymmdd) => {
    expect(parsePersonalNumber(valid12(yyyymmdd, "123"), TODAY)).toEqual(fail(PERSONAL_NUMBER_MESSAGES.date));
  });

  it("accepts 1800-01-01, the earliest birth year", () => {
    expect(parsePersonalNumber(valid12("18000101", "123"), TODAY)).toEqual(ok(valid12("18000101", "123")));
  });

  it("refuses a birth date after today", () => {
    expect(parsePersonalNumber(valid12("20261127", "123"), TODAY)).toEqual(fail(PERSONAL_NUMBER_MESSAGES.future));
    expect(parsePersonalNumber(valid12("20261201", "123"), TODAY)).toEqual(fail(PERSONAL_NUMBER_MESSAGES.future));
    expect(parsePersonalNumber(valid12("20270101", "123"), TODAY)).toEqual(fail(PERSONAL_NUMBER_MESSAGES.future));
    expect(parsePersonalNumber(valid12("20261187", "123"), TODAY)).toEqual(fail(PERSONAL_NUMBER_MESSAGES.future)); // samordningsnummer, 27 Nov
    expect(parsePersonalNumber(valid12("20261126", "123"), TODAY)).toEqual(ok(valid12("20261126", "123")));
  });

  it("refuses a wrong check digit, in either length", () => {
    expect(parsePersonalNumber("19121212-1213", TODAY)).toEqual(fail(PERSONAL_NUMBER_MESSAGES.checkDigit));
    expect(parsePersonalNumber("121212-1211", TODAY)).toEqual(fail(PERSONAL_NUMBER_MESSAGES.checkDigit));
    expect(parsePersonalNumber("811218-9875", TODAY)).toEqual(fail(PERSONAL_NUMBER_MESSAGES.checkDigit));
    // The check covers the last ten digits only: the century is not part of it.
    expect(parsePersonalNumber("20121212-1212", TODAY)).toEqual(ok("201212121212"));
  });

  it("detects every single-digit change of the last ten digits", () => {
    const twelve = valid12("19800101", "123");
    for (let i = 2; i < 12; i++) {
      for (const digit of "0123456789") {
        if (digit === twelve[i]) continue;
        const changed = `${twelve.slice(0, i)}${digit}${twelve.slice(i + 1)}`;
        expect(parsePersonalNumber(changed, TODAY).ok, changed).toBe(false);
      }
    }
  });

  it.each(["", "abc", "1212121212121", "12121212121", "121212-121", "191212-12", "123"])("says %j has the wrong number of digits", (input) => {
    expect(parsePersonalNumber(input, TODAY)).toEqual(fail(PERSONAL_NUMBER_MESSAGES.digitCount));
  });

  it.each([
    "19121212+1212",
    "1912-1212-12",
    "12121-21212",
    "121212 1212",
    "121212--1212",
    "121212-1212-",
    "19121212 1212",
    "1212121-212",
    "19121212-12",
    "ÅÅ1212121212",
  ])("says %j is not written as a personnummer", (input) => {
    expect(parsePersonalNumber(input, TODAY)).toEqual(fail(PERSONAL_NUMBER_MESSAGES.format));
  });

  it("has Swedish messages", () => {
    expect(PERSONAL_NUMBER_MESSAGES).toEqual({
      digitCount: "Personnumret ska ha 10 eller 12 siffror",
      format: "Skriv personnumret som ÅÅÅÅMMDD-NNNN eller ÅÅMMDD-NNNN",
      date: "Personnumret har inget giltigt datum",
      future: "Personnumrets födelsedatum ligger i framtiden",
      checkDigit: "Personnumrets kontrollsiffra stämmer inte",
    });
  });

  it.each(["2026-02-29", "26-11-26", ""])("refuses the malformed today %j", (today) => {
    expect(() => parsePersonalNumber("19121212-1212", today)).toThrow(new RangeError(`Invalid date '${today}', expected YYYY-MM-DD`));
  });
});

describe("formatPersonalNumber and maskPersonalNumber", () => {
  it("write 12 digits with a hyphen, the last four hidden when masked", () => {
    expect(formatPersonalNumber("198001011234")).toBe("19800101-1234");
    expect(maskPersonalNumber("198001011234")).toBe("19800101-****");
  });

  it.each(["19800101-1234", "8001011234", "1980010112345", "19800101123a", ""])("refuse %j", (input) => {
    const message = `Expected a personnummer as 12 digits, got '${input}'`;
    expect(() => formatPersonalNumber(input)).toThrow(new RangeError(message));
    expect(() => maskPersonalNumber(input)).toThrow(new RangeError(message));
  });
});

describe("organisationsnummer", () => {
  it.each([
    ["556123-4567", true],
    ["5561234567", true],
    [" 556123-4567 ", true],
    [`212000-${valid10("212000142").slice(6)}`, true], // a public body (first digit 2)
    ["121212-1212", true], // a sole trader's personnummer
    ["556123-4568", false],
    ["556123-4560", false],
    ["559123-4567", false], // the app's demo constant is not a real number
    ["556123 4567", false],
    ["55612-34567", false],
    ["556123-456", false],
    ["16556123-4567", false],
    ["556123-45678", false],
    ["", false],
  ])("%j: %s", (text, valid) => {
    expect(isValidOrganisationNumber(text)).toBe(valid);
  });

  it("is formatted with a hyphen after the sixth digit", () => {
    expect(formatOrganisationNumber("5561234567")).toBe("556123-4567");
    expect(formatOrganisationNumber("556123-4567")).toBe("556123-4567");
    expect(formatOrganisationNumber(" 5561234567 ")).toBe("556123-4567");
  });

  it("gives the VAT number SE + its ten digits + 01", () => {
    expect(vatNumberFromOrganisationNumber("556123-4567")).toBe("SE556123456701");
    expect(vatNumberFromOrganisationNumber("5561234567")).toBe("SE556123456701");
  });

  it.each(["55612345", "556123-45678", "SE556123456701", "abc"])("refuses to format %j", (text) => {
    const message = `Expected an organisationsnummer as 10 digits, got '${text}'`;
    expect(() => formatOrganisationNumber(text)).toThrow(new RangeError(message));
    expect(() => vatNumberFromOrganisationNumber(text)).toThrow(new RangeError(message));
  });
});
