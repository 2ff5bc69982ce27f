// The one building block of every one-line text field the API takes (issue 22.2).
import { z } from "zod";

export const textFieldText = {
  lineBreak: "Fältet får bara innehålla en rad – ta bort radbrytningarna.",
} as const;

/**
 * No line break of any kind: line feed, carriage return, vertical tab, form feed, next line (NEL),
 * and the Unicode line and paragraph separators.
 */
const ONE_LINE = /^[^\n\r\v\f\u0085\u2028\u2029]*$/;

/**
 * A one-line field (a name, an address, a city, a phone number, an e-mail address, a model, a
 * company's details): trimmed, and refused with a Swedish message when a line break is left inside.
 * Such fields are written into e-mails, PDFs and calendar files, where a line break starts a line
 * of its own: a customer named "Kundtjänst\r\nDitt konto är spärrat…" would otherwise put a line
 * of their choosing into a message that comes from the company. Chain `.min()` and `.max()` on it;
 * the line break is checked first, on the trimmed text. (Control characters are refused for every
 * field of every request by the server's validation, plugins/validation.ts.)
 */
export const singleLineText = (params?: { error?: string }) => z.string(params).trim().regex(ONE_LINE, { error: textFieldText.lineBreak });
