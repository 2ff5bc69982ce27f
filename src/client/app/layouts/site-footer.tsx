import { Clock, Mail, MapPin, Phone, type LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "@/client/components/ui/link";
import { useCurrentYear } from "@/client/lib/hydration";
import { useCompany } from "@/client/lib/company";
import { footerText } from "./footer-text";

const text = footerText;

const linkClass =
  "rounded-sm text-slate-200 underline-offset-4 hover:text-white hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white";

function FooterColumn({ heading, children }: { heading: string; children: ReactNode }) {
  return (
    <div>
      <h2 className="text-sm font-semibold uppercase tracking-wide text-white">{heading}</h2>
      <div className="mt-3 text-sm">{children}</div>
    </div>
  );
}

/** One line of contact details: an icon, a label for screen readers, and the value. */
function ContactLine({ icon: Icon, label, children }: { icon: LucideIcon; label: string; children: ReactNode }) {
  return (
    <p className="flex items-start gap-2">
      <Icon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <span>
        <span className="sr-only">{label}: </span>
        {children}
      </span>
    </p>
  );
}

/** Site footer (rules §2): about, services, contact, staff login, social links, policies, copyright. */
export function SiteFooter() {
  // rules §2: copyright with the current year (in Sweden; hydration-safe, see lib/hydration).
  const year = useCurrentYear();
  // rules D11: the company's details as the settings say now.
  const company = useCompany();

  return (
    <footer className="bg-slate-900 text-slate-200">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:grid-cols-2 lg:grid-cols-[1.3fr_1fr_1.7fr_1fr_0.8fr] lg:gap-x-10">
        <FooterColumn heading={text.aboutHeading}>
          <p className="leading-relaxed">{text.about}</p>
        </FooterColumn>

        <FooterColumn heading={text.servicesHeading}>
          <ul className="space-y-2">
            <li>
              <Link className={linkClass} to="/booking?service=service">
                {text.services.service}
              </Link>
            </li>
            <li>
              <Link className={linkClass} to="/booking?service=installation">
                {text.services.installation}
              </Link>
            </li>
            <li>
              <Link className={linkClass} to="/booking?service=troubleshooting">
                {text.services.troubleshooting}
              </Link>
            </li>
            <li>
              <Link className={linkClass} to="/booking?service=installation">
                {text.services.replacement}
              </Link>
            </li>
          </ul>
        </FooterColumn>

        <FooterColumn heading={text.contactHeading}>
          <address className="space-y-2 not-italic">
            <ContactLine icon={Phone} label={text.phoneLabel}>
              <a className={linkClass} href={company.phoneHref}>
                {company.phone}
              </a>
            </ContactLine>
            <ContactLine icon={Mail} label={text.emailLabel}>
              <a className={`${linkClass} break-all`} href={`mailto:${company.email}`}>
                {company.email}
              </a>
            </ContactLine>
            <ContactLine icon={MapPin} label={text.addressLabel}>
              {company.address}
            </ContactLine>
            <ContactLine icon={Clock} label={text.openingHoursLabel}>
              {company.openingHours}
            </ContactLine>
          </address>
        </FooterColumn>

        <FooterColumn heading={text.staffHeading}>
          <ul className="space-y-2">
            <li>
              <Link className={linkClass} to="/login" state={{ role: "admin" }}>
                {text.staffAdmin}
              </Link>
            </li>
            <li>
              <Link className={linkClass} to="/login" state={{ role: "technician" }}>
                {text.staffTechnician}
              </Link>
            </li>
          </ul>
        </FooterColumn>

        <FooterColumn heading={text.socialHeading}>
          <ul className="space-y-2">
            {text.social.map((item) => (
              <li key={item.label}>
                <a className={linkClass} href={item.href} target="_blank" rel="noopener noreferrer">
                  {item.label}
                  <span className="sr-only"> {text.newWindow}</span>
                </a>
              </li>
            ))}
          </ul>
        </FooterColumn>
      </div>

      <div className="border-t border-slate-700">
        <div className="mx-auto flex max-w-6xl flex-col gap-3 px-4 pb-24 pt-5 text-sm sm:pb-5 md:flex-row md:items-center md:justify-between">
          <p>
            {text.copyright(year, company.name)} <span className="whitespace-nowrap">{text.orgNumber(company.orgNumber)}</span>
          </p>
          <nav aria-label={text.legalLabel}>
            <ul className="flex flex-wrap gap-x-5 gap-y-2">
              <li>
                <Link className={linkClass} to="/policies/terms">
                  {text.terms}
                </Link>
              </li>
              <li>
                <Link className={linkClass} to="/policies/privacy">
                  {text.privacy}
                </Link>
              </li>
              <li>
                <Link className={linkClass} to="/policies/cookies">
                  {text.cookies}
                </Link>
              </li>
            </ul>
          </nav>
        </div>
      </div>
    </footer>
  );
}
