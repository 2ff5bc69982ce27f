import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { IdParamsSchema as IdParams } from "@/common/schemas/common";
import {
  ListSearchSchema,
  ProductDetailSchema,
  ProductInputSchema,
  ProductListSchema,
  ProductSchema,
  ServiceHistoryEntrySchema,
  ServiceHistoryListSchema,
} from "@/common/schemas/products";
import type { ProductsService } from "./products.service";

/**
 * Products and service history (rules §2, §7; issue 12), admin only by the prefixes /api/products and
 * /api/service-history (plugins/auth-guards.ts). Small lists searched in SQL; the newest first.
 */
export async function productsRoutes(fastify: FastifyInstance, { products }: { products: ProductsService }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get("/api/products", { schema: { querystring: ListSearchSchema, response: { 200: ProductListSchema } } }, (request) => products.list(request.query.q));

  // The product with its change history; PUT takes what POST takes (issue 23 point 8).
  app.get("/api/products/:id", { schema: { params: IdParams, response: { 200: ProductDetailSchema } } }, (request) => products.detail(request.params.id));

  app.put("/api/products/:id", { schema: { params: IdParams, body: ProductInputSchema, response: { 200: ProductDetailSchema } } }, (request) =>
    products.update(request.params.id, request.body, request.user!),
  );

  app.post("/api/products", { schema: { body: ProductInputSchema, response: { 201: ProductSchema } } }, async (request, reply) =>
    reply.status(201).send(await products.create(request.body)),
  );

  app.get("/api/service-history", { schema: { querystring: ListSearchSchema, response: { 200: ServiceHistoryListSchema } } }, (request) =>
    products.history(request.query.q),
  );

  app.get("/api/service-history/:id", { schema: { params: IdParams, response: { 200: ServiceHistoryEntrySchema } } }, (request) =>
    products.historyEntry(request.params.id),
  );
}
