import { COMPANY } from "./constants";

/**
 * The company as customers see it (footer, e-mails, the booking link page, JSON-LD): made from the
 * stored system settings (rules D11), with what the pages need worked out once (tel: link, E.164
 * number, the address split for schema.org, the opening hours in words).
 */
export type CompanyProfile = {
  name: string;
  orgNumber: string;
  phone: string;
  /** "tel:0812345670" */
  phoneHref: string;
  /** "+46812345670" (schema.org, international callers) */
  phoneE164: string;
  email: string;
  /** The address on one line, as stored: "Industrivägen 12, 171 48 Solna". */
  address: string;
  streetAddress: string;
  postalCode: string;
  city: string;
  /** "Måndag–fredag 08:00–17:00, helger stängt" */
  openingHours: string;
  /** The same inside a sentence: "måndag–fredag 08:00–17:00, helger stängt" */
  openingHoursInText: string;
  opens: string;
  closes: string;
};

/** The settings a profile is made of (rules §3 system settings). */
export type CompanyDetails = {
  companyName: string;
  orgNumber: string;
  companyPhone: string;
  companyEmail: string;
  companyAddress: string;
  workdayStart: string;
  workdayEnd: string;
};

export const DEFAULT_COMPANY_DETAILS: CompanyDetails = {
  companyName: COMPANY.name,
  orgNumber: COMPANY.orgNumber,
  companyPhone: COMPANY.phone,
  companyEmail: COMPANY.email,
  companyAddress: `${COMPANY.address}, ${COMPANY.postalCode} ${COMPANY.city}`,
  workdayStart: "08:00",
  workdayEnd: "17:00",
};

/** "08-123 456 70" as +46812345670 (E.164), as schema.org and tel: links want it. */
export function internationalPhone(phone: string): string {
  const digits = phone.replace(/\D/g, "");
  if (phone.trim().startsWith("+")) return `+${digits}`;
  return digits.startsWith("0") ? `+46${digits.slice(1)}` : `+${digits}`;
}

/** "Gatan 1, 123 45 Ort" split into its parts; anything else stays whole as the street address. */
export function splitSwedishAddress(address: string): { streetAddress: string; postalCode: string; city: string } {
  const match = /^(.*?),\s*(\d{3}\s?\d{2})\s+(.+)$/.exec(address.trim());
  if (!match) return { streetAddress: address.trim(), postalCode: "", city: "" };
  return { streetAddress: match[1].trim(), postalCode: match[2], city: match[3].trim() };
}

export const openingHoursText = (opens: string, closes: string) => `Måndag–fredag ${opens}–${closes}, helger stängt`;

export function companyProfile(details: CompanyDetails): CompanyProfile {
  return {
    name: details.companyName,
    orgNumber: details.orgNumber,
    phone: details.companyPhone,
    phoneHref: `tel:${details.companyPhone.replace(/[^\d+]/g, "")}`,
    phoneE164: internationalPhone(details.companyPhone),
    email: details.companyEmail,
    address: details.companyAddress,
    ...splitSwedishAddress(details.companyAddress),
    openingHours: openingHoursText(details.workdayStart, details.workdayEnd),
    openingHoursInText: openingHoursText(details.workdayStart, details.workdayEnd).toLowerCase(),
    opens: details.workdayStart,
    closes: details.workdayEnd,
  };
}

export const DEFAULT_COMPANY_PROFILE: CompanyProfile = companyProfile(DEFAULT_COMPANY_DETAILS);

/** The company as schema.org HVACBusiness (a LocalBusiness) for the landing page's JSON-LD. */
export function companyStructuredData(company: CompanyProfile, origin: string | null): object {
  return {
    "@context": "https://schema.org",
    "@type": "HVACBusiness",
    name: company.name,
    alternateName: COMPANY.shortName,
    telephone: company.phoneE164,
    email: company.email,
    address: {
      "@type": "PostalAddress",
      streetAddress: company.streetAddress,
      ...(company.postalCode ? { postalCode: company.postalCode } : {}),
      ...(company.city ? { addressLocality: company.city } : {}),
      addressCountry: "SE",
    },
    openingHours: `Mo-Fr ${company.opens}-${company.closes}`,
    openingHoursSpecification: [
      {
        "@type": "OpeningHoursSpecification",
        dayOfWeek: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"],
        opens: company.opens,
        closes: company.closes,
      },
    ],
    ...(origin ? { url: `${origin}/` } : {}),
  };
}

/** The id of the JSON data block with the current profile in every served page. */
export const COMPANY_DATA_ID = "company-profile";

/** The marker the prerendered HTML holds for a field; the server puts the current value in its place. */
export const companyPlaceholder = (key: keyof CompanyProfile) => `%%company.${key}%%`;
export const COMPANY_PLACEHOLDER_PATTERN = /%%company\.([A-Za-z0-9]+)%%/g;

/** A profile of placeholders, which the build renders the public pages with. */
export const COMPANY_PLACEHOLDERS: CompanyProfile = Object.fromEntries(
  (Object.keys(DEFAULT_COMPANY_PROFILE) as (keyof CompanyProfile)[]).map((key) => [key, companyPlaceholder(key)]),
) as CompanyProfile;
