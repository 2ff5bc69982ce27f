import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { IdParamsSchema } from "@/common/schemas/common";
import {
  AgreementEndSchema,
  AgreementInputSchema,
  AgreementListQuerySchema,
  AgreementListSchema,
  AgreementSchema,
  AgreementTokenParamsSchema,
  CustomerAgreementSchema,
} from "@/common/schemas/agreements";
import type { AgreementVisitsService } from "./agreement-visits.service";
import type { AgreementsService } from "./agreements.service";

// Service agreements (issue 26): admins under /api/admin (plugins/auth-guards); the customer's page
// under /api/agreements/:token, public behind its 192-bit token.
export async function agreementsRoutes(
  fastify: FastifyInstance,
  { agreements, visits }: { agreements: AgreementsService; visits: Pick<AgreementVisitsService, "proposeNext"> },
) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const staff = (user: { id: number; name: string } | null) => ({ id: user!.id, name: user!.name });

  app.get("/api/admin/agreements", { schema: { querystring: AgreementListQuerySchema, response: { 200: AgreementListSchema } } }, (request) =>
    agreements.list(request.query),
  );
  app.post("/api/admin/agreements", { schema: { body: AgreementInputSchema, response: { 201: AgreementSchema } } }, async (request, reply) =>
    reply.status(201).send(await agreements.create(request.body, staff(request.user))),
  );
  app.get("/api/admin/agreements/:id", { schema: { params: IdParamsSchema, response: { 200: AgreementSchema } } }, (request) =>
    agreements.get(request.params.id),
  );
  // The next visit proposed now, as the morning job would (issue 26); the answer is the agreement with the event.
  app.post("/api/admin/agreements/:id/propose-visit", { schema: { params: IdParamsSchema, response: { 200: AgreementSchema } } }, async (request) => {
    await agreements.get(request.params.id); // 404 for an unknown agreement
    await visits.proposeNext(request.params.id);
    return agreements.get(request.params.id);
  });
  app.post("/api/admin/agreements/:id/pause", { schema: { params: IdParamsSchema, response: { 200: AgreementSchema } } }, (request) =>
    agreements.pause(request.params.id, staff(request.user)),
  );
  app.post("/api/admin/agreements/:id/resume", { schema: { params: IdParamsSchema, response: { 200: AgreementSchema } } }, (request) =>
    agreements.resume(request.params.id, staff(request.user)),
  );
  app.post("/api/admin/agreements/:id/end", { schema: { params: IdParamsSchema, body: AgreementEndSchema, response: { 200: AgreementSchema } } }, (request) =>
    agreements.end(request.params.id, request.body.endsOn, staff(request.user)),
  );
  app.post("/api/admin/agreements/:id/renew", { schema: { params: IdParamsSchema, response: { 200: AgreementSchema } } }, (request) =>
    agreements.renew(request.params.id, staff(request.user)),
  );
  app.post("/api/admin/agreements/:id/resend", { schema: { params: IdParamsSchema, response: { 200: AgreementSchema } } }, (request) =>
    agreements.resend(request.params.id, staff(request.user)),
  );

  app.get("/api/agreements/:token", { schema: { params: AgreementTokenParamsSchema, response: { 200: CustomerAgreementSchema } } }, (request) =>
    agreements.customerView(request.params.token),
  );
  app.post("/api/agreements/:token/accept", { schema: { params: AgreementTokenParamsSchema, response: { 200: CustomerAgreementSchema } } }, (request) =>
    agreements.accept(request.params.token, request.ip),
  );
}
