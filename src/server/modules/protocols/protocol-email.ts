import type { CompanyProfile } from "@/common/company";
import type { OutboxMessage } from "../../jobs/outbox";
import { companyEmailMessage as message } from "../../lib/email-message";

// The protocol's e-mails (rules D14: through the outbox): the link for signing, and the signed copy.

export function signingRequestEmail(input: { to: string; customerName: string; protocolNumber: number; url: string; company: CompanyProfile }): OutboxMessage {
  return message(
    input.company,
    input.to,
    `Installationsprotokoll nr ${input.protocolNumber} att signera`,
    [
      `Hej ${input.customerName}!`,
      "Tack för att du valde oss. Installationen är klar och teknikern har signerat installationsprotokollet.",
      "Läs igenom protokollet och signera det via länken nedan. Har du frågor om installationen kan du skriva dem i kommentarsfältet eller ringa oss.",
    ],
    { url: input.url, label: "Läs och signera protokollet" },
  );
}

/**
 * The signed copy. Its PDF is made when the e-mail is sent (jobs/outbox.ts), not when the protocol is
 * signed: a PDF that fails never costs the customer their signature, and is made again at the next try.
 */
export function signedCopyEmail(input: { to: string; customerName: string; protocolNumber: number; url: string; company: CompanyProfile }): OutboxMessage {
  return {
    ...message(
      input.company,
      input.to,
      `Signerat installationsprotokoll nr ${input.protocolNumber}`,
      [
        `Hej ${input.customerName}!`,
        "Installationsprotokollet är nu signerat av både teknikern och dig. En kopia finns bifogad som PDF. Spara den tillsammans med kvitto och garantipapper.",
      ],
      { url: input.url, label: "Visa protokollet" },
    ),
    attachments: [
      {
        filename: `installationsprotokoll-${input.protocolNumber}.pdf`,
        contentType: "application/pdf",
        generate: { kind: "protocol-pdf", protocolId: input.protocolNumber },
      },
    ],
  };
}
