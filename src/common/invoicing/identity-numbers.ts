// Swedish identity numbers on ROT invoices and in the company's details: personnummer and
// samordningsnummer (the ROT buyers, stored as 12 digits, as Skatteverket's ROT file wants them:
// `Kopare` is exactly 12 digits, research notes §3) and organisationsnummer (the seller, and a BRF).
// The last digit of each is a modulus-10 check digit over the 10-digit form. The research notes do not
// cover these numbers [NF]: this follows Skatteverket's published format, as every Swedish system does.
import { isCalendarDate } from "./calendar-date";
import { hasValidLuhnCheckDigit } from "./ocr";

export type PersonalNumberResult = { ok: true; twelveDigits: string } | { ok: false; message: string };

/** The form's messages for a personnummer it cannot use. */
export const PERSONAL_NUMBER_MESSAGES = {
  digitCount: "Personnumret ska ha 10 eller 12 siffror",
  format: "Skriv personnumret som ÅÅÅÅMMDD-NNNN eller ÅÅMMDD-NNNN",
  date: "Personnumret har inget giltigt datum",
  future: "Personnumrets födelsedatum ligger i framtiden",
  checkDigit: "Personnumrets kontrollsiffra stämmer inte",
} as const;

// 'YYYYMMDD-NNNN' or 'YYYYMMDDNNNN'; 'YYMMDD-NNNN', 'YYMMDDNNNN' or 'YYMMDD+NNNN' (the '+' of the
// 10-digit form says the holder has turned 100).
const TWELVE_DIGIT_FORM = /^(\d{8})-?(\d{4})$/;
const TEN_DIGIT_FORM = /^(\d{6})([-+]?)(\d{4})$/;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
/** A samordningsnummer is a personnummer whose day has 60 added (day 61-91). */
const COORDINATION_DAY_OFFSET = 60;
/** Nobody alive was born before this: a 12-digit number from an earlier year is a typing error. */
const EARLIEST_BIRTH_YEAR = 1800;

type PlainDate = { year: number; month: number; day: number };

function parseToday(today: string): PlainDate {
  const m = ISO_DATE.exec(today);
  const date = m && { year: Number(m[1]), month: Number(m[2]), day: Number(m[3]) };
  if (!date || !isCalendarDate(date.year, date.month, date.day)) throw new RangeError(`Invalid date '${today}', expected YYYY-MM-DD`);
  return date;
}

/** Negative, zero or positive as a is before, the same day as, or after b. */
function compareDates(a: PlainDate, b: PlainDate): number {
  return a.year - b.year || a.month - b.month || a.day - b.day;
}

/** The birth date a 12-digit number's first eight digits name (a samordningsnummer's day less 60). */
function birthDateOf(twelveDigits: string): PlainDate {
  const day = Number(twelveDigits.slice(6, 8));
  return {
    year: Number(twelveDigits.slice(0, 4)),
    month: Number(twelveDigits.slice(4, 6)),
    day: day > COORDINATION_DAY_OFFSET ? day - COORDINATION_DAY_OFFSET : day,
  };
}

/**
 * The century of a 10-digit number: the latest year ending in YY whose birthday is not after today;
 * with '+' a hundred years earlier still (the holder is 100 or older today).
 */
function withCentury(yymmdd: string, separator: string, today: PlainDate): string {
  const mmdd = yymmdd.slice(2);
  // The latest year ending in YY up to this year (today.year - YY is positive for any year after 99).
  let year = today.year - ((today.year - Number(yymmdd.slice(0, 2))) % 100);
  if (compareDates(birthDateOf(`${year}${mmdd}`), today) > 0) year -= 100;
  if (separator === "+") year -= 100;
  return `${year}${mmdd}`;
}

function digitCountMessage(text: string): string {
  const digitCount = text.replace(/\D/g, "").length;
  return digitCount === 10 || digitCount === 12 ? PERSONAL_NUMBER_MESSAGES.format : PERSONAL_NUMBER_MESSAGES.digitCount;
}

