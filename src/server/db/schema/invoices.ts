import { sql } from "drizzle-orm";
import { type AnyPgColumn, bigint, check, date, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { bookings } from "./bookings";
import { customers } from "./customers";
import { users } from "./users";

/** One invoice line as stored: amounts in öre, the quantity with at most two decimals. */
/** A line as stored; `discountPercent` is missing on lines saved before issue 26 (0). */
export type StoredInvoiceLine = {
  description: string;
  quantity: number;
  unit: string;
  unitPriceOre: number;
  vatRate: number;
  labour: boolean;
  discountPercent?: number;
};
/** The ROT request of an invoice, apart from its buyers (their own table: the yearly cap is summed per person). */
export type StoredRot = {
  basis: "lines" | "standard-air" | "standard-liquid";
  ratePercent: number;
  property: { kind: "house"; designation: string } | { kind: "flat"; associationOrgNumber: string; flatNumber: string };
  workType: "Vvs" | "El" | "Bygg";
  hours: number;
};
/** The company as it stood on the invoice when it was sent (a sent invoice never changes). */
export type StoredInvoiceCompany = {
  name: string;
  address: string;
  orgNumber: string;
  vatNumber: string;
  fSkatt: boolean;
  bankgiro: string;
  email: string;
  phone: string;
};

// Invoices (issue 25). Amounts are integer öre in bigint columns read as numbers. A draft has no
// number; sending gives the next number of the one series (unique, no gaps: taken under a lock in
// the transaction that sends). A sent invoice is never edited: a credit note (kind 'credit')
// references it. The customer's name and address are kept on the invoice: bookkeeping keeps the
// invoice for seven years, also after the customer's erasure.
export const invoices = pgTable(
  "invoices",
  {
    id: serial("id").primaryKey(),
    kind: text("kind").notNull().default("invoice"),
    status: text("status").notNull().default("draft"),
    number: integer("number"),
    ocr: text("ocr"),
    customerId: integer("customer_id").references(() => customers.id, { onDelete: "set null" }),
    bookingId: integer("booking_id").references(() => bookings.id, { onDelete: "set null" }),
    creditedInvoiceId: integer("credited_invoice_id").references((): AnyPgColumn => invoices.id, { onDelete: "restrict" }),
    customerName: text("customer_name").notNull(),
    customerAddress: text("customer_address").notNull(),
    customerPostalCode: text("customer_postal_code").notNull(),
    customerCity: text("customer_city").notNull(),
    customerEmail: text("customer_email").notNull(),
    company: jsonb("company").$type<StoredInvoiceCompany>(),
    issueDate: date("issue_date"),
    dueDate: date("due_date"),
    workDate: date("work_date"),
    paymentTermsDays: integer("payment_terms_days").notNull().default(30),
    lines: jsonb("lines").$type<StoredInvoiceLine[]>().notNull(),
    rot: jsonb("rot").$type<StoredRot>(),
    // The totals as computed from the lines when saved, for lists, overdue and bookkeeping.
    totalOre: bigint("total_ore", { mode: "number" }).notNull().default(0),
    rotOre: bigint("rot_ore", { mode: "number" }).notNull().default(0),
    toPayOre: bigint("to_pay_ore", { mode: "number" }).notNull().default(0),
    paidOre: bigint("paid_ore", { mode: "number" }).notNull().default(0),
    // The customer's link (/faktura/{accessToken}): random, so invoices cannot be found by counting.
    accessToken: text("access_token").notNull().unique(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    paidOn: date("paid_on"),
    creditedAt: timestamp("credited_at", { withTimezone: true }),
    reminderSentAt: timestamp("reminder_sent_at", { withTimezone: true }),
    // ROT with Skatteverket: claimed (in a claim file), then decided (approved amount, the rest refused).
    rotClaimedAt: timestamp("rot_claimed_at", { withTimezone: true }),
    rotDecidedOn: date("rot_decided_on"),
    rotApprovedOre: bigint("rot_approved_ore", { mode: "number" }),
    rotFollowUpInvoiceId: integer("rot_follow_up_invoice_id").references((): AnyPgColumn => invoices.id, { onDelete: "set null" }),
    // A search key like the customer register's: number, OCR, name, e-mail, in lower case.
    searchKey: text("search_key").generatedAlwaysAs(
      sql.raw(`lower(coalesce(number::text, '') || ' ' || coalesce(ocr, '') || ' ' || customer_name || ' ' || customer_email)`),
    ),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("invoices_number_idx").on(t.number),
    // The unpaid invoices by due date: the overdue ones, longest overdue first, without a sort.
    index("invoices_unpaid_due_idx")
      .on(t.dueDate, t.id)
      .where(sql`${t.status} = 'sent' and ${t.kind} = 'invoice' and ${t.paidOre} < ${t.toPayOre}`),
    index("invoices_customer_idx").on(t.customerId),
    index("invoices_booking_idx").on(t.bookingId),
    index("invoices_list_idx").on(t.createdAt, t.id),
    // A status's invoices newest first (drafts, paid, unpaid) without walking the others.
    index("invoices_status_list_idx").on(t.status, t.createdAt, t.id),
    index("invoices_search_key_trgm_idx").using("gin", sql`${t.searchKey} gin_trgm_ops`),
    check("invoices_kind_check", sql`${t.kind} in ('invoice', 'credit')`),
    check("invoices_status_check", sql`${t.status} in ('draft', 'sent', 'paid', 'credited')`),
    check("invoices_number_when_sent", sql`(${t.status} = 'draft') = (${t.number} is null)`),
  ],
);

// The ROT buyers of an invoice (one or two), with each one's identity number (12 digits) and part
// of the deduction. The yearly cap per person is the sum of these over the year's sent invoices.
export const invoiceRotBuyers = pgTable(
  "invoice_rot_buyers",
  {
    invoiceId: integer("invoice_id")
      .notNull()
      .references(() => invoices.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    personalNumber: text("personal_number").notNull(),
    sharePercent: integer("share_percent").notNull(),
    rotOre: bigint("rot_ore", { mode: "number" }).notNull().default(0),
    // The year whose cap the part counts against (the invoice's issue year), set when sent.
    capYear: integer("cap_year"),
  },
  (t) => [primaryKey({ columns: [t.invoiceId, t.position] }), index("invoice_rot_buyers_person_idx").on(t.personalNumber, t.capYear)],
);

// Payments registered by an admin (part payments allowed).
export const invoicePayments = pgTable(
  "invoice_payments",
  {
    id: serial("id").primaryKey(),
    invoiceId: integer("invoice_id")
      .notNull()
      .references(() => invoices.id, { onDelete: "cascade" }),
    paidOn: date("paid_on").notNull(),
    amountOre: bigint("amount_ore", { mode: "number" }).notNull(),
    registeredBy: integer("registered_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("invoice_payments_invoice_idx").on(t.invoiceId), index("invoice_payments_paid_on_idx").on(t.paidOn)],
);
