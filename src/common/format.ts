// Swedish display formats shared by every screen, e-mail and PDF (issue 23 "Polish"): one date format
// for lists, one way to write a time range and one way to agree a noun with its count. The browser's
// and Node's own Intl (no date library), so the public pages can use them without a larger chunk.

/** rules D1: every booking time is Stockholm's. */
const TIME_ZONE = "Europe/Stockholm";
const LOCALE = "sv-SE";

// A plain date is formatted as UTC midnight in UTC, so no time zone can move it to another day.
const plainDay = new Intl.DateTimeFormat(LOCALE, { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });
const instantDay = new Intl.DateTimeFormat(LOCALE, { day: "numeric", month: "short", year: "numeric", timeZone: TIME_ZONE });
const instantTime = new Intl.DateTimeFormat(LOCALE, { hour: "2-digit", minute: "2-digit", timeZone: TIME_ZONE });

const PLAIN_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * The date of every list and table: '25 nov. 2026' (Swedish short month with a period; 'maj',
 * 'juni', 'juli' have none). A plain 'YYYY-MM-DD' is that day; an instant is its day in Stockholm.
 * The input itself when it is neither.
 */
export function formatListDate(value: string): string {
  const plain = PLAIN_DATE.exec(value);
  if (plain) {
    const d = new Date(Date.UTC(Number(plain[1]), Number(plain[2]) - 1, Number(plain[3])));
    return Number.isNaN(d.getTime()) || d.getUTCDate() !== Number(plain[3]) ? value : plainDay.format(d);
  }
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? value : instantDay.format(d);
}

/** An instant where its time of day matters (history, e-mails sent): '25 nov. 2026 kl. 14:05' in Stockholm. */
export function formatListDateTime(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : `${instantDay.format(d)} kl. ${instantTime.format(d)}`;
}

/** A time range as people read it: '08:00–10:00', with an en dash (Swedish style for ranges). */
export function timeRange(start: string, end: string): string {
  return `${start}–${end}`;
}

/**
 * A count with the words that agree with it: plural(1, "påminnelse skickad", "påminnelser skickade")
 * is '1 påminnelse skickad', and 2 gives '2 påminnelser skickade'. Swedish uses the singular for
 * exactly one only (0 takes the plural).
 */
export function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}
