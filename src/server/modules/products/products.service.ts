import type { z } from "zod";
import type { RecordChange } from "@/common/schemas/customers";
import { productsText, type Product, type ProductDetail, type ProductInputSchema, type ServiceHistoryEntry } from "@/common/schemas/products";
import { conflict, notFound, unprocessable } from "../../lib/errors";
import { fieldChanges } from "../../lib/field-changes";
import type { SessionUser } from "../../plugins/session";
import { toRecordChange } from "../customers/customers.service";
import type { HistoryRow, Place, ProductRow, ProductsRepository } from "./products.repository";

type ProductInput = z.output<typeof ProductInputSchema>;

/** The fields an edit may change, as the form names them (the change history records these). */
const EDITABLE = ["customerId", "type", "brand", "model", "serialNumber", "installationDate", "warrantyExpiry"] as const;

/** A product row in the form's names, for comparing with an edit. */
const asInput = (row: ProductRow) => ({
  customerId: row.customerId,
  type: row.type,
  brand: row.brand,
  model: row.model,
  serialNumber: row.serialNumber,
  installationDate: row.installDate,
  warrantyExpiry: row.warrantyEnd,
});

export const toProduct = ({ product, customerName, customerCity }: { product: ProductRow; customerName: string; customerCity: string }): Product => ({
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

/** "Storgatan 12, 753 20 Uppsala", or null when nothing is known (an erased customer). */
const placeText = (place: Place | null) => {
  const text = [place?.address, [place?.postalCode, place?.city].filter(Boolean).join(" ")].filter(Boolean).join(", ");
  return text || null;
};

const toHistory = ({ entry, customerName, productModel, productBrand, bookingPlace, customerPlace }: HistoryRow): ServiceHistoryEntry => ({
  id: entry.id,
  customerId: entry.customerId,
  customerName,
  bookingId: entry.bookingId,
  product: productModel ? [productBrand, productModel].filter(Boolean).join(" ") : null,
  place: placeText(bookingPlace) ?? placeText(customerPlace),
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
 * Products and service history (rules §2, §7; issue 12) and products' edits with their history
 * (issue 23 point 8); admin only by the prefixes /api/products and /api/service-history.
 */
export function createProductsService(repo: ProductsRepository) {
  /**
   * The history as admins read it: a move to another customer is stored by the customers' ids (no
   * name stays behind an erasure) and shown by their names as the register has them now.
   */
  async function history(productId: number): Promise<RecordChange[]> {
    const rows = (await repo.changesOf(productId)).map(toRecordChange);
    const ids = rows
      .flatMap((row) => row.changes.filter((c) => c.field === "customerId").flatMap((c) => [c.from, c.to]))
      .filter((v): v is string => v !== null);
    const names = await repo.customerNames([...new Set(ids.map(Number))]);
    const nameOf = (id: string | null) => (id === null ? null : (names.get(Number(id)) ?? productsText.customerNotFound));
    return rows.map((row) => ({ ...row, changes: row.changes.map((c) => (c.field === "customerId" ? { ...c, from: nameOf(c.from), to: nameOf(c.to) } : c)) }));
  }

  return {
    async list(q: string): Promise<Product[]> {
      return (await repo.list(q)).map(toProduct);
    },

    /** A new product of an existing customer; a serial number already registered refuses it. */
    async create(input: ProductInput): Promise<Product> {
      const customer = await repo.customer(input.customerId);
      if (!customer) throw unprocessable(productsText.customerNotFound);
      const result = await repo.create({
        customerId: input.customerId,
        type: input.type,
        brand: input.brand,
        model: input.model,
        serialNumber: input.serialNumber,
        installDate: input.installationDate,
        warrantyEnd: input.warrantyExpiry,
      });
      if ("serialTakenBy" in result) throw conflict(productsText.serialTaken(input.serialNumber!, result.serialTakenBy));
      return toProduct({ product: result.created, customerName: customer.name, customerCity: customer.city });
    },

    async history(q: string): Promise<ServiceHistoryEntry[]> {
      return (await repo.history(q)).map(toHistory);
    },

    async historyEntry(id: number): Promise<ServiceHistoryEntry> {
      const row = await repo.historyEntry(id);
      if (!row) throw notFound(productsText.historyNotFound);
      return toHistory(row);
    },

    async detail(id: number): Promise<ProductDetail> {
      const row = await repo.findWithCustomer(id);
      if (!row) throw notFound(productsText.notFound);
      return { ...toProduct(row), changes: await history(id) };
    },

    /** Changes a product: validated as a create is, its serial number still one unit's, recorded with who and when. */
    async update(id: number, input: ProductInput, user: SessionUser): Promise<ProductDetail> {
      const values = {
        customerId: input.customerId,
        type: input.type,
        brand: input.brand,
        model: input.model,
        serialNumber: input.serialNumber,
        installDate: input.installationDate,
        warrantyEnd: input.warrantyExpiry,
      };
      const result = await repo.update(id, values, (before) => fieldChanges(asInput(before), input, EDITABLE), user);
      if (result.status === "missing") throw notFound(productsText.notFound);
      if (result.status === "customerMissing") throw unprocessable(productsText.customerNotFound);
      if (result.status === "serialTaken") throw conflict(productsText.serialTaken(input.serialNumber!, result.customerName));
      return this.detail(id);
    },
  };
}
export type ProductsService = ReturnType<typeof createProductsService>;
