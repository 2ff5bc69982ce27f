// rules §9 indicative prices, as Swedish display text.
import type { ServiceType } from "../constants";
import { priceText } from "./text";

// Air/air brands and model names with the fixed service price. A keyword counts when no letter
// precedes it, so 'Panasonic CS-LZ25' and 'toshiba haori' match but 'Holz' does not.
const AIR_TO_AIR_MODEL = /(?<!\p{L})(toshiba|panasonic|haori|daiseikai|shorai|seiya|flagship|lz)/iu;

/** True when the model names one of the air/air pumps rules §9 gives the fixed service price. */
export function isFixedPriceServiceModel(heatpumpModel: string | null | undefined): boolean {
  return !!heatpumpModel && AIR_TO_AIR_MODEL.test(heatpumpModel);
}

/**
 * The indicative price shown for a service type (rules §9): service '2 500 kr' for the air/air
 * models, otherwise '2 500–5 000 kr'; installation '6 500 kr'; troubleshooting '2 500 kr';
 * hembesok 'Kostnadsfritt'; anything else 'Kontakta oss för pris'. See priceNote for the line under it.
 */
export function indicativePrice(serviceType: ServiceType | string, heatpumpModel?: string | null): string {
  switch (serviceType) {
    case "service":
      return isFixedPriceServiceModel(heatpumpModel) ? priceText.serviceAirToAir : priceText.serviceRange;
    case "installation":
      return priceText.installation;
    case "troubleshooting":
      return priceText.troubleshooting;
    case "hembesok":
      return priceText.hembesok;
    default:
      return priceText.unknown;
  }
}

/** The explanation shown with a price (e.g. installation: relocation only, new installations get a quote). */
export function priceNote(serviceType: ServiceType | string): string | null {
  return Object.hasOwn(priceText.notes, serviceType) ? priceText.notes[serviceType as ServiceType] : null;
}
