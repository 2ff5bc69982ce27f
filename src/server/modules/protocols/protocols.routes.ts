import type { FastifyInstance, FastifyReply } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { singleLineText } from "@/common/schemas/text-fields";
import { IdParamsSchema, OkSchema } from "@/common/schemas/common";
import {
  CompanyDefaultsSchema,
  CustomerProtocolSchema,
  CustomerSignSchema,
  ProtocolInputSchema,
  ProtocolListQuerySchema,
  ProtocolListSchema,
  ProtocolPhotoInputSchema,
  ProtocolPhotoSchema,
  ProtocolSavedSchema,
  ProtocolSchema,
  PublicIdParamsSchema,
} from "@/common/schemas/protocols";
import type { ProtocolsService } from "./protocols.service";
import { sendPdf } from "../../lib/pdf-reply";

/** A protocol with its photos (compressed in the browser) and two signatures. */
export const PROTOCOL_BODY_LIMIT = 16 * 1024 * 1024;
/** One photo of up to 10 MB as a data URL. */
const PHOTO_BODY_LIMIT = 15 * 1024 * 1024;
/** The customer's signature and comments. */
const SIGN_BODY_LIMIT = 1024 * 1024;

const MessageSchema = z.object({ message: z.string() });
const SendSchema = z.object({
  customerEmail: singleLineText()
    .pipe(z.email({ error: "Ogiltig e-postadress" }))
    .optional(),
});

const sendProtocolPdf = (reply: FastifyReply, { pdf, number }: { pdf: Buffer; number: number }) =>
  sendPdf(reply, { pdf, filename: `installationsprotokoll-${number}.pdf` });

// Technicians and admins under /api/technician and /api/admin (guarded by prefix, plugins/auth-guards);
// the customer's link under /api/protocols/:publicId, public behind its 128-bit id (rules D10).
export async function protocolsRoutes(fastify: FastifyInstance, { protocols }: { protocols: ProtocolsService }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get("/api/technician/protocols", { schema: { querystring: ProtocolListQuerySchema, response: { 200: ProtocolListSchema } } }, (request) =>
    protocols.list(request.query, request.user!),
  );
  app.get("/api/technician/protocols/company-defaults", { schema: { response: { 200: CompanyDefaultsSchema } } }, () => protocols.companyDefaults());
  app.get("/api/technician/protocols/:id", { schema: { params: IdParamsSchema, response: { 200: ProtocolSchema } } }, (request) =>
    protocols.get(request.params.id, request.user!),
  );
  app.post(
    "/api/technician/protocols",
    { bodyLimit: PROTOCOL_BODY_LIMIT, schema: { body: ProtocolInputSchema, response: { 201: ProtocolSavedSchema } } },
    async (request, reply) => reply.status(201).send(await protocols.create(request.body, request.user!)),
  );
  app.patch(
    "/api/technician/protocols/:id",
    { bodyLimit: PROTOCOL_BODY_LIMIT, schema: { params: IdParamsSchema, body: ProtocolInputSchema, response: { 200: ProtocolSavedSchema } } },
    (request) => protocols.update(request.params.id, request.body, request.user!),
  );
  // A photo the browser could not decode, decoded by the server when it is added (issue 23 point 9).
  app.post(
    "/api/technician/protocol-photos",
    { bodyLimit: PHOTO_BODY_LIMIT, schema: { body: ProtocolPhotoInputSchema, response: { 200: ProtocolPhotoSchema } } },
    (request) => protocols.convertPhoto(request.body.image),
  );
  app.delete("/api/technician/protocols/:id", { schema: { params: IdParamsSchema, response: { 200: OkSchema } } }, async (request) => {
    await protocols.remove(request.params.id, request.user!);
    return { ok: true as const };
  });
  app.post(
    "/api/technician/protocols/:id/send-for-signing",
    { schema: { params: IdParamsSchema, body: SendSchema.optional(), response: { 200: MessageSchema } } },
    (request) => protocols.sendForSigning(request.params.id, request.user!, request.body?.customerEmail),
  );
  app.post("/api/technician/protocols/:id/send-email", { schema: { params: IdParamsSchema, response: { 200: MessageSchema } } }, (request) =>
    protocols.sendForSigning(request.params.id, request.user!),
  );
  app.get(
    "/api/technician/protocols/:id/pdf",
    { schema: { params: IdParamsSchema, response: { 200: z.string().describe("application/pdf") } } },
    async (request, reply) => sendProtocolPdf(reply, await protocols.pdf(request.params.id, request.user!)),
  );

  app.get("/api/admin/protocols", { schema: { querystring: ProtocolListQuerySchema, response: { 200: ProtocolListSchema } } }, (request) =>
    protocols.list(request.query, request.user!),
  );

  app.get("/api/protocols/:publicId", { schema: { params: PublicIdParamsSchema, response: { 200: CustomerProtocolSchema } } }, (request) =>
    protocols.forCustomer(request.params.publicId),
  );
  app.post(
    "/api/protocols/:publicId/customer-sign",
    { bodyLimit: SIGN_BODY_LIMIT, schema: { params: PublicIdParamsSchema, body: CustomerSignSchema, response: { 200: CustomerProtocolSchema } } },
    (request) => protocols.customerSign(request.params.publicId, request.body),
  );
  app.get(
    "/api/protocols/:publicId/pdf",
    { schema: { params: PublicIdParamsSchema, response: { 200: z.string().describe("application/pdf") } } },
    async (request, reply) => sendProtocolPdf(reply, await protocols.customerPdf(request.params.publicId)),
  );
}
