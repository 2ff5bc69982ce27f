import { format, parseISO } from "date-fns";
import { sv } from "date-fns/locale";
import { indicativePrice } from "@/common/booking-rules";
import { COMPANY, SERVICE_TYPE_LABELS, TERMS, type ServiceType } from "@/common/constants";
import type { OutboxMessage } from "../../jobs/outbox";
import { bookingServerText as text } from "./bookings.text";

export type ConfirmationInput = {
  booking: { id: number; serviceType: string; date: string; timeSlot: string; description: string; heatpumpModel: string | null };
  customer: { name: string; email: string; address: string; postalCode: string; city: string; phone: string };
  manageUrl: string;
  calendarFile: string;
};

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/** The Swedish booking confirmation, with the .ics attached and the customer's personal link. */
export function bookingConfirmationEmail({ booking, customer, manageUrl, calendarFile }: ConfirmationInput): OutboxMessage {
  const label = SERVICE_TYPE_LABELS[booking.serviceType as ServiceType] ?? booking.serviceType;
  const day = format(parseISO(booking.date), "EEEE d MMMM yyyy", { locale: sv });
  const start = booking.timeSlot.slice(0, 5);
  const rows: [string, string][] = [
    ["Bokningsnummer", `#${booking.id}`],
    ["Tjänst", label],
    ["Datum", day],
    ["Tid", booking.timeSlot],
    ...(booking.heatpumpModel ? ([["Värmepump", booking.heatpumpModel]] as [string, string][]) : []),
    ["Adress", `${customer.address}, ${customer.postalCode} ${customer.city}`],
    ["Telefon", customer.phone],
    ["Beskrivning", booking.description],
    ["Preliminärt pris", indicativePrice(booking.serviceType, booking.heatpumpModel)],
  ];
  const cancellation = `Avbokning ska ske senast ${TERMS.cancellationHours} timmar före bokad tid, annars debiteras ${TERMS.lateCancellationFeePercent} % av tjänstens pris.`;
  const contact = `Frågor? Ring ${COMPANY.phone} (${COMPANY.openingHours.toLowerCase()}) eller mejla ${COMPANY.email}.`;
  const textBody = [
    `Hej ${customer.name}!`,
    "",
    `Tack för din bokning hos ${COMPANY.shortName}. Din tid är registrerad:`,
    "",
    ...rows.map(([k, v]) => `${k}: ${v}`),
    "",
    "Priset är preliminärt. Slutligt pris bekräftas innan arbetet påbörjas.",
    "",
    `Se din bokning: ${manageUrl}`,
    "En kalenderfil (.ics) är bifogad så att du kan lägga in besöket i din kalender.",
    "",
    cancellation,
    contact,
    "",
    `Vänliga hälsningar,`,
    COMPANY.name,
  ].join("\n");
  const html = `<!doctype html><html lang="sv"><body style="font-family:Arial,sans-serif;color:#1f2937">
<h1 style="font-size:20px">Tack för din bokning, ${escapeHtml(customer.name)}!</h1>
<p>Din tid hos ${escapeHtml(COMPANY.shortName)} är registrerad.</p>
<table cellpadding="4">${rows.map(([k, v]) => `<tr><th align="left">${escapeHtml(k)}</th><td>${escapeHtml(v)}</td></tr>`).join("")}</table>
<p>Priset är preliminärt. Slutligt pris bekräftas innan arbetet påbörjas.</p>
<p><a href="${escapeHtml(manageUrl)}">Se din bokning</a></p>
<p>En kalenderfil (.ics) är bifogad.</p>
<p>${escapeHtml(cancellation)}<br>${escapeHtml(contact)}</p>
<p>Vänliga hälsningar,<br>${escapeHtml(COMPANY.name)}</p></body></html>`;
  return {
    to: customer.email,
    subject: text.emailSubject(label, `${day} kl. ${start}`),
    text: textBody,
    html,
    attachments: [{ filename: `${booking.id}.ics`, content: calendarFile, contentType: "text/calendar; charset=utf-8; method=PUBLISH", encoding: "utf8" }],
  };
}
