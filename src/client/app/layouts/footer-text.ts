import { COMPANY } from "@/common/constants";

// Swedish texts of the site footer (rules §2 Top navigation and footer).
export const footerText = {
  aboutHeading: COMPANY.shortName,
  about: "Vi servar, installerar och felsöker värmepumpar i hela Stockholmsområdet. Boka tid online på ett par minuter så får du en bekräftelse direkt.",
  servicesHeading: "Tjänster",
  services: {
    service: "Service",
    installation: "Installation",
    troubleshooting: "Felsökning",
    replacement: "Byte av värmepump",
  },
  contactHeading: "Kontakt",
  phoneLabel: "Telefon",
  emailLabel: "E-post",
  addressLabel: "Adress",
  openingHoursLabel: "Öppettider",
  staffHeading: "Personal",
  staffAdmin: "Administratör",
  staffTechnician: "Tekniker",
  socialHeading: "Följ oss",
  social: [
    { label: "Facebook", href: "https://www.facebook.com/" },
    { label: "Instagram", href: "https://www.instagram.com/" },
    { label: "LinkedIn", href: "https://www.linkedin.com/" },
  ],
  newWindow: "(öppnas i nytt fönster)",
  legalLabel: "Juridisk information",
  terms: "Allmänna villkor",
  privacy: "Integritetspolicy",
  cookies: "Cookiepolicy",
  copyright: (year: number, companyName: string) => `© ${year} ${companyName}. Alla rättigheter förbehållna.`,
  orgNumber: (orgNumber: string) => `Org.nr ${orgNumber}`,
} as const;
