import { CUSTOMER_PAGE_SIZE, customersText, type CustomerDeleted, type CustomerDetail, type CustomerList, type CustomerSummary } from "@/common/schemas/customers";
import type { CustomerInput } from "@/common/schemas/customers";
import type { z } from "zod";
import type { CustomerInputSchema, CustomerListQuerySchema } from "@/common/schemas/customers";
import { conflict, notFound } from "../../lib/errors";
import type { SessionUser } from "../../plugins/session";
import type { CustomerRow, CustomersRepository } from "./customers.repository";

type Summary = { customer: CustomerRow; productCount: number; bookingCount: number };

const toSummary = ({ customer, productCount, bookingCount }: Summary): CustomerSummary => ({
  id: customer.id,
  name: customer.name,
  email: customer.email,
  phone: customer.phone,
  address: customer.address,
  postalCode: customer.postalCode,
  city: customer.city,
  notes: customer.notes,
  productCount,
  bookingCount,
  anonymized: customer.anonymizedAt !== null,
  createdAt: customer.createdAt.toISOString(),
});

const money = (value: string | null) => (value === null ? null : Number(value));

/** The customer's own data: without the search and sort keys the database derives from it. */
function exportedCustomer({ searchKey: _search, sortFull: _full, sortFirst: _first, sortLast: _last, sortCity: _city, ...customer }: CustomerRow) {
  return { ...customer, anonymizedAt: customer.anonymizedAt?.toISOString() ?? null, remindersUnsubscribedAt: customer.remindersUnsubscribedAt?.toISOString() ?? null, createdAt: customer.createdAt.toISOString() };
}

/** The customer register (SPEC §2, issue 12), admin only: list, detail, create, delete or erase, export. */
export function createCustomersService(repo: CustomersRepository) {
  return {
    async list(query: z.output<typeof CustomerListQuerySchema>): Promise<CustomerList> {
      const { items, total, suggestion } = await repo.list({ ...query, pageSize: CUSTOMER_PAGE_SIZE });
      return { items, total, suggestion, page: query.page, pageSize: CUSTOMER_PAGE_SIZE };
    },

    async detail(id: number): Promise<CustomerDetail> {
      const row = await repo.findById(id);
      if (!row) throw notFound(customersText.notFound);
      const related = await repo.related(id);
      return {
        customer: toSummary(row),
        products: related.products.map((p) => ({ id: p.id, brand: p.brand, model: p.model, type: p.type, serialNumber: p.serialNumber, installDate: p.installDate, warrantyEnd: p.warrantyEnd })),
        bookings: related.bookings.map((b) => ({ id: b.id, date: b.date, timeSlot: b.timeSlot, serviceType: b.serviceType, status: b.status })),
        serviceHistory: related.serviceHistory.map((h) => ({
          id: h.id,
          serviceDate: h.serviceDate.toISOString(),
          serviceType: h.serviceType,
          technician: h.technician,
          actions: h.actions,
          cost: money(h.cost),
        })),
      };
    },

    /** A new customer; one register entry per e-mail address (bookings find customers by it). */
    async create(input: z.output<typeof CustomerInputSchema>): Promise<CustomerSummary> {
      const row = await repo.createUnlessEmailTaken({ ...input });
      if (!row) throw conflict(customersText.emailTaken);
      return toSummary({ customer: row, productCount: 0, bookingCount: 0 });
    },

    async delete(id: number, user: SessionUser): Promise<CustomerDeleted> {
      const result = await repo.deleteOrErase(id, customersText.erasedName(id), user);
      if (result === "missing") throw notFound(customersText.notFound);
      return result === "deleted"
        ? { result, message: "Kunden är borttagen." }
        : {
            result,
            message:
              "Kunden har bokningar eller historik: personuppgifterna är raderade (namn, kontaktuppgifter, adress, bilder, anteckningar), men servicehistorik och installationsprotokoll sparas för bokföring och F-gasregler.",
          };
    },

    /** Everything stored about the customer as one JSON document, images included (GDPR art. 15). */
    async export(id: number, user: SessionUser) {
      const row = await repo.findById(id);
      if (!row) throw notFound(customersText.notFound);
      const data = await repo.everything(id, row.customer.email);
      await repo.recordDataEvent(id, "export", user);
      return {
        exportedAt: new Date().toISOString(),
        exportedBy: user.name,
        customer: exportedCustomer(row.customer),
        products: data.products,
        bookings: data.bookings.map(({ during: _during, ...b }) => b),
        images: data.images.map(({ data: bytes, ...image }) => ({ ...image, dataUrl: `data:${image.contentType};base64,${Buffer.from(bytes).toString("base64")}` })),
        serviceHistory: data.serviceHistory,
        installationProtocols: data.protocols,
        reminders: data.reminders,
        emails: data.emails,
      };
    },
  };
}
export type CustomersService = ReturnType<typeof createCustomersService>;
export type { CustomerInput };
