import {
  CUSTOMER_PAGE_SIZE,
  customersText,
  type CustomerDeleted,
  type CustomerDetail,
  type CustomerList,
  type CustomerSummary,
  type RecordChange,
} from "@/common/schemas/customers";
import type { CustomerInput } from "@/common/schemas/customers";
import type { z } from "zod";
import type { CustomerInputSchema, CustomerListQuerySchema } from "@/common/schemas/customers";
import { conflict, notFound } from "../../lib/errors";
import { fieldChanges } from "../../lib/field-changes";
import type { SessionUser } from "../../plugins/session";
import { isActiveVisit } from "../bookings/bookings.repository";
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

const toCustomerBooking = (b: { id: number; date: string; timeSlot: string; serviceType: string; status: string }) => ({
  id: b.id,
  date: b.date,
  timeSlot: b.timeSlot,
  serviceType: b.serviceType,
  status: b.status,
});

const money = (value: string | null) => (value === null ? null : Number(value));

/** The fields an edit may change, as the form names them: the change history records these. */
const EDITABLE = ["name", "email", "phone", "address", "postalCode", "city", "notes"] as const;

/** A change history row as the API shows it. */
export const toRecordChange = (row: { id: number; changedAt: Date; userName: string; changes: RecordChange["changes"] }): RecordChange => ({
  id: row.id,
  at: row.changedAt.toISOString(),
  userName: row.userName,
  changes: row.changes,
});

/** The customer's own data: without the search and sort keys the database derives from it. */
function exportedCustomer({ searchKey: _search, sortFull: _full, sortFirst: _first, sortLast: _last, sortCity: _city, ...customer }: CustomerRow) {
  return {
    ...customer,
    anonymizedAt: customer.anonymizedAt?.toISOString() ?? null,
    remindersUnsubscribedAt: customer.remindersUnsubscribedAt?.toISOString() ?? null,
    createdAt: customer.createdAt.toISOString(),
  };
}

type Deps = {
  /** Today in Stockholm: the erasure cancels the visits from today on. */
  today: () => string;
  /** Called when an erasure cancelled visits (after its commit): their times are free again. */
  onBookingsChanged: () => void;
};

/** The customer register (rules §2, issue 12), admin only: list, detail, create, delete or erase, export. */
export function createCustomersService(repo: CustomersRepository, { today, onBookingsChanged }: Deps) {
  return {
    async list(query: z.output<typeof CustomerListQuerySchema>): Promise<CustomerList> {
      const { items, total, suggestion } = await repo.list({ ...query, pageSize: CUSTOMER_PAGE_SIZE });
      return { items, total, suggestion, page: query.page, pageSize: CUSTOMER_PAGE_SIZE };
    },

    async detail(id: number): Promise<CustomerDetail> {
      const row = await repo.findById(id);
      if (!row) throw notFound(customersText.notFound);
      const [related, changes] = await Promise.all([repo.related(id), repo.changesOf(id)]);
      return {
        customer: toSummary(row),
        products: related.products.map((p) => ({
          id: p.id,
          brand: p.brand,
          model: p.model,
          type: p.type,
          serialNumber: p.serialNumber,
          installDate: p.installDate,
          warrantyEnd: p.warrantyEnd,
        })),
        bookings: related.bookings.map(toCustomerBooking),
        visitsAhead: related.bookings
          .filter((b) => b.date >= today() && isActiveVisit(b.status))
          .map(toCustomerBooking)
          .sort((a, b) => a.date.localeCompare(b.date) || a.timeSlot.localeCompare(b.timeSlot)),
        serviceHistory: related.serviceHistory.map((h) => ({
          id: h.id,
          serviceDate: h.serviceDate.toISOString(),
          serviceType: h.serviceType,
          technician: h.technician,
          actions: h.actions,
          cost: money(h.cost),
        })),
        changes: changes.map(toRecordChange),
      };
    },

    /** A new customer; one register entry per e-mail address (bookings find customers by it). */
    async create(input: z.output<typeof CustomerInputSchema>): Promise<CustomerSummary> {
      const row = await repo.createUnlessEmailTaken({ ...input });
      if (!row) throw conflict(customersText.emailTaken);
      return toSummary({ customer: row, productCount: 0, bookingCount: 0 });
    },

    /**
     * Changes a customer (issue 23 point 8): validated by the create schema, the e-mail still one
     * customer's only, the change recorded with who and when. An erased customer stays erased.
     */
    async update(id: number, input: z.output<typeof CustomerInputSchema>, user: SessionUser): Promise<CustomerSummary> {
      const result = await repo.updateUnlessEmailTaken(id, input, (before) => fieldChanges(before, input, EDITABLE), user);
      if (result.status === "missing") throw notFound(customersText.notFound);
      if (result.status === "erased") throw conflict(customersText.erasedNoEdit);
      if (result.status === "emailTaken") throw conflict(customersText.emailTaken);
      const row = await repo.findById(id);
      if (!row) throw notFound(customersText.notFound);
      return toSummary(row);
    },

    /**
     * Deletes or erases the customer (customers.repository deleteOrErase); an erasure cancels the
     * visits ahead, and the answer says how many.
     */
    async delete(id: number, user: SessionUser): Promise<CustomerDeleted> {
      const done = await repo.deleteOrErase(id, {
        erasedName: customersText.erasedName(id),
        user,
        today: today(),
        cancelNote: customersText.cancelledByErasure,
      });
      if (done === "missing") throw notFound(customersText.notFound);
      if (done.cancelledVisits > 0) onBookingsChanged();
      const message = done.result === "deleted" ? customersText.removed : customersText.erased;
      return { ...done, message: done.cancelledVisits > 0 ? `${message} ${customersText.visitsCancelled(done.cancelledVisits)}` : message };
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
        images: data.images.map(({ data: bytes, ...image }) => ({
          ...image,
          dataUrl: `data:${image.contentType};base64,${Buffer.from(bytes).toString("base64")}`,
        })),
        serviceHistory: data.serviceHistory,
        installationProtocols: data.protocols,
        reminders: data.reminders,
        emails: data.emails,
        changes: data.changes.map(toRecordChange),
      };
    },
  };
}
export type CustomersService = ReturnType<typeof createCustomersService>;
export type { CustomerInput };
