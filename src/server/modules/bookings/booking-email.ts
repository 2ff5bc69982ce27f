import { format, parseISO } from "date-fns";
import { sv } from "date-fns/locale";
import { indicativePrice, timeSlotText } from "@/common/booking-rules";
import type { CompanyProfile } from "@/common/company";
import { COMPANY, SERVICE_TYPE_LABELS, TERMS, type ServiceType } from "@/common/constants";
import type { OutboxMessage } from "../../jobs/outbox";
import { bookingServerText as text } from "./bookings.text";

type EmailBooking = { id: number; serviceType: string; date: string; timeSlot: string; description: string; heatpumpModel: string | null };
type EmailCustomer = { name: string; email: string; address: string; postalCode: string; city: string; phone: string };

export type ConfirmationInput = { booking: EmailBooking; customer: EmailCustomer; manageUrl: string; calendarFile: string; company: CompanyProfile };

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

const labelOf = (serviceType: string) => SERVICE_TYPE_LABELS[serviceType as ServiceType] ?? serviceType;
const dayOf = (date: string) => format(parseISO(date), "EEEE d MMMM yyyy", { locale: sv });
/** 'måndag 7 december 2026 kl. 08:00' */
export const whenOf = (b: { date: string; timeSlot: string }) => `${dayOf(b.date)} kl. ${b.timeSlot.slice(0, 5)}`;

const cancellationTerms = `Avbokning ska ske senast ${TERMS.cancellationHours} timmar före bokad tid, annars debiteras ${TERMS.lateCancellationFeePercent} % av tjänstens pris.`;
/** The company's current details (rules D11: from the settings). */
const contactLine = (company: CompanyProfile) => `Frågor? Ring ${company.phone} (${company.openingHoursInText}) eller mejla ${company.email}.`;

function bookingRows(booking: EmailBooking, customer: EmailCustomer): [string, string][] {
  return [
    ["Bokningsnummer", `#${booking.id}`],
    ["Tjänst", labelOf(booking.serviceType)],
    ["Datum", dayOf(booking.date)],
    ["Tid", timeSlotText(booking.timeSlot)],
    ...(booking.heatpumpModel ? ([["Värmepump", booking.heatpumpModel]] as [string, string][]) : []),
    ["Adress", `${customer.address}, ${customer.postalCode} ${customer.city}`],
  ];
}

/**
 * Every customer e-mail has the same shape: a greeting, a paragraph, the booking's facts, more
 * paragraphs, the personal link, and the company's signature; in plain text and in HTML.
 */
export function customerEmail(input: {
  company: CompanyProfile;
  to: string;
  subject: string;
  heading: string;
  greeting: string;
  intro: string;
  rows: [string, string][];
  paragraphs: string[];
  link?: { url: string; label: string };
  calendarFile?: { bookingId: number; content: string };
  /** A last line after the signature, e.g. how to stop service reminders. */
  footer?: { text: string; url: string; label: string };
  headers?: Record<string, string>;
}): OutboxMessage {
  const textBody = [
    input.greeting,
    "",
    input.intro,
    "",
    ...input.rows.map(([k, v]) => `${k}: ${v}`),
    "",
    ...input.paragraphs.flatMap((p) => [p, ""]),
    ...(input.link ? [`${input.link.label}: ${input.link.url}`, ""] : []),
    contactLine(input.company),
    "",
    "Vänliga hälsningar,",
    input.company.name,
    ...(input.footer ? ["", `${input.footer.text} ${input.footer.label}: ${input.footer.url}`] : []),
  ].join("\n");
  const html = `<!doctype html><html lang="sv"><body style="font-family:Arial,sans-serif;color:#1f2937">
<h1 style="font-size:20px">${escapeHtml(input.heading)}</h1>
<p>${escapeHtml(input.intro)}</p>
<table cellpadding="4">${input.rows.map(([k, v]) => `<tr><th align="left">${escapeHtml(k)}</th><td>${escapeHtml(v)}</td></tr>`).join("")}</table>
${input.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join("\n")}
${input.link ? `<p><a href="${escapeHtml(input.link.url)}">${escapeHtml(input.link.label)}</a></p>` : ""}
<p>${escapeHtml(contactLine(input.company))}</p>
<p>Vänliga hälsningar,<br>${escapeHtml(input.company.name)}</p>
${input.footer ? `<p style="font-size:12px;color:#6b7280">${escapeHtml(input.footer.text)} <a href="${escapeHtml(input.footer.url)}">${escapeHtml(input.footer.label)}</a></p>` : ""}</body></html>`;
  return {
    to: input.to,
    subject: input.subject,
    text: textBody,
    html,
    ...(input.headers ? { headers: input.headers } : {}),
    attachments: input.calendarFile
      ? [
          {
            filename: `${input.calendarFile.bookingId}.ics`,
            content: input.calendarFile.content,
            contentType: "text/calendar; charset=utf-8; method=PUBLISH",
            encoding: "utf8",
          },
        ]
      : [],
  };
}

