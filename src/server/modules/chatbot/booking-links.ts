import { indicativePrice } from "@/common/booking-rules";
import { SERVICE_TYPES, SERVICE_TYPE_LABELS, type ServiceType } from "@/common/constants";

// Links from ServiceBot's answers to the booking wizard with the right service chosen (rules §2: the
// page query /booking?service=…). Answers write them as [text](/path); the chat renders only
// same-origin paths as links and everything else as text.

/** The wizard with `service` chosen. */
export const bookingPath = (service: ServiceType) => `/booking?service=${service}`;

/** "[Boka felsökning](/booking?service=troubleshooting)" */
export const bookingLink = (service: ServiceType) => `[Boka ${SERVICE_TYPE_LABELS[service].toLowerCase()}](${bookingPath(service)})`;

/** One link per service with its price (rules §9), for a customer who has not said which. */
export const allBookingLinks = () => SERVICE_TYPES.map((service) => `${bookingLink(service)} (${indicativePrice(service).toLowerCase()})`).join(", ");

/**
 * The service a customer names, in their words and spelling ("boka instalation", "kan ni komma hem
 * och titta", "vad kostar en servise"). A new pump starts with a free home visit and a quote, so
 * buying one names the home visit; a code or something broken names troubleshooting.
 */
const NAMED: readonly [ServiceType, RegExp][] = [
  [
    "hembesok",
    /hem\s?bes[öo]k|komma hem|hem till (mig|oss)|(komma|åka) (ut|förbi) och titta|titta på (huset|platsen|var)|r[åa]dgivning|gratis ?besök|kostnadsfri|offert|köpa (en )?(ny )?(luft)?(värme)?pump|ny (luft)?värmepump/i,
  ],
  ["installation", /instal+|montera|montering|flytta|flytt\b/i],
  ["troubleshooting", /fels[öo]k|felkod|trasig|sönder|reparer|laga\b|fungerar inte|funkar inte|akut/i],
  ["service", /servi[cs]|\bserva|underh[åa]ll|[öo]versyn/i],
];

export function serviceNamedIn(text: string): ServiceType | null {
  return NAMED.find(([, pattern]) => pattern.test(text))?.[0] ?? null;
}
