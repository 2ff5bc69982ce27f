import { Link } from "@/client/components/ui/link";
import type { BookingLinkView } from "@/common/schemas/booking-links";
import { telHref } from "../lib/format";
import { bookingLinkPageText } from "../text";
import { Row, Section } from "./section";

const text = bookingLinkPageText;
const linkClass = "font-medium text-brand-700 underline underline-offset-4 hover:text-brand-900";

/** rules §2: contact info and opening hours of the company (from the server: one source of truth). */
export function CompanyContact({ company }: { company: BookingLinkView["company"] }) {
  return (
    <Section id="booking-link-contact" title={text.contact.heading}>
      <p className="font-medium text-slate-900">{company.name}</p>
      <dl className="mt-2 grid gap-2">
        <Row label={text.contact.phone}>
          <a href={telHref(company.phone)} className={linkClass}>
            {company.phone}
          </a>
        </Row>
        <Row label={text.contact.email}>
          <a href={`mailto:${company.email}`} className={linkClass}>
            {company.email}
          </a>
        </Row>
        <Row label={text.contact.openingHours}>{company.openingHours}</Row>
      </dl>
    </Section>
  );
}

/** rules §2 cancellation note, from the §9 terms. */
export function CancellationNote() {
  return (
    <Section id="booking-link-terms" title={text.terms.heading}>
      <p className="text-slate-800">{text.terms.note}</p>
      <Link to="/policies/terms" className={`mt-2 inline-block text-sm ${linkClass}`}>
        {text.terms.link}
      </Link>
    </Section>
  );
}

/** rules §2 data-sharing notice: what the personal link shows, and to whom. */
export function DataSharingNotice() {
  return (
    <Section id="booking-link-sharing" title={text.sharing.heading} className="bg-slate-50 shadow-none">
      <p className="text-sm text-slate-800">{text.sharing.text}</p>
      <Link to="/policies/privacy" className={`mt-2 inline-block text-sm ${linkClass}`}>
        {text.sharing.link}
      </Link>
    </Section>
  );
}