/** The Swedish booking confirmation, with the .ics attached and the customer's personal link. */
export function bookingConfirmationEmail({ booking, customer, manageUrl, calendarFile, company }: ConfirmationInput): OutboxMessage {
  return customerEmail({
    company,
    to: customer.email,
    subject: text.emailSubject(labelOf(booking.serviceType), whenOf(booking)),
    heading: `Tack för din bokning, ${customer.name}!`,
    greeting: `Hej ${customer.name}!`,
    intro: `Tack för din bokning hos ${COMPANY.shortName}. Din tid är registrerad:`,
    rows: [
      ...bookingRows(booking, customer),
      ["Telefon", customer.phone],
      ["Beskrivning", booking.description],
      ["Preliminärt pris", indicativePrice(booking.serviceType, booking.heatpumpModel)],
    ],
    paragraphs: [
      "Priset är preliminärt. Slutligt pris bekräftas innan arbetet påbörjas.",
      "En kalenderfil (.ics) är bifogad så att du kan lägga in besöket i din kalender.",
      `${cancellationTerms} Du kan själv avboka eller flytta besöket via länken fram till ${TERMS.cancellationHours} timmar före besöket.`,
    ],
    link: { url: manageUrl, label: "Se din bokning" },
    calendarFile: { bookingId: booking.id, content: calendarFile },
  });
}

/**
 * A visit a service agreement booked by itself (issue 26): the time held, and how the customer
 * confirms it or moves it within the month; what happens without an answer, and by when.
 */
export function agreementVisitEmail(input: ConfirmationInput & { monthText: string; answerBy: string; unanswered: "confirm" | "release" }): OutboxMessage {
  const { booking, customer, company } = input;
  return customerEmail({
    company,
    to: customer.email,
    subject: `Servicebesök enligt ditt serviceavtal: ${whenOf(booking)}`,
    heading: `Dags för service, ${customer.name}!`,
    greeting: `Hej ${customer.name}!`,
    intro: `Enligt ditt serviceavtal är det dags för service i ${input.monthText}. Vi har reserverat den här tiden åt dig:`,
    rows: bookingRows(booking, customer),
    paragraphs: [
      `Bekräfta tiden, eller flytta besöket till en annan ledig tid i ${input.monthText}, via länken.`,
      unansweredText(input),
      "En kalenderfil (.ics) är bifogad så att du kan lägga in besöket i din kalender.",
    ],
    link: { url: input.manageUrl, label: "Bekräfta eller flytta besöket" },
    calendarFile: { bookingId: booking.id, content: input.calendarFile },
  });
}

/** What happens to a proposed time the customer does not answer (the settings' rule), and by when. */
function unansweredText(input: { answerBy: string; unanswered: "confirm" | "release" }): string {
  return input.unanswered === "confirm"
    ? `Har vi inte hört av dig senast ${input.answerBy} gäller tiden som bokad.`
    : `Har vi inte hört av dig senast ${input.answerBy} släpper vi tiden, och du bokar en ny när det passar dig.`;
}

