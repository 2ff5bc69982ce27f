import { and, asc, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { CustomerSort } from "@/common/schemas/customers";
import type { Db } from "../../db/client";
import { bookingImages, bookings, customerDataEvents, customers, emailOutbox, installationProtocols, products, reminders, serviceHistory, sharedBookingLinks } from "../../db/schema";

export type CustomerRow = typeof customers.$inferSelect;

/** The same expression as customers_search_trgm_idx, so the trigram index serves the search. */
const searchText = sql`(${customers.name} || ' ' || ${customers.email} || ' ' || ${customers.phone} || ' ' || ${customers.address} || ' ' || ${customers.postalCode} || ' ' || ${customers.city})`;

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * A sort key that orders Swedish names as Swedes expect on every database, whatever its collation:
 * lower case, å ä ö after z (as `{ | }` in byte order), é and ü with e and u.
 */
const swedishKey = (value: SQL) => sql`translate(lower(${value}), 'åäöæøéèáàüÅÄÖ', '{|}|}eeaau{|}') collate "C"`;

/** SPEC §2 sort: full name, first name (the first word), last name (the last word; "von Essen" under E) or city. */
const SORT_KEYS: Record<CustomerSort, SQL> = {
  fullName: swedishKey(sql`${customers.name}`),
  firstName: swedishKey(sql`split_part(trim(${customers.name}), ' ', 1)`),
  lastName: swedishKey(sql`regexp_replace(trim(${customers.name}), '^.*\\s', '')`),
  city: swedishKey(sql`${customers.city}`),
};

// Written out with table names: inside a subquery an unqualified "id" would be the inner table's.
const counts = {
  productCount: sql<number>`(select count(*)::int from products p where p.customer_id = "customers"."id")`,
  bookingCount: sql<number>`(select count(*)::int from bookings b where b.customer_id = "customers"."id")`,
};
/** How alike a word of a customer's text must be to the search for a typo to be forgiven (pg_trgm). */
const TYPO_SIMILARITY = "0.45";

export function createCustomersRepository(db: Db) {
  /** Text that contains the search (a phone number's digits, part of an address or an e-mail). */
  const containing = (q: string): SQL | undefined => (q ? sql`${searchText} ilike ${`%${escapeLike(q)}%`}` : undefined);
  /** Text with a word like the search: a forgiven typo (pg_trgm word similarity, served by the index). */
  const resembling = (q: string): SQL => sql`${q} <% ${searchText}`;

  return {
    /**
     * A page of the register. The search first looks for the text itself; only when nothing contains
     * it are typos forgiven, so "exempel" finds every e-mail at exempel.se, and "Lindkvist" finds Lindqvist.
     */
    async list(input: { q: string; sort: CustomerSort; dir: "asc" | "desc"; page: number; pageSize: number }) {
      const direction = input.dir === "asc" ? asc : desc;
      // The typo threshold is set for this transaction only, so the `<%` operator (and its index) uses it.
      return db.transaction(async (tx) => {
        const page = async (where: SQL | undefined) => {
          const [{ total }] = await tx.select({ total: sql<number>`count(*)::int` }).from(customers).where(where);
          if (total === 0) return { rows: [], total };
          const rows = await tx
            .select({ customer: customers, ...counts })
            .from(customers)
            .where(where)
            .orderBy(direction(SORT_KEYS[input.sort]), direction(SORT_KEYS.fullName), asc(customers.id))
            .limit(input.pageSize)
            .offset((input.page - 1) * input.pageSize);
          return { rows, total };
        };
        const found = await page(containing(input.q));
        if (found.total > 0 || input.q.length < 3) return found;
        await tx.execute(sql`select set_config('pg_trgm.word_similarity_threshold', ${TYPO_SIMILARITY}, true)`);
        return page(resembling(input.q));
      });
    },

    async findById(id: number) {
      const [row] = await db.select({ customer: customers, ...counts }).from(customers).where(eq(customers.id, id)).limit(1);
      return row;
    },

    async findByEmail(email: string) {
      const [row] = await db.select({ id: customers.id }).from(customers).where(sql`lower(${customers.email}) = lower(${email})`).limit(1);
      return row;
    },

    async create(values: typeof customers.$inferInsert) {
      const [row] = await db.insert(customers).values(values).returning();
      return row;
    },

    async related(customerId: number) {
      const [productRows, bookingRows, historyRows] = await Promise.all([
        db.select().from(products).where(eq(products.customerId, customerId)).orderBy(desc(products.installDate)),
        db.select().from(bookings).where(eq(bookings.customerId, customerId)).orderBy(desc(bookings.date)),
        db.select().from(serviceHistory).where(eq(serviceHistory.customerId, customerId)).orderBy(desc(serviceHistory.serviceDate)),
      ]);
      return { products: productRows, bookings: bookingRows, serviceHistory: historyRows };
    },

    /** Everything stored about a customer (GDPR access, issue 12), images and e-mails included. */
    async everything(customerId: number, email: string) {
      const related = await this.related(customerId);
      const bookingIds = related.bookings.map((b) => b.id);
      const [images, protocols, emails, reminderRows] = await Promise.all([
        bookingIds.length ? db.select().from(bookingImages).where(inArray(bookingImages.bookingId, bookingIds)) : Promise.resolve([]),
        db.select().from(installationProtocols).where(eq(installationProtocols.customerId, customerId)),
        db
          .select({ to: emailOutbox.to, subject: emailOutbox.subject, text: emailOutbox.text, status: emailOutbox.status, createdAt: emailOutbox.createdAt, sentAt: emailOutbox.sentAt })
          .from(emailOutbox)
          .where(sql`lower(${emailOutbox.to}) = lower(${email})`),
        db.select().from(reminders).where(eq(reminders.customerId, customerId)),
      ]);
      return { ...related, images, protocols, emails, reminders: reminderRows };
    },

    async recordDataEvent(customerId: number, action: "export" | "erase" | "delete", user: { id: number; name: string }) {
      await db.insert(customerDataEvents).values({ customerId, action, userId: user.id, userName: user.name });
    },

    /**
     * Deletes a customer with no bookings, history or protocols; otherwise erases their personal data
     * (GDPR art. 17) and keeps the bookkeeping: service history (dates, work, costs) and installation
     * protocols (F-gas records the law requires, DECISIONS 21). One transaction, under the customer's lock.
     */
    async deleteOrErase(id: number, erasedName: string, user: { id: number; name: string }): Promise<"deleted" | "anonymized" | "missing"> {
      return db.transaction(async (tx) => {
        const [customer] = await tx.select().from(customers).where(eq(customers.id, id)).for("update").limit(1);
        if (!customer) return "missing";
        const linked = await Promise.all(
          [
            tx.select({ n: sql<number>`count(*)::int` }).from(bookings).where(eq(bookings.customerId, id)),
            tx.select({ n: sql<number>`count(*)::int` }).from(serviceHistory).where(eq(serviceHistory.customerId, id)),
            tx.select({ n: sql<number>`count(*)::int` }).from(installationProtocols).where(eq(installationProtocols.customerId, id)),
          ].map(async (query) => (await query)[0].n),
        );
        const email = customer.email;
        await tx.delete(emailOutbox).where(sql`lower(${emailOutbox.to}) = lower(${email})`);
        if (linked.every((n) => n === 0)) {
          await tx.delete(customers).where(eq(customers.id, id));
          await tx.insert(customerDataEvents).values({ customerId: id, action: "delete", userId: user.id, userName: user.name });
          return "deleted";
        }
        const erasedEmail = `raderad-${id}@raderad.invalid`;
        await tx
          .update(customers)
          .set({ name: erasedName, email: erasedEmail, phone: "", address: "", city: "", postalCode: "", coordinates: null, notes: null, anonymizedAt: sql`now()` })
          .where(eq(customers.id, id));
        const ids = (await tx.select({ id: bookings.id }).from(bookings).where(eq(bookings.customerId, id))).map((b) => b.id);
        if (ids.length) {
          await tx
            .update(bookings)
            .set({ contactName: erasedName, contactEmail: erasedEmail, contactPhone: "", address: "", postalCode: "", city: "", description: "", notes: null, heatpumpModel: null, images: [] })
            .where(inArray(bookings.id, ids));
          await tx.delete(bookingImages).where(inArray(bookingImages.bookingId, ids));
          await tx.update(sharedBookingLinks).set({ isActive: false }).where(inArray(sharedBookingLinks.bookingId, ids));
        }
        await tx.delete(reminders).where(eq(reminders.customerId, id));
        await tx.update(products).set({ notes: null }).where(eq(products.customerId, id));
        await tx.insert(customerDataEvents).values({ customerId: id, action: "erase", userId: user.id, userName: user.name });
        return "anonymized";
      });
    },

    async dataEvents(customerId: number) {
      return db.select().from(customerDataEvents).where(and(eq(customerDataEvents.customerId, customerId))).orderBy(desc(customerDataEvents.createdAt));
    },
  };
}
export type CustomersRepository = ReturnType<typeof createCustomersRepository>;
