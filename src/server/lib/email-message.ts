import type { CompanyProfile } from "@/common/company";
import type { OutboxMessage } from "../jobs/outbox";

// An e-mail from the company: paragraphs, an optional link, the company's signature, as text and HTML.

export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
/** The company's current details (rules D11: from the settings). */
const signatureOf = (company: CompanyProfile) => `Vänliga hälsningar\n${company.name}\n${company.phone} · ${company.email}`;

export function companyEmailMessage(
  company: CompanyProfile,
  to: string,
  subject: string,
  paragraphs: string[],
  link?: { url: string; label: string },
): Omit<OutboxMessage, "attachments"> {
  const signature = signatureOf(company);
  const text = [...paragraphs, ...(link ? [`${link.label}: ${link.url}`] : []), signature].join("\n\n");
  const html = [
    ...paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
    ...(link ? [`<p><a href="${escapeHtml(link.url)}">${escapeHtml(link.label)}</a></p>`] : []),
    `<p>${escapeHtml(signature).replace(/\n/g, "<br>")}</p>`,
  ].join("\n");
  return { to, subject, text, html };
}
