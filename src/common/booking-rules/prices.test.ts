import { describe, expect, it } from "vitest";
import { SERVICE_TYPES } from "../constants";
import { indicativePrice, isFixedPriceServiceModel, priceNote } from "./prices";
import { BOOKING_LIMITS, type DateRejection } from "./slots";
import { HEAT_PUMP_MODEL_SUGGESTIONS, bookingInfoText, dateRejectionMessage, installationHint, priceText } from "./text";

describe("indicativePrice (rules §9)", () => {
  it.each([
    ["service", "Toshiba Haori", "2 500 kr"],
    ["service", "toshiba daiseikai 9", "2 500 kr"],
    ["service", "Panasonic CS-LZ25", "2 500 kr"],
    ["service", "Panasonic LZ", "2 500 kr"],
    ["service", "Shorai Edge", "2 500 kr"],
    ["service", "Seiya", "2 500 kr"],
    ["service", "Flagship", "2 500 kr"],
    ["service", "HAORI", "2 500 kr"],
    ["service", "Nibe F2040", "2 500–5 000 kr"],
    ["service", "Holz 3000", "2 500–5 000 kr"], // 'lz' inside a word is not the LZ model
    ["service", "", "2 500–5 000 kr"],
    ["service", undefined, "2 500–5 000 kr"],
    ["service", null, "2 500–5 000 kr"],
    ["installation", "Toshiba Haori", "6 500 kr"],
    ["troubleshooting", "Nibe", "2 500 kr"],
    ["hembesok", undefined, "Kostnadsfritt"],
    ["reparation", "Nibe", "Kontakta oss för pris"],
    ["", undefined, "Kontakta oss för pris"],
  ])("%s with model %j: %s", (type, model, price) => {
    expect(indicativePrice(type, model)).toBe(price);
  });

  it("recognises every suggested air/air model", () => {
    for (const model of HEAT_PUMP_MODEL_SUGGESTIONS.slice(0, 6)) expect(isFixedPriceServiceModel(model)).toBe(true);
    for (const model of ["Innova", "Indol", "Nibe", "Qvantum", "Samsung"]) expect(isFixedPriceServiceModel(model)).toBe(false);
  });

  it("explains each price", () => {
    expect(priceNote("installation")).toBe("Gäller flytt av befintlig värmepump. För nyinstallation lämnar vi en offert.");
    expect(priceNote("troubleshooting")).toContain("ROT-avdrag");
    expect(priceNote("hembesok")).toBe("30 minuter");
    expect(priceNote("toString")).toBeNull();
    expect(priceNote("reparation")).toBeNull();
    expect(priceText.indicativeNote).toContain("preliminärt");
  });
});

describe("Swedish texts of the booking rules", () => {
  it("lists the model suggestions of rules §2", () => {
    expect(HEAT_PUMP_MODEL_SUGGESTIONS).toEqual([
      "Toshiba Haori",
      "Daiseikai",
      "Shorai Edge",
      "Seiya",
      "Panasonic Flagship",
      "Panasonic LZ",
      "Innova",
      "Indol",
      "Nibe",
      "Qvantum",
      "Samsung",
    ]);
  });

  it("has an info text for every service type and the installation hint", () => {
    for (const type of SERVICE_TYPES) expect(bookingInfoText[type].length).toBeGreaterThan(10);
    expect(bookingInfoText.hembesok).toContain("3 dagar");
    expect(bookingInfoText.hembesok).toContain("17:00–18:00");
    expect(bookingInfoText.installation).toContain("tisdag–lördag");
    expect(installationHint.items).toHaveLength(3);
    expect(installationHint.items[0]).toContain("6 timmar per enhet");
  });

  it.each([
    ["too-soon", "hembesok", "Hembesök kan bokas tidigast 3 dagar i förväg."],
    ["too-soon", "troubleshooting", "Felsökning kan bokas tidigast två veckor i förväg."],
    ["too-late", "service", `Det går inte att boka mer än ${BOOKING_LIMITS.horizonDays} dagar i förväg.`],
    ["sunday", "service", "Det går inte att boka på söndagar."],
    ["weekday", "installation", "Installation kan bara bokas tisdag–lördag."],
    ["weekday", "service", "Service kan bara bokas måndag–lördag."],
    ["weekday", "troubleshooting", "Felsökning kan bara bokas måndag–lördag."],
    ["weekday", "hembesok", "Hembesök kan bara bokas måndag–fredag."],
    ["invalid-date", "service", "Ogiltigt datum"],
  ] as const)("explains %s for %s", (reason, type, message) => {
    expect(dateRejectionMessage(reason as DateRejection, type)).toBe(message);
  });
});