/** Why a 12-digit number cannot be used, or null when it can. */
function personalNumberProblem(twelveDigits: string, today: PlainDate): string | null {
  const birth = birthDateOf(twelveDigits);
  if (birth.year < EARLIEST_BIRTH_YEAR || !isCalendarDate(birth.year, birth.month, birth.day)) return PERSONAL_NUMBER_MESSAGES.date;
  if (compareDates(birth, today) > 0) return PERSONAL_NUMBER_MESSAGES.future;
  if (!hasValidLuhnCheckDigit(twelveDigits.slice(2))) return PERSONAL_NUMBER_MESSAGES.checkDigit;
  return null;
}

/**
 * A personnummer or samordningsnummer as typed, checked and written as its 12 digits
 * ('198001011234'). Accepts YYYYMMDD-NNNN, YYYYMMDDNNNN, YYMMDD-NNNN, YYMMDDNNNN and YYMMDD+NNNN;
 * a 10-digit number gets the century that makes the holder born on or before `today` ('YYYY-MM-DD'),
 * and 100 or more years old with '+'. The date must be a real day (a samordningsnummer's day less 60)
 * not after today, and the check digit right over the last 10 digits. Throws RangeError for a malformed `today`.
 */
export function parsePersonalNumber(input: string, today: string): PersonalNumberResult {
  const now = parseToday(today);
  const text = input.trim();
  const twelve = TWELVE_DIGIT_FORM.exec(text);
  const ten = TEN_DIGIT_FORM.exec(text);
  const twelveDigits = twelve ? `${twelve[1]}${twelve[2]}` : ten ? `${withCentury(ten[1], ten[2], now)}${ten[3]}` : null;
  if (twelveDigits === null) return { ok: false, message: digitCountMessage(text) };
  const problem = personalNumberProblem(twelveDigits, now);
  return problem === null ? { ok: true, twelveDigits } : { ok: false, message: problem };
}

const TWELVE_DIGITS = /^\d{12}$/;

function requireTwelveDigits(twelveDigits: string): void {
  if (!TWELVE_DIGITS.test(twelveDigits)) throw new RangeError(`Expected a personnummer as 12 digits, got '${twelveDigits}'`);
}

/** '198001011234' → '19800101-1234', as the invoice shows a buyer's number. */
export function formatPersonalNumber(twelveDigits: string): string {
  requireTwelveDigits(twelveDigits);
  return `${twelveDigits.slice(0, 8)}-${twelveDigits.slice(8)}`;
}

/** '198001011234' → '19800101-****': the birth date without the last four, where the whole number is not needed (lists, logs). */
export function maskPersonalNumber(twelveDigits: string): string {
  requireTwelveDigits(twelveDigits);
  return `${twelveDigits.slice(0, 8)}-****`;
}

const ORGANISATION_NUMBER = /^(\d{6})-?(\d{4})$/;

function organisationDigits(text: string): string | null {
  const m = ORGANISATION_NUMBER.exec(text.trim());
  return m ? `${m[1]}${m[2]}` : null;
}

/**
 * True for an organisationsnummer: 10 digits, a hyphen after the sixth allowed, and the right check
 * digit. The third digit is NOT required to be ≥ 2 (as a legal person's is): a sole trader (enskild
 * firma) is registered under the owner's personnummer, and such a company may do the work.
 */
export function isValidOrganisationNumber(text: string): boolean {
  const digits = organisationDigits(text);
  return digits !== null && hasValidLuhnCheckDigit(digits);
}

function requireOrganisationDigits(text: string): string {
  const digits = organisationDigits(text);
  if (digits === null) throw new RangeError(`Expected an organisationsnummer as 10 digits, got '${text}'`);
  return digits;
}

/** '5561234567' or '556123-4567' → '556123-4567'. Checks the shape only (see isValidOrganisationNumber). */
export function formatOrganisationNumber(text: string): string {
  const digits = requireOrganisationDigits(text);
  return `${digits.slice(0, 6)}-${digits.slice(6)}`;
}

/** A Swedish VAT number (momsregistreringsnummer): 'SE' + the organisationsnummer's 10 digits + '01'. '556123-4567' → 'SE556123456701'. */
export function vatNumberFromOrganisationNumber(text: string): string {
  return `SE${requireOrganisationDigits(text)}01`;
}
