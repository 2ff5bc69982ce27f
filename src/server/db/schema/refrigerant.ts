import { sql } from "drizzle-orm";
import { boolean, check, date, index, integer, numeric, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { LEAK_CHECK_METHODS, LEAK_CHECK_RESULTS } from "@/common/schemas/refrigerant";
import { bookings } from "./bookings";
import { products } from "./customers";
import { users } from "./users";

const oneOf = (values: readonly string[]) => sql.raw(values.map((value) => `'${value}'`).join(", "));

// The refrigerant register's leak checks (issue 26; 2024/573 Art. 7(1)(b), (c), (e), (f)): when, how,
// what was found, the refrigerant added and recovered, and the certified person who did it, by name
// and certificate number as they were. They go with the product (the customer's deletion takes
// both); a deleted visit or staff account leaves the check in place.
export const leakChecks = pgTable(
  "leak_checks",
  {
    id: serial("id").primaryKey(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    bookingId: integer("booking_id").references(() => bookings.id, { onDelete: "set null" }),
    checkedOn: date("checked_on").notNull(),
    method: text("method").notNull(),
    result: text("result").notNull(),
    addedKg: numeric("added_kg", { precision: 7, scale: 3, mode: "number" }).notNull().default(0),
    recoveredKg: numeric("recovered_kg", { precision: 7, scale: 3, mode: "number" }).notNull().default(0),
    technicianId: integer("technician_id").references(() => users.id, { onDelete: "set null" }),
    technicianName: text("technician_name").notNull(),
    certificate: text("certificate").notNull(),
    /** This check is the follow-up of a repaired leak (Art. 4(5)). */
    followUp: boolean("follow_up").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("leak_checks_product_idx").on(t.productId, t.checkedOn),
    index("leak_checks_booking_idx").on(t.bookingId),
    check("leak_checks_method_check", sql`${t.method} in (${oneOf(LEAK_CHECK_METHODS)})`),
    check("leak_checks_result_check", sql`${t.result} in (${oneOf(LEAK_CHECK_RESULTS)})`),
    check("leak_checks_amounts_check", sql`${t.addedKg} >= 0 and ${t.recoveredKg} >= 0`),
    check("leak_checks_certificate_check", sql`length(trim(${t.certificate})) > 0`),
  ],
);

/** Where a proposed leak check stands. */
export const LEAK_CHECK_VISIT_STATES = ["claiming", "proposed", "no-time"] as const;

// A due leak check proposed as a visit (issue 26), like an agreement's visit: one row per product and
// due date, claimed through the unique index before the booking is made, so two instances (or two
// ticks) never propose the same check twice. `latestDate` is the last day of the window the time was
// sought in, the latest the customer may move the visit to; `followUp` says the check is the
// follow-up of a repaired leak (Art. 4(5)). A check folded into a visit already booked for the product
// gets no row. The booking carries the rest; "no-time" says no free time was found (the admin books it
// by hand). As for agreements' visits, a row is "claiming" (since claimed_at) until settled, and a
// claim left 10 minutes is taken over by the next run (leak-check-visits.repository.ts). No personal data: erasure keeps the rows with the product, as it keeps its checks.
export const leakCheckVisits = pgTable(
  "leak_check_visits",
  {
    id: serial("id").primaryKey(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    /** The last day the check is on time (the register's next due date) when it was proposed. */
    dueDate: date("due_date").notNull(),
    followUp: boolean("follow_up").notNull().default(false),
    bookingId: integer("booking_id").references(() => bookings.id, { onDelete: "set null" }),
    latestDate: date("latest_date").notNull(),
    state: text("state", { enum: LEAK_CHECK_VISIT_STATES }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** When the row was last claimed (taken over): a claim still "claiming" 10 minutes on is stale. */
    claimedAt: timestamp("claimed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("leak_check_visits_product_due_idx").on(t.productId, t.dueDate),
    index("leak_check_visits_booking_idx").on(t.bookingId),
    check("leak_check_visits_state_check", sql`${t.state} in (${oneOf(LEAK_CHECK_VISIT_STATES)})`),
  ],
);
