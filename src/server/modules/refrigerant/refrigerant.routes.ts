import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { IdParamsSchema } from "@/common/schemas/common";
import {
  ProductRefrigerantInputSchema,
  ProductTimelineSchema,
  RefrigerantReportParamsSchema,
  RegisterEntrySchema,
  RegisterListSchema,
  RegisterQuerySchema,
} from "@/common/schemas/refrigerant";
import type { RefrigerantService } from "./refrigerant.service";
import { sendPdf } from "../../lib/pdf-reply";

// The refrigerant register (issue 26), admins only by the /api/admin prefix (plugins/auth-guards.ts).
// Technicians record leak checks with their service report (technician-visits).
export async function refrigerantRoutes(fastify: FastifyInstance, { refrigerant }: { refrigerant: RefrigerantService }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get("/api/admin/refrigerant-register", { schema: { querystring: RegisterQuerySchema, response: { 200: RegisterListSchema } } }, (request) =>
    refrigerant.register(request.query.status),
  );

  app.put(
    "/api/admin/products/:id/refrigerant",
    { schema: { params: IdParamsSchema, body: ProductRefrigerantInputSchema, response: { 200: RegisterEntrySchema } } },
    (request) => refrigerant.updateProduct(request.params.id, request.body, request.user!),
  );

  app.get("/api/admin/products/:id/timeline", { schema: { params: IdParamsSchema, response: { 200: ProductTimelineSchema } } }, (request) =>
    refrigerant.timeline(request.params.id),
  );

  app.get(
    "/api/admin/customers/:id/refrigerant-report/:year.pdf",
    { schema: { params: RefrigerantReportParamsSchema, response: { 200: z.string().describe("application/pdf") } } },
    async (request, reply) => sendPdf(reply, await refrigerant.yearReport(request.params.id, request.params.year)),
  );
}
