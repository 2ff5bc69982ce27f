import type { FastifyReply } from "fastify";

type PdfReply = {
  pdf: Buffer;
  filename: string;
  /** "attachment": saved as a file (the customer's downloads); "inline" (default): opened in the browser. */
  disposition?: "inline" | "attachment";
  /** A customer's PDF behind a public link: never indexed by a search engine. */
  noindex?: boolean;
};

/** Sends a PDF of personal data: private, never stored by a cache. One place for every route that sends a PDF. */
export function sendPdf(reply: FastifyReply, { pdf, filename, disposition = "inline", noindex = false }: PdfReply) {
  reply
    .header("content-type", "application/pdf")
    .header("content-disposition", `${disposition}; filename="${filename}"`)
    .header("cache-control", "private, no-store");
  if (noindex) reply.header("x-robots-tag", "noindex");
  return reply.send(pdf);
}
