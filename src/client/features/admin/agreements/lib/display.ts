// How an agreement's terms are written on the admin screens: the next visit's month ('maj 2027'), the
// visit months ('maj och november') and the yearly price.
import { formatMonthList, formatMonthYear } from "@/client/lib/format-date";
import { visitMonths } from "@/common/agreements/terms";
import { formatOre } from "@/common/invoicing/money";
import { agreementsText } from "../text";

/** 'maj 2027' for '2027-05'; null when no visit is left. */
export function nextVisitText(month: string | null): string | null {
  return month === null ? null : formatMonthYear(`${month}-01`);
}

/** '2 besök per år, maj och november'. */
export function visitsText(agreement: { visitMonth: number; visitsPerYear: number }): string {
  return agreementsText.visits(agreement.visitsPerYear, formatMonthList(visitMonths(agreement.visitMonth, agreement.visitsPerYear)));
}

/** '2 400,00 kr per år'. */
export function yearlyPriceText(ore: number): string {
  return agreementsText.perYear(formatOre(ore));
}
