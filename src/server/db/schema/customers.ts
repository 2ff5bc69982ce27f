import { sql } from "drizzle-orm";
import { boolean, check, date, index, integer, jsonb, numeric, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { REFRIGERANT_NAMES } from "@/common/refrigerant";
import type { FieldChange } from "@/common/schemas/customers";
import { byteText } from "./types";
import { users } from "./users";

/**
 * A sort key that orders Swedish text as Swedes expect on every database, whatever its collation:
 * lower case, å ä ö after z (as `{ | }` in byte order), é and ü with e and u.
 */
/** Letters a search may be typed without, and what they are typed as. */
export const FOLD_FROM = "åäöéèáàüæø";
export const FOLD_TO = "aaoeeaauao";
/** Capitals that lower() leaves alone on a database whose locale is plain C, and their lower case. */
const UPPER_LETTERS = "ÅÄÖÉÈÁÀÜÆØ";
const LOWER_LETTERS = "åäöéèáàüæø";

const SORT_FROM = "åäöæøéèáàüÅÄÖ";
const SORT_TO = "{|}|}eeaau{|}";
const swedishKey = (value: string) => sql.raw(`translate(lower(${value}), '${SORT_FROM}', '${SORT_TO}')`);
/** The start of a sort key as the database keys a text (for a prefix search over a sort key's index). */
export const swedishKeyOf = (text: string) => [...text.toLocaleLowerCase("sv")].map((c) => SORT_TO[SORT_FROM.indexOf(c)] ?? c).join("");

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
    // The register's search and sort keys (issue 12), kept by the database so a search over tens of
    // thousands of customers neither rebuilds the text nor recomputes a key per row.
    // In lower case, so a search compares with LIKE (about twice as fast per row as ILIKE); Å, Ä, Ö
    // and accented capitals are lowered by name too, for a server whose locale lowers only ASCII.
    searchKey: text("search_key").generatedAlwaysAs(
      sql.raw(
        `translate(lower(name || ' ' || email || ' ' || phone || ' ' || address || ' ' || postal_code || ' ' || city), '${UPPER_LETTERS}', '${LOWER_LETTERS}')`,
      ),
    ),
    sortFull: byteText("sort_full").generatedAlwaysAs(swedishKey("name")),
    sortFirst: byteText("sort_first").generatedAlwaysAs(swedishKey("split_part(trim(name), ' ', 1)")),
    // The last word: "Lars von Essen" sorts under E.
    sortLast: byteText("sort_last").generatedAlwaysAs(swedishKey("regexp_replace(trim(name), '^.*\\s', '')")),
    sortCity: byteText("sort_city").generatedAlwaysAs(swedishKey("city")),
  },
  (t) => [
    index("customers_email_idx").on(t.email),
    index("customers_city_idx").on(t.city),
    // Substrings and typos through trigrams, on both databases.
    index("customers_search_key_trgm_idx").using("gin", sql`${t.searchKey} gin_trgm_ops`),
    // The whole register in any order, a page at a time, without sorting it.
    index("customers_sort_full_idx").on(t.sortFull, t.id),
    index("customers_sort_first_idx").on(t.sortFirst, t.sortFull, t.id),
    index("customers_sort_last_idx").on(t.sortLast, t.sortFull, t.id),
    index("customers_sort_city_idx").on(t.sortCity, t.sortFull, t.id),
  ],
);

// Every word of the customers' names, streets and cities (issue 12): a typo in a search is corrected
// to the nearest of these (pg_trgm) before searching. Kept by triggers on customers (migration 0011);
// a word nobody has any more is removed with its last customer, so an erased name does not stay.
export const customerSearchWords = pgTable(
  "customer_search_words",
  {
    word: text("word").primaryKey(),
    // Compared without å, ä, ö and accents: "Bjorkvagen" is typed for Björkvägen on many keyboards.
    folded: text("folded").generatedAlwaysAs(sql.raw(`translate(word, '${FOLD_FROM}', '${FOLD_TO}')`)),
  },
  (t) => [index("customer_search_words_trgm_idx").using("gin", sql`${t.folded} gin_trgm_ops`)],
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
    customerId: integer("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    brand: text("brand"),
    model: text("model").notNull(),
    type: text("type").notNull(),
    serialNumber: text("serial_number"),
    installDate: date("install_date"),
    warrantyEnd: date("warranty_end"),
    notes: text("notes"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    // The refrigerant register (issue 26): the unit's refrigerant and charge (kg to the gram), and the
    // two facts that change its leak-check duty (2024/573 Art. 5): a leak detection system doubles
    // the interval, a hermetically sealed and labelled unit below 10 t CO2e has none. Both or neither.
    refrigerant: text("refrigerant"),
    refrigerantChargeKg: numeric("refrigerant_charge_kg", { precision: 7, scale: 3, mode: "number" }),
    leakDetection: boolean("leak_detection").notNull().default(false),
    hermeticallySealed: boolean("hermetically_sealed").notNull().default(false),
  },
  (t) => [
    index("products_customer_idx").on(t.customerId),
    index("products_install_date_idx").on(t.installDate),
    // A serial number is looked up as it compares (normalizedSerial), on every product created or imported.
    index("products_serial_idx").on(sql`upper(trim(${t.serialNumber}))`),
    check("products_refrigerant_check", sql`${t.refrigerant} in (${sql.raw(REFRIGERANT_NAMES.map((name) => `'${name}'`).join(", "))})`),
    check("products_refrigerant_charge_check", sql`${t.refrigerantChargeKg} >= 0 and (${t.refrigerant} is null) = (${t.refrigerantChargeKg} is null)`),
  ],
);

// Every edit of a customer (issue 23 point 8): who, when, and which fields from what to what.
// Goes with the customer; an erasure keeps who and when and which fields, not the values.
export const customerChanges = pgTable(
  "customer_changes",
  {
    id: serial("id").primaryKey(),
    customerId: integer("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    userName: text("user_name").notNull(),
    changedAt: timestamp("changed_at", { withTimezone: true }).notNull().defaultNow(),
    changes: jsonb("changes").$type<FieldChange[]>().notNull(),
  },
  (t) => [index("customer_changes_customer_idx").on(t.customerId, t.changedAt)],
);

// Every edit of a product (issue 23 point 8), as for customers; goes with the product. A move to
// another customer is recorded by the customers' ids, so no name stays here after an erasure.
export const productChanges = pgTable(
  "product_changes",
  {
    id: serial("id").primaryKey(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    userName: text("user_name").notNull(),
    changedAt: timestamp("changed_at", { withTimezone: true }).notNull().defaultNow(),
    changes: jsonb("changes").$type<FieldChange[]>().notNull(),
  },
  (t) => [index("product_changes_product_idx").on(t.productId, t.changedAt)],
);
