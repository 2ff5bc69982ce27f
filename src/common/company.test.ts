import { describe, expect, it } from "vitest";
import {
  COMPANY_PLACEHOLDER_PATTERN,
  COMPANY_PLACEHOLDERS,
  DEFAULT_COMPANY_PROFILE,
  companyProfile,
  companyStructuredData,
  internationalPhone,
  splitSwedishAddress,
  DEFAULT_COMPANY_DETAILS,
} from "./company";

describe("the company profile (rules D11)", () => {
  it("describes the company as a schema.org HVACBusiness with the opening hours of rules §9", () => {
    expect(companyStructuredData(DEFAULT_COMPANY_PROFILE, "https://boka.example.se")).toEqual({
      "@context": "https://schema.org",
      "@type": "HVACBusiness",
      name: "Värmepumpsservice i Sverige AB",
      alternateName: "Värmepumpsservice",
      telephone: "+46812345670",
      email: "info@varmepumpsservice.se",
      address: { "@type": "PostalAddress", streetAddress: "Industrivägen 12", postalCode: "171 48", addressLocality: "Solna", addressCountry: "SE" },
      openingHours: "Mo-Fr 08:00-17:00",
      openingHoursSpecification: [
        { "@type": "OpeningHoursSpecification", dayOfWeek: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"], opens: "08:00", closes: "17:00" },
      ],
      url: "https://boka.example.se/",
    });
  });

  it("follows changed settings: phone links, the address's parts and the opening hours in words", () => {
    const profile = companyProfile({
      ...DEFAULT_COMPANY_DETAILS,
      companyPhone: "060-12 34 56",
      companyAddress: "Storgatan 3, 852 30 Sundsvall",
      workdayStart: "07:30",
      workdayEnd: "16:00",
    });
    expect(profile).toMatchObject({
      phone: "060-12 34 56",
      phoneHref: "tel:060123456",
      phoneE164: "+4660123456",
      streetAddress: "Storgatan 3",
      postalCode: "852 30",
      city: "Sundsvall",
      openingHours: "Måndag–fredag 07:30–16:00, helger stängt",
      openingHoursInText: "måndag–fredag 07:30–16:00, helger stängt",
    });
  });

  it("writes Swedish phone numbers in the international form", () => {
    expect(internationalPhone("08-123 456 70")).toBe("+46812345670");
    expect(internationalPhone("070-123 45 67")).toBe("+46701234567");
    expect(internationalPhone("+46 8 123 456 70")).toBe("+46812345670");
  });

  it("keeps an address it cannot split whole as the street address", () => {
    expect(splitSwedishAddress("Box 123, Solna")).toEqual({ streetAddress: "Box 123, Solna", postalCode: "", city: "" });
    expect(splitSwedishAddress("Gatan 1, 12345 Ort")).toEqual({ streetAddress: "Gatan 1", postalCode: "12345", city: "Ort" });
  });

  it("has a placeholder for every field, which the server's pattern finds", () => {
    for (const [key, value] of Object.entries(COMPANY_PLACEHOLDERS)) {
      expect([...value.matchAll(COMPANY_PLACEHOLDER_PATTERN)].map((m) => m[1])).toEqual([key]);
    }
  });
});
