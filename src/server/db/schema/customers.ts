import { sql } from "drizzle-orm";
import { date, index, integer, jsonb, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";

export const customers = pgTable(
  "customers",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    phone: text("phone").notNull(),
    address: text("address").notNull(),
    city: text("city").notNull(),
    postalCode: text("postal_code").notNull(),
    coordinates: jsonb("coordinates").$type<{ lat: number; lng: number }>(),
    notes: text("notes"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** GDPR erasure (issue 12): the contact details are gone; bookkeeping records stay. */
    anonymizedAt: timestamp("anonymized_at", { withTimezone: true }),
    /** Asked for no more service reminders (the one-click link of a reminder e-mail, issue 12). */
    remindersUnsubscribedAt: timestamp("reminders_unsubscribed_at", { withTimezone: true }),
  },
  (t) => [
    index("customers_email_idx").on(t.email),
    index("customers_city_idx").on(t.city),
    // The register's search (issue 12): substrings and typos through trigrams, on both databases.
    index("customers_search_trgm_idx").using(
      "gin",
      sql`(${t.name} || ' ' || ${t.email} || ' ' || ${t.phone} || ' ' || ${t.address} || ' ' || ${t.postalCode} || ' ' || ${t.city}) gin_trgm_ops`,
    ),
  ],
);

// Who exported or erased a customer's data, and when (GDPR accountability, issue 12). Kept after an
// erasure, so it refers to the customer by id only.
export const customerDataEvents = pgTable("customer_data_events", {
  id: serial("id").primaryKey(),
  customerId: integer("customer_id").notNull(),
  action: text("action", { enum: ["export", "erase", "delete"] }).notNull(),
  userId: integer("user_id"),
  userName: text("user_name").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

export const products = pgTable(
  "products",
  {
    id: serial("id").primaryKey(),
    customerId: integer("customer_id").notNull().references(() => customers.id, { onDelete: "cascade" }),
    brand: text("brand"),
    model: text("model").notNull(),
    type: text("type").notNull(),
    serialNumber: text("serial_number"),
    installDate: date("install_date"),
    warrantyEnd: date("warranty_end"),
    notes: text("notes"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("products_customer_idx").on(t.customerId), index("products_install_date_idx").on(t.installDate)],
);
