import type { FastifyInstance, FastifyReply } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { IdParamsSchema, OkSchema } from "@/common/schemas/common";
import {
  CustomerInvoiceSchema,
  InvoiceDraftInputSchema,
  InvoiceFromBookingSchema,
  InvoiceListQuerySchema,
  InvoiceListSchema,
  InvoiceSchema,
  InvoiceTokenParamsSchema,
  PaymentInputSchema,
  RotClaimMarkSchema,
  RotDecisionInputSchema,
  SieQuerySchema,
} from "@/common/schemas/invoices";
import type { InvoicesService } from "./invoices.service";
import { sendPdf } from "../../lib/pdf-reply";

const sendPdfOf = (reply: FastifyReply, { pdf, number }: { pdf: Buffer; number: number }) => sendPdf(reply, { pdf, filename: `faktura-${number}.pdf` });

// Invoices (issue 25): admins under /api/admin (technicians never see invoices, plugins/auth-guards);
// the customer's copy under /api/invoices/:token, public behind its 192-bit token.
export async function invoicesRoutes(fastify: FastifyInstance, { invoices }: { invoices: InvoicesService }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get("/api/admin/invoices", { schema: { querystring: InvoiceListQuerySchema, response: { 200: InvoiceListSchema } } }, (request) =>
    invoices.list(request.query),
  );
  app.get("/api/admin/invoices/overdue", { schema: { response: { 200: z.object({ count: z.number() }) } } }, async () => ({
    count: await invoices.overdueCount(),
  }));
  app.get("/api/admin/invoices/from-booking/:id", { schema: { params: IdParamsSchema, response: { 200: InvoiceFromBookingSchema } } }, (request) =>
    invoices.fromBooking(request.params.id),
  );
  app.post("/api/admin/invoices", { schema: { body: InvoiceDraftInputSchema, response: { 201: InvoiceSchema } } }, async (request, reply) =>
    reply.status(201).send(await invoices.create(request.body, request.user!.id)),
  );
  app.get("/api/admin/invoices/:id", { schema: { params: IdParamsSchema, response: { 200: InvoiceSchema } } }, (request) => invoices.get(request.params.id));
  app.put("/api/admin/invoices/:id", { schema: { params: IdParamsSchema, body: InvoiceDraftInputSchema, response: { 200: InvoiceSchema } } }, (request) =>
    invoices.update(request.params.id, request.body),
  );
  app.delete("/api/admin/invoices/:id", { schema: { params: IdParamsSchema, response: { 200: OkSchema } } }, async (request) => {
    await invoices.remove(request.params.id);
    return { ok: true as const };
  });
  app.post("/api/admin/invoices/:id/send", { schema: { params: IdParamsSchema, response: { 200: InvoiceSchema } } }, (request) =>
    invoices.send(request.params.id),
  );
  app.post("/api/admin/invoices/:id/payments", { schema: { params: IdParamsSchema, body: PaymentInputSchema, response: { 200: InvoiceSchema } } }, (request) =>
    invoices.registerPayment(request.params.id, request.body, request.user!.id),
  );
  app.post("/api/admin/invoices/:id/credit", { schema: { params: IdParamsSchema, response: { 201: InvoiceSchema } } }, async (request, reply) =>
    reply.status(201).send(await invoices.credit(request.params.id, request.user!.id)),
  );
  app.get(
    "/api/admin/invoices/:id/pdf",
    { schema: { params: IdParamsSchema, response: { 200: z.string().describe("application/pdf") } } },
    async (request, reply) => sendPdfOf(reply, await invoices.pdf(request.params.id)),
  );
  app.post(
    "/api/admin/invoices/:id/rot-decision",
    { schema: { params: IdParamsSchema, body: RotDecisionInputSchema, response: { 200: InvoiceSchema } } },
    (request) => invoices.decideRot(request.params.id, request.body, request.user!.id),
  );

  // Skatteverket's claim file: downloading marks nothing (a failed download loses no claim); the
  // admin then confirms which invoices were claimed.
  app.get("/api/admin/rot/claims.xml", { schema: { response: { 200: z.string().describe("application/xml") } } }, async (_request, reply) => {
    const { xml, invoiceIds } = await invoices.rotClaimFile();
    return reply
      .header("content-type", "application/xml; charset=utf-8")
      .header("content-disposition", `attachment; filename="rotbegaran.xml"`)
      .header("x-invoice-ids", invoiceIds.join(","))
      .header("cache-control", "private, no-store")
      .send(xml);
  });
  app.post("/api/admin/rot/claims", { schema: { body: RotClaimMarkSchema, response: { 200: z.object({ marked: z.number() }) } } }, (request) =>
    invoices.markClaimed(request.body.invoiceIds),
  );

  app.get(
    "/api/admin/exports/sie",
    { schema: { querystring: SieQuerySchema, response: { 200: z.any().describe("text/plain; charset=IBM437") } } },
    async (request, reply) => {
      const file = await invoices.sie(request.query.from, request.query.to);
      return reply
        .header("content-type", "text/plain; charset=IBM437")
        .header("content-disposition", `attachment; filename="FAKT_${request.query.from.replaceAll("-", "")}_${request.query.to.replaceAll("-", "")}.SI"`)
        .header("cache-control", "private, no-store")
        .send(file);
    },
  );

  app.get("/api/invoices/:token", { schema: { params: InvoiceTokenParamsSchema, response: { 200: CustomerInvoiceSchema } } }, (request) =>
    invoices.customerView(request.params.token),
  );
  app.get(
    "/api/invoices/:token/pdf",
    { schema: { params: InvoiceTokenParamsSchema, response: { 200: z.string().describe("application/pdf") } } },
    async (request, reply) => sendPdfOf(reply, await invoices.customerPdf(request.params.token)),
  );
}