/**
 * A due leak check the system booked by itself (issue 26; the F-gas rules, 2024/573 Art. 4(5) and 5):
 * why the pump is checked, the time held, and how the customer confirms it or moves it to another
 * day no later than `latestText`; what happens without an answer, and by when.
 */
export function leakCheckVisitEmail(
  input: ConfirmationInput & { product: string; followUp: boolean; latestText: string; answerBy: string; unanswered: "confirm" | "release" },
): OutboxMessage {
  const { booking, customer, company } = input;
  return customerEmail({
    company,
    to: customer.email,
    subject: `Läckagekontroll av din värmepump: ${whenOf(booking)}`,
    heading: `Dags för läckagekontroll, ${customer.name}!`,
    greeting: `Hej ${customer.name}!`,
    intro: input.followUp
      ? `Läckaget i din värmepump ${input.product} är lagat. Enligt F-gasreglerna ska den kontrolleras igen inom en månad från reparationen. Vi har reserverat den här tiden åt dig:`
      : `Din värmepump ${input.product} innehåller så mycket köldmedium att den enligt F-gasreglerna ska läckagekontrolleras regelbundet, och det är dags för nästa kontroll. Vi har reserverat den här tiden åt dig:`,
    rows: bookingRows(booking, customer),
    paragraphs: [
      `Bekräfta tiden, eller flytta besöket till en annan ledig tid senast ${input.latestText}, via länken.`,
      unansweredText(input),
      "En kalenderfil (.ics) är bifogad så att du kan lägga in besöket i din kalender.",
    ],
    link: { url: input.manageUrl, label: "Bekräfta eller flytta besöket" },
    calendarFile: { bookingId: booking.id, content: input.calendarFile },
  });
}

/**
 * Sent when the visit was cancelled: by the customer from their link (a confirmation), or by the
 * company (an admin or a technician), which says so and gives the phone number to book a new time.
 * The staff's reason is theirs and stays in the booking's history.
 */
export function bookingCancelledEmail({
  booking,
  customer,
  company,
  by = "customer",
}: {
  booking: EmailBooking;
  customer: EmailCustomer;
  company: CompanyProfile;
  by?: "customer" | "company";
}): OutboxMessage {
  const byCompany = by === "company";
  return customerEmail({
    company,
    to: customer.email,
    subject: (byCompany ? text.cancelledByCompanySubject : text.cancelledSubject)(labelOf(booking.serviceType), whenOf(booking)),
    heading: "Ditt besök är avbokat",
    greeting: `Hej ${customer.name}!`,
    intro: byCompany
      ? `Vi har tyvärr fått avboka ditt besök från ${COMPANY.shortName}. Besöket nedan blir inte av:`
      : "Vi har tagit emot din avbokning. Besöket nedan är avbokat och tiden är frigjord:",
    rows: bookingRows(booking, customer),
    paragraphs: byCompany
      ? [`Vi ber om ursäkt för besväret. Ring oss på ${company.phone} (${company.openingHoursInText}) så hjälper vi dig att hitta en ny tid.`]
      : ["Välkommen att boka en ny tid när det passar dig."],
  });
}

/** Sent when the visit was moved (by the customer from their link, or by staff): the new time and a new .ics. */
export function bookingMovedEmail(input: {
  booking: EmailBooking;
  customer: EmailCustomer;
  previous: { date: string; timeSlot: string };
  manageUrl: string | null;
  calendarFile: string;
  company: CompanyProfile;
}): OutboxMessage {
  return customerEmail({
    company: input.company,
    to: input.customer.email,
    subject: text.movedSubject(labelOf(input.booking.serviceType), whenOf(input.booking)),
    heading: "Ditt besök har flyttats",
    greeting: `Hej ${input.customer.name}!`,
    intro: `Ditt besök är flyttat från ${whenOf(input.previous)} till den nya tiden nedan:`,
    rows: bookingRows(input.booking, input.customer),
    paragraphs: ["En ny kalenderfil (.ics) är bifogad; ta bort den gamla tiden ur din kalender.", cancellationTerms],
    link: input.manageUrl ? { url: input.manageUrl, label: "Se din bokning" } : undefined,
    calendarFile: { bookingId: input.booking.id, content: input.calendarFile },
  });
}

