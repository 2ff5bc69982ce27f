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
  },
  (t) => [index("customers_email_idx").on(t.email), index("customers_city_idx").on(t.city)],
);

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
