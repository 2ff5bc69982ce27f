import { sql } from "drizzle-orm";
import { bigint, boolean, check, date, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { bookings } from "./bookings";
import { invoices } from "./invoices";
import { customers, products } from "./customers";
import { users } from "./users";

/** What an agreement's history records (AgreementEventSchema names them). */
export const AGREEMENT_EVENT_KINDS = ["created", "sent", "accepted", "paused", "resumed", "ended", "renewed", "visit-proposed", "fee-invoiced"] as const;
export type AgreementEventKind = (typeof AGREEMENT_EVENT_KINDS)[number];

// Service agreements (issue 26): one of a customer's products, a yearly price, visits a year from a
// visit month, a discount on repairs. Its status is not stored: it follows from the dates and the
// acceptance (src/common/agreements/terms.ts agreementStatus, "today" in Stockholm). The customer
// accepts through /avtal/{token}; the acceptance keeps when and from which address. Deleted with
// the customer or the product (an erased customer's agreements go too: customers.repository).
export const serviceAgreements = pgTable(
  "service_agreements",
  {
    id: serial("id").primaryKey(),
    customerId: integer("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    startDate: date("start_date").notNull(),
    /** The last day the agreement runs (both included); null: until ended. */
    endsOn: date("ends_on"),
    yearlyPriceOre: bigint("yearly_price_ore", { mode: "number" }).notNull(),
    visitsPerYear: integer("visits_per_year").notNull(),
    visitMonth: integer("visit_month").notNull(),
    repairDiscountPercent: integer("repair_discount_percent").notNull().default(0),
    autoRenew: boolean("auto_renew").notNull().default(true),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
    /** The client address the acceptance came from (admins see it; personal data, erased with the customer). */
    acceptedFrom: text("accepted_from"),
    pausedAt: timestamp("paused_at", { withTimezone: true }),
    // The customer's link (/avtal/{token}): 192 random bits in base64url, so agreements cannot be found by counting.
    token: text("token").notNull().unique(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [
    index("service_agreements_customer_idx").on(t.customerId),
    index("service_agreements_product_idx").on(t.productId),
    index("service_agreements_list_idx").on(t.createdAt, t.id),
    // A product has at most one agreement that is not ended (the service checks it under a lock per
    // product, with today's date); one that runs until ended can never have a second beside it.
    uniqueIndex("service_agreements_open_product_idx")
      .on(t.productId)
      .where(sql`${t.endsOn} is null`),
    // The ranges of src/common/schemas/agreements.ts (AgreementInputSchema).
    check("service_agreements_yearly_price_check", sql`${t.yearlyPriceOre} between 0 and 100000000`),
    check("service_agreements_visits_check", sql`${t.visitsPerYear} between 1 and 4`),
    check("service_agreements_visit_month_check", sql`${t.visitMonth} between 1 and 12`),
    check("service_agreements_discount_check", sql`${t.repairDiscountPercent} between 0 and 50`),
    check("service_agreements_ends_after_start", sql`${t.endsOn} is null or ${t.endsOn} >= ${t.startDate}`),
    check("service_agreements_token_check", sql`char_length(${t.token}) = 32`),
    // Only an accepted agreement can be paused.
    check("service_agreements_paused_when_accepted", sql`${t.pausedAt} is null or ${t.acceptedAt} is not null`),
  ],
);

// What happened to an agreement, and who did it (an admin's name, or the customer's on acceptance).
export const serviceAgreementEvents = pgTable(
  "service_agreement_events",
  {
    id: serial("id").primaryKey(),
    agreementId: integer("agreement_id")
      .notNull()
      .references(() => serviceAgreements.id, { onDelete: "cascade" }),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    kind: text("kind", { enum: AGREEMENT_EVENT_KINDS }).notNull(),
    byName: text("by_name").notNull(),
    note: text("note"),
  },
  (t) => [
    index("service_agreement_events_agreement_idx").on(t.agreementId, t.at),
    check("service_agreement_events_kind_check", sql.raw(`kind in (${AGREEMENT_EVENT_KINDS.map((k) => `'${k}'`).join(", ")})`)),
  ],
);

/** Where a proposed agreement visit stands. */
export const AGREEMENT_VISIT_STATES = ["claiming", "proposed", "no-time"] as const;

// The visit of an agreement's visit month (issue 26): one row per agreement and month, claimed
// before the booking is made, so two instances (or two ticks) can never propose the same visit
// twice: the second insert meets the unique index and proposes nothing. The booking carries the
// rest (planned until the customer or the rule confirms it; cancelled when released); "no-time"
// says no free time was found in the month (the admin books it by hand, or retries it). A row stays
// "claiming" from its claim (claimed_at) until it is settled; one still claiming 10 minutes on was
// left by a process that died, and the next run takes it over (agreement-visits.repository.ts).
export const agreementVisits = pgTable(
  "agreement_visits",
  {
    id: serial("id").primaryKey(),
    agreementId: integer("agreement_id")
      .notNull()
      .references(() => serviceAgreements.id, { onDelete: "cascade" }),
    /** 'YYYY-MM' */
    month: text("month").notNull(),
    bookingId: integer("booking_id").references(() => bookings.id, { onDelete: "set null" }),
    state: text("state", { enum: AGREEMENT_VISIT_STATES }).notNull(),
    proposedAt: timestamp("proposed_at", { withTimezone: true }).notNull().defaultNow(),
    /** When the row was last claimed (taken over): a claim still "claiming" 10 minutes on is stale. */
    claimedAt: timestamp("claimed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("agreement_visits_agreement_month_idx").on(t.agreementId, t.month),
    index("agreement_visits_booking_idx").on(t.bookingId),
    check("agreement_visits_month_check", sql`${t.month} ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'`),
    check("agreement_visits_state_check", sql.raw(`state in (${AGREEMENT_VISIT_STATES.map((k) => `'${k}'`).join(", ")})`)),
  ],
);

// The yearly fee of an agreement's year as an invoice (issue 26): one row per agreement and year,
// claimed before the invoice is made, so the fee is invoiced once whoever runs the job. The invoice
// is a draft for the office to send (an invoice deleted as a draft leaves the row: not made again).
export const agreementFeeInvoices = pgTable(
  "agreement_fee_invoices",
  {
    id: serial("id").primaryKey(),
    agreementId: integer("agreement_id")
      .notNull()
      .references(() => serviceAgreements.id, { onDelete: "cascade" }),
    /** The first day of the agreement year the fee is for. */
    yearStart: date("year_start").notNull(),
    invoiceId: integer("invoice_id").references(() => invoices.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("agreement_fee_invoices_agreement_year_idx").on(t.agreementId, t.yearStart)],
);