/** "i morgon", "om två dagar", "om 7 dagar": how far ahead the visit is when the reminder goes out. */
export function daysAheadText(days: number): string {
  if (days <= 0) return "i dag";
  if (days === 1) return "i morgon";
  const words = ["", "", "två", "tre", "fyra", "fem", "sex", "sju"];
  return `om ${words[days] ?? days} dagar`;
}

/** rules D11 and D14: the set number of days before the visit, what to expect and how to prepare. */
export function visitReminderEmail(input: {
  booking: EmailBooking;
  customer: EmailCustomer;
  manageUrl: string | null;
  canStillChange: boolean;
  daysAhead: number;
  company: CompanyProfile;
}): OutboxMessage {
  // The link only while the terms still allow changes there, and only if the customer has a working one.
  const link = input.canStillChange && input.manageUrl ? { url: input.manageUrl, label: "Avboka eller flytta besöket" } : undefined;
  const change = link
    ? `Behöver du avboka eller flytta besöket? Det kan du göra via länken fram till ${TERMS.cancellationHours} timmar före besöket.`
    : `Behöver du avboka eller flytta besöket? Ring oss på ${input.company.phone}. ${cancellationTerms}`;
  return customerEmail({
    company: input.company,
    to: input.customer.email,
    subject: text.reminderSubject(labelOf(input.booking.serviceType), whenOf(input.booking)),
    heading: "Påminnelse om ditt besök",
    greeting: `Hej ${input.customer.name}!`,
    intro: `Vi vill påminna om ditt besök från ${COMPANY.shortName} ${daysAheadText(input.daysAhead)}:`,
    rows: bookingRows(input.booking, input.customer),
    paragraphs: [
      "Så förbereder du besöket: se till att teknikern kommer fritt åt både inomhusdelen och utomhusdelen (flytta möbler, snö och annat som står i vägen), och att någon som är över 18 år är hemma.",
      change,
    ],
    link,
  });
}

/**
 * rules §3 sendTechnicianNotification: the staff hear of a new booking from the public form at the
 * company's e-mail address (users have no e-mail of their own), with a link to it in the admin portal.
 */
export function staffBookingNoticeEmail(input: { booking: EmailBooking; customer: EmailCustomer; adminUrl: string; company: CompanyProfile }): OutboxMessage {
  const { booking, customer } = input;
  const rows: [string, string][] = [
    ...bookingRows(booking, customer),
    ["Kund", customer.name],
    ["Telefon", customer.phone],
    ["E-post", customer.email],
    ["Beskrivning", booking.description],
  ];
  const textBody = ["En ny bokning har kommit in via webbplatsen:", "", ...rows.map(([k, v]) => `${k}: ${v}`), "", `Öppna bokningen: ${input.adminUrl}`].join(
    "\n",
  );
  const html = `<!doctype html><html lang="sv"><body style="font-family:Arial,sans-serif;color:#1f2937">
<p>En ny bokning har kommit in via webbplatsen:</p>
<table cellpadding="4">${rows.map(([k, v]) => `<tr><th align="left">${escapeHtml(k)}</th><td>${escapeHtml(v)}</td></tr>`).join("")}</table>
<p><a href="${escapeHtml(input.adminUrl)}">Öppna bokningen</a></p></body></html>`;
  return { to: input.company.email, subject: text.staffNoticeSubject(labelOf(booking.serviceType), whenOf(booking)), text: textBody, html, attachments: [] };
}
