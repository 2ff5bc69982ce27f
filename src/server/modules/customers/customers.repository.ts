import { and, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { CustomerSort, CustomerSummary } from "@/common/schemas/customers";
import type { Db } from "../../db/client";
import { FOLD_FROM, FOLD_TO, bookingImages, bookings, customerDataEvents, customers, emailOutbox, installationProtocols, products, reminders, serviceHistory, sharedBookingLinks } from "../../db/schema";

export type CustomerRow = typeof customers.$inferSelect;

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * SPEC §2 sort: full name, first name (the first word), last name (the last word; "von Essen" under
 * E) or city, in Swedish order: stored keys (schema/customers.ts) with an index each.
 */
const SORT_KEYS: Record<CustomerSort, string[]> = {
  fullName: ["sort_full"],
  firstName: ["sort_first", "sort_full"],
  lastName: ["sort_last", "sort_full"],
  city: ["sort_city", "sort_full"],
};
const orderOf = (sort: CustomerSort, dir: "asc" | "desc", table = "") => sql.raw([...SORT_KEYS[sort], "id"].map((key) => `${table}${key} ${dir}`).join(", "));

// Written out with table names: inside a subquery an unqualified "id" would be the inner table's.
const counts = {
  productCount: sql<number>`(select count(*)::int from products p where p.customer_id = "customers"."id")`,
  bookingCount: sql<number>`(select count(*)::int from bookings b where b.customer_id = "customers"."id")`,
};
/** How alike a word of a customer's text must be to the search for a typo to be forgiven (pg_trgm). */
const TYPO_SIMILARITY = 0.45;
/** Words of a search that must each be found; more are ignored. */
const MAX_SEARCH_WORDS = 6;

export function createCustomersRepository(db: Db) {
  /** Every word of the search somewhere in the customer's text ("Sandström Upps"), served by the trigram index. */
  const containingEvery = (q: string): SQL =>
    sql.join(
      q.split(/\s+/).filter(Boolean).slice(0, MAX_SEARCH_WORDS).map((word) => sql`search_text ilike ${`%${escapeLike(word)}%`}`),
      sql` and `,
    );
  /**
   * The search with each misspelt word replaced by the customers' word most like it ("Lindkvist" →
   * "lindqvist", "Upsala" → "uppsala"), or null when no word has a better match (pg_trgm similarity
   * over the small table of the customers' words, not over every customer).
   */
  async function corrected(q: string): Promise<string | null> {
    const words = q.toLowerCase().split(/[^\p{L}\d]+/u).filter(Boolean).slice(0, MAX_SEARCH_WORDS);
    const typed = words.filter((word) => /^\p{L}{3,}$/u.test(word));
    if (typed.length === 0) return null;
    // `%` (default threshold 0.3) lets the trigram index find the candidates; the closer bar is applied after.
    const found = await db.execute(sql`
      select q.typed, (
        select w.word from customer_search_words w
        where w.folded % q.folded and similarity(w.folded, q.folded) >= ${TYPO_SIMILARITY}
        order by similarity(w.folded, q.folded) desc, w.word limit 1
      ) as best
      from (select typed, translate(typed, ${FOLD_FROM}, ${FOLD_TO}) as folded from (values ${sql.join(
        typed.map((word) => sql`(${word}::text)`),
        sql`, `,
      )}) as v(typed)) as q`);
    const best = new Map((found as unknown as { rows: { typed: string; best: string | null }[] }).rows.map((r) => [r.typed, r.best]));
    const fixed = words.map((word) => best.get(word) ?? word);
    return fixed.some((word, i) => word !== words[i]) ? fixed.join(" ") : null;
  }

  type ListedRow = Omit<CustomerSummary, "createdAt"> & { createdAt: Date | string; total: number };
  const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
  /** The columns of a listed customer (CustomerSummary), from `c` in the query. */
  const listed = sql.raw(`c.id, c.name, c.email, c.phone, c.address, c.postal_code as "postalCode", c.city, c.notes,
    (select count(*)::int from products p where p.customer_id = c.id) as "productCount",
    (select count(*)::int from bookings b where b.customer_id = c.id) as "bookingCount",
    c.anonymized_at is not null as anonymized, c.created_at as "createdAt"`);

  /**
   * One page of the customers matching `where`, in order, and how many match, in one query. The
   * matches are collected first through the trigram index (a materialized CTE), then counted and
   * sorted: walking a sort key's index and filtering every customer on the way is far slower whenever
   * the matches share the sort key (a surname, sorted by last name).
   */
  async function matchingPage(where: SQL | null, sort: CustomerSort, dir: "asc" | "desc", limit: number, offset: number) {
    const rows = rowsOf<ListedRow>(
      await db.execute(
        where
          ? sql`
            with hits as materialized (select ${sql.raw([...SORT_KEYS[sort], "id"].join(", "))} from customers where ${where}),
            page as (select id from hits order by ${orderOf(sort, dir)} limit ${limit} offset ${offset})
            select ${listed}, (select count(*) from hits)::int as total from page join customers c on c.id = page.id order by ${orderOf(sort, dir, "c.")}`
          : // The whole register: a walk along the sort key's index, no sorting.
            sql`select ${listed}, (select count(*) from customers)::int as total from customers c order by ${orderOf(sort, dir, "c.")} limit ${limit} offset ${offset}`,
      ),
    );
    const total = rows.length > 0 ? rows[0].total : offset === 0 ? 0 : rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from customers ${where ? sql`where ${where}` : sql``}`))[0].n;
    const items: CustomerSummary[] = rows.map(({ total: _total, createdAt, ...row }) => ({ ...row, createdAt: new Date(createdAt).toISOString() }));
    return { items, total };
  }

  return {
    /**
     * A page of the register. The search first looks for the text itself (every word of it); only when
     * nothing contains it are typos forgiven, so "exempel" finds every e-mail at exempel.se, and
     * "Lindkvist" finds Lindqvist (the corrected search is returned as `suggestion`).
     */
    async list(input: { q: string; sort: CustomerSort; dir: "asc" | "desc"; page: number; pageSize: number }) {
      const offset = (input.page - 1) * input.pageSize;
      const q = input.q.trim();
      const page = (where: SQL | null) => matchingPage(where, input.sort, input.dir, input.pageSize, offset);
      if (!q) return { ...(await page(null)), suggestion: null };
      const found = await page(containingEvery(q));
      const suggestion = found.total === 0 && q.length >= 3 ? await corrected(q) : null;
      if (!suggestion) return { ...found, suggestion: null };
      const fixed = await page(containingEvery(suggestion));
      return { ...fixed, suggestion: fixed.total > 0 ? suggestion : null };
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
