import { format, parseISO } from "date-fns";
import { sv } from "date-fns/locale";
import type { CompanyProfile } from "@/common/company";
import { REMINDER_DISCOUNT_PERCENT } from "@/common/schemas/service-reminders";
import type { OutboxMessage } from "../../jobs/outbox";
import { customerEmail } from "../bookings/booking-email";
import type { ReminderWithParties } from "./service-reminders.repository";

/** The customer's links of a reminder, all behind its token. */
export const reminderLinks = (publicUrl: string, token: string) => {
  const base = publicUrl.replace(/\/+$/, "");
  return {
    booking: `${base}/booking?service=service&erbjudande=${token}`,
    unsubscribe: `${base}/api/service-reminders/unsubscribe/${token}`,
  };
};

export const REMINDER_SUBJECT = "Dags för service av din värmepump";

/** "Nibe F2120-12": brand and model, as the customer knows their heat pump. */
export const pumpName = (product: { brand: string | null; model: string }) => [product.brand, product.model].filter(Boolean).join(" ");

const longDate = (date: string) => format(parseISO(date), "d MMMM yyyy", { locale: sv });

/**
 * The Swedish service reminder (rules §9): the heat pump is two years old, a 15 % discount valid 30
 * days, a link to book with the customer's details filled in, and a one-click way out: a link in
 * the text and the List-Unsubscribe headers of RFC 8058, which mail apps show as their own button.
 */
export function serviceReminderEmail(input: ReminderWithParties & { validUntil: string; publicUrl: string; company: CompanyProfile }): OutboxMessage {
  const { customer, product, reminder, company } = input;
  const links = reminderLinks(input.publicUrl, reminder.token);
  const pump = product ? `${pumpName(product)}${product.installDate ? `, installerad ${longDate(product.installDate)}` : ""}` : "din värmepump";
  return customerEmail({
    company,
    to: customer.email,
    subject: reminder.emailSubject ?? REMINDER_SUBJECT,
    heading: REMINDER_SUBJECT,
    greeting: `Hej ${customer.name}!`,
    intro: `Det har gått två år sedan din värmepump installerades. Regelbunden service håller den effektiv, förlänger dess livslängd och upptäcker fel innan de blir dyra.`,
    rows: [
      ["Värmepump", pump],
      ["Erbjudande", `${REMINDER_DISCOUNT_PERCENT} % rabatt på service`],
      ["Giltigt till och med", longDate(input.validUntil)],
    ],
    paragraphs: [`Boka via länken nedan, så är dina uppgifter redan ifyllda. Rabatten dras av när servicen är utförd.`],
    link: { url: links.booking, label: "Boka service med rabatt" },
    footer: { text: "Vill du inte få fler servicepåminnelser?", url: links.unsubscribe, label: "Avregistrera dig" },
    headers: { "List-Unsubscribe": `<${links.unsubscribe}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
  });
}
