import { desc, eq, sql, type SQL } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { IdParamsSchema as IdParams } from "@/common/schemas/common";
import {
  ListSearchSchema,
  ProductInputSchema,
  ProductListSchema,
  ProductSchema,
  ServiceHistoryEntrySchema,
  ServiceHistoryListSchema,
  productsText,
  type Product,
  type ServiceHistoryEntry,
} from "@/common/schemas/products";
import type { Db } from "../../db/client";
import { customers, products, serviceHistory } from "../../db/schema";
import { conflict, notFound, unprocessable } from "../../lib/errors";
import { createProduct } from "./products.repository";

const LIST_LIMIT = 200;
const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);
const like = (q: string) => `%${escapeLike(q)}%`;

const productColumns = { product: products, customerName: customers.name, customerCity: customers.city };
type ProductRow = { product: typeof products.$inferSelect; customerName: string; customerCity: string };
const toProduct = ({ product, customerName, customerCity }: ProductRow): Product => ({
  id: product.id,
  customerId: product.customerId,
  customerName,
  customerCity,
  type: product.type,
  brand: product.brand,
  model: product.model,
  serialNumber: product.serialNumber,
  installationDate: product.installDate,
  warrantyExpiry: product.warrantyEnd,
  notes: product.notes,
  createdAt: product.createdAt.toISOString(),
});

const historyColumns = { entry: serviceHistory, customerName: customers.name, productModel: products.model, productBrand: products.brand };
type HistoryRow = { entry: typeof serviceHistory.$inferSelect; customerName: string; productModel: string | null; productBrand: string | null };
const toHistory = ({ entry, customerName, productModel, productBrand }: HistoryRow): ServiceHistoryEntry => ({
  id: entry.id,
  customerId: entry.customerId,
  customerName,
  bookingId: entry.bookingId,
  product: productModel ? [productBrand, productModel].filter(Boolean).join(" ") : null,
  serviceDate: entry.serviceDate.toISOString(),
  serviceType: entry.serviceType,
  technician: entry.technician,
  issues: entry.issues,
  actions: entry.actions,
  parts: entry.parts,
  followUpNeeded: entry.followUpNeeded,
  status: entry.status,
  cost: entry.cost === null ? null : Number(entry.cost),
  notes: entry.notes,
});

/**
 * Products and service history (SPEC §2, §7; issue 12), admin only by the prefixes /api/products and
 * /api/service-history (plugins/auth-guards.ts). Small lists searched in SQL; the newest first.
 */
export async function productsRoutes(fastify: FastifyInstance, { db }: { db: Db }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  const productSearch = (q: string): SQL | undefined =>
    q ? sql`(coalesce(${products.brand}, '') || ' ' || ${products.model} || ' ' || coalesce(${products.serialNumber}, '') || ' ' || ${customers.name} || ' ' || ${customers.city}) ilike ${like(q)}` : undefined;

  app.get("/api/products", { schema: { querystring: ListSearchSchema, response: { 200: ProductListSchema } } }, async (request) => {
    const rows = await db
      .select(productColumns)
      .from(products)
      .innerJoin(customers, eq(customers.id, products.customerId))
      .where(productSearch(request.query.q))
      .orderBy(desc(products.id))
      .limit(LIST_LIMIT);
    return rows.map(toProduct);
  });

  app.get("/api/products/:id", { schema: { params: IdParams, response: { 200: ProductSchema } } }, async (request) => {
    const [row] = await db.select(productColumns).from(products).innerJoin(customers, eq(customers.id, products.customerId)).where(eq(products.id, request.params.id)).limit(1);
    if (!row) throw notFound(productsText.notFound);
    return toProduct(row);
  });

  app.post("/api/products", { schema: { body: ProductInputSchema, response: { 201: ProductSchema } } }, async (request, reply) => {
    const input = request.body;
    const [customer] = await db.select({ name: customers.name, city: customers.city }).from(customers).where(eq(customers.id, input.customerId)).limit(1);
    if (!customer) throw unprocessable(productsText.customerNotFound);
    const result = await createProduct(db, {
      customerId: input.customerId,
      type: input.type,
      brand: input.brand,
      model: input.model,
      serialNumber: input.serialNumber,
      installDate: input.installationDate,
      warrantyEnd: input.warrantyExpiry,
    });
    if ("serialTakenBy" in result) throw conflict(productsText.serialTaken(input.serialNumber!, result.serialTakenBy));
    return reply.status(201).send(toProduct({ product: result.created, customerName: customer.name, customerCity: customer.city }));
  });

  const historySearch = (q: string): SQL | undefined =>
    q
      ? sql`(${customers.name} || ' ' || coalesce(${serviceHistory.technician}, '') || ' ' || coalesce(${serviceHistory.issues}, '') || ' ' || coalesce(${serviceHistory.actions}, '') || ' ' || coalesce(${serviceHistory.parts}, '') || ' ' || coalesce(${products.model}, '')) ilike ${like(q)}`
      : undefined;

  app.get("/api/service-history", { schema: { querystring: ListSearchSchema, response: { 200: ServiceHistoryListSchema } } }, async (request) => {
    const rows = await db
      .select(historyColumns)
      .from(serviceHistory)
      .innerJoin(customers, eq(customers.id, serviceHistory.customerId))
      .leftJoin(products, eq(products.id, serviceHistory.productId))
      .where(historySearch(request.query.q))
      .orderBy(desc(serviceHistory.serviceDate))
      .limit(LIST_LIMIT);
    return rows.map(toHistory);
  });

  app.get("/api/service-history/:id", { schema: { params: IdParams, response: { 200: ServiceHistoryEntrySchema } } }, async (request) => {
    const [row] = await db
      .select(historyColumns)
      .from(serviceHistory)
      .innerJoin(customers, eq(customers.id, serviceHistory.customerId))
      .leftJoin(products, eq(products.id, serviceHistory.productId))
      .where(eq(serviceHistory.id, request.params.id))
      .limit(1);
    if (!row) throw notFound(productsText.historyNotFound);
    return toHistory(row);
  });
}
