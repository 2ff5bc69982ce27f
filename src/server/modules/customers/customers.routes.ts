import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { IdParamsSchema as IdParams } from "@/common/schemas/common";
import {
  CustomerDeletedSchema,
  CustomerDetailSchema,
  CustomerInputSchema,
  CustomerListQuerySchema,
  CustomerListSchema,
  CustomerSummarySchema,
} from "@/common/schemas/customers";
import type { CustomersService } from "./customers.service";

// Admin only: /api/customers is an admin prefix in plugins/auth-guards.ts (rules D18).
export async function customersRoutes(fastify: FastifyInstance, { customers }: { customers: CustomersService }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get("/api/customers", { schema: { querystring: CustomerListQuerySchema, response: { 200: CustomerListSchema } } }, (request) =>
    customers.list(request.query),
  );

  app.get("/api/customers/:id", { schema: { params: IdParams, response: { 200: CustomerDetailSchema } } }, (request) => customers.detail(request.params.id));

  app.post("/api/customers", { schema: { body: CustomerInputSchema, response: { 201: CustomerSummarySchema } } }, async (request, reply) =>
    reply.status(201).send(await customers.create(request.body)),
  );

  // Issue 23 point 8: an edit takes what a create takes, and is recorded with who and when.
  app.put("/api/customers/:id", { schema: { params: IdParams, body: CustomerInputSchema, response: { 200: CustomerSummarySchema } } }, (request) =>
    customers.update(request.params.id, request.body, request.user!),
  );

  app.delete("/api/customers/:id", { schema: { params: IdParams, response: { 200: CustomerDeletedSchema } } }, (request) =>
    customers.delete(request.params.id, request.user!),
  );

  app.get("/api/customers/:id/export", { schema: { params: IdParams, response: { 200: z.unknown() } } }, async (request, reply) => {
    const data = await customers.export(request.params.id, request.user!);
    return reply
      .header("content-disposition", `attachment; filename="kunddata-${request.params.id}.json"`)
      .header("cache-control", "no-store")
      .type("application/json; charset=utf-8")
      .send(JSON.stringify(data, null, 2));
  });
}
