import { FileDown } from "lucide-react";
import { Section } from "@/client/components/link-page-section";
import { buttonVariants } from "@/client/components/ui/button";
import type { BookingLinkView } from "@/common/schemas/booking-links";
import { refrigerantReportPath } from "../api/refrigerant-report";
import { bookingLinkPageText } from "../text";

const text = bookingLinkPageText.refrigerantReport;

/**
 * The years the answer offers a report for. Read tolerantly, like the invoices: an answer from a
 * server without the register has no such field, and then nothing is shown.
 */
export function reportYearsOf(view: BookingLinkView): number[] {
  const years = (view as Partial<BookingLinkView>).refrigerantReportYears;
  return Array.isArray(years) ? years : [];
}

/** The operator's yearly refrigerant report (issue 26), one download per year, newest first; nothing without a year. */
export function RefrigerantReports({ token, view }: { token: string; view: BookingLinkView }) {
  const years = reportYearsOf(view);
  if (years.length === 0) return null;
  return (
    <Section id="booking-link-refrigerant-report" title={text.heading}>
      <p className="text-sm text-slate-700">{text.intro}</p>
      <ul className="grid gap-2">
        {years.map((year) => (
          <li key={year}>
            <a href={refrigerantReportPath(token, year)} download className={buttonVariants({ variant: "secondary", className: "w-full sm:w-auto" })}>
              <FileDown aria-hidden="true" />
              {text.download(year)}
            </a>
          </li>
        ))}
      </ul>
    </Section>
  );
}
