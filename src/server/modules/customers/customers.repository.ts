import { and, desc, eq, inArray, sql } from "drizzle-orm";
import pLimit from "p-limit";
import { customerSearchWords, isShortCustomerSearch, type CustomerSort, type CustomerSummary } from "@/common/schemas/customers";
import type { Db, PreparedQuery, SqlExecutor } from "../../db/client";
import { lockCustomerEmail } from "../../db/locks";
import { FOLD_FROM, FOLD_TO, swedishKeyOf, bookingImages, bookings, customerDataEvents, customers, emailOutbox, installationProtocols, products, reminders, serviceHistory, sharedBookingLinks } from "../../db/schema";

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
const orderOf = (sort: CustomerSort, dir: "asc" | "desc", table = "") => [...SORT_KEYS[sort], "id"].map((key) => `${table}${key} ${dir}`).join(", ");

// Written out with table names: inside a subquery an unqualified "id" would be the inner table's.
const counts = {
  productCount: sql<number>`(select count(*)::int from products p where p.customer_id = "customers"."id")`,
  bookingCount: sql<number>`(select count(*)::int from bookings b where b.customer_id = "customers"."id")`,
};
/** How alike a word of a customer's text must be to the search for a typo to be forgiven (pg_trgm). */
const TYPO_SIMILARITY = 0.45;
/** Words of a search corrected for typos; more are ignored (as customerSearchWords does). */
const MAX_SEARCH_WORDS = 6;

/** The columns of a listed customer (CustomerSummary), from `c` in the query. */
const LISTED = `c.id, c.name, c.email, c.phone, c.address, c.postal_code as "postalCode", c.city, c.notes,
  (select count(*)::int from products p where p.customer_id = c.id) as "productCount",
  (select count(*)::int from bookings b where b.customer_id = c.id) as "bookingCount",
  c.anonymized_at is not null as anonymized,
  to_char(c.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt"`;

/**
 * The statement of one register page, named by its sort, direction, number of search words and
 * whether the words are to be corrected; PostgreSQL keeps its plan per connection.
 *
 * - No words: the whole register, a walk along the sort key's index, no sorting.
 * - Words ($3… a LIKE pattern each): the matches are collected through the trigram index first (a
 *   materialized CTE), then counted and sorted in the same statement. Walking a sort key's index and
 *   filtering every customer on the way is far slower whenever the matches share the sort key (a
 *   surname, sorted by last name).
 * - Corrected ($3 the words, $4 which of them are words a typo can be in, $5 the similarity): each
 *   such word replaced by the customers' word most like it ("lindkvist" → "lindqvist", "upsala" →
 *   "uppsala"; pg_trgm over the small table of the customers' words, not over every customer), and
 *   the corrected search run in the same statement: nothing found as typed costs one more statement,
 *   not two.
 *
 * $1 is the page size and $2 the offset. The page is left-joined to one row of totals, so a page past
 * the last one still says how many there are.
 */
function pageStatement(sort: CustomerSort, dir: "asc" | "desc", words: number, match: "contains" | "corrected" | "begins" = "contains") {
  const name = `customers_${match}_${sort}_${dir}_${words}`;
  let text = statementTexts.get(name);
  if (text === undefined) {
    text = words === 0 ? wholeRegisterText(sort, dir) : matchingText(sort, dir, words, match);
    statementTexts.set(name, text);
  }
  return { name, text };
}
const statementTexts = new Map<string, string>();

const wholeRegisterText = (sort: CustomerSort, dir: "asc" | "desc") => `
  with page as (select id from customers order by ${orderOf(sort, dir)} limit $1 offset $2)
  select ${LISTED}, totals.total, null as suggestion
  from (select count(*)::int as total from customers) as totals
  left join (page join customers c on c.id = page.id) on true
  order by ${orderOf(sort, dir, "c.")}`;

/** A word of one or two letters begins a first name, a last name or a place: $from <= key < $to on their indexes. */
const beginsCondition = (from: string, to: string) => ["sort_first", "sort_last", "sort_city"].map((key) => `(${key} >= ${from} and ${key} < ${to})`).join(" or ");

function matchingText(sort: CustomerSort, dir: "asc" | "desc", words: number, match: "contains" | "corrected" | "begins") {
  const corrected = match === "corrected";
  const pattern = (i: number) => (corrected ? `(select '%' || word || '%' from fixed where ord = ${i + 1})` : `$${i + 3}`);
  const condition = (i: number) => (match === "begins" ? `(${beginsCondition(`$${2 * i + 3}`, `$${2 * i + 4}`)})` : `search_key like ${pattern(i)}`);
  const conditions = Array.from({ length: words }, (_, i) => condition(i));
  // `%` (threshold 0.3) lets the trigram index find the candidates; the closer bar is applied after.
  const correction = `
    fixed as materialized (
      select t.ord, t.word as typed, coalesce(case when t.typo then (
        select w.word from customer_search_words w
        where w.folded % f.folded and similarity(w.folded, f.folded) >= $5
        order by similarity(w.folded, f.folded) desc, w.word limit 1
      ) end, t.word) as word
      from unnest($3::text[], $4::boolean[]) with ordinality as t(word, typo, ord),
        lateral (select translate(t.word, '${FOLD_FROM}', '${FOLD_TO}') as folded) as f
    ),
    suggestion as materialized (select string_agg(word, ' ' order by ord) as text, bool_or(word <> typed) as changed from fixed),`;
  return `
    with ${corrected ? correction : ""}
    hits as materialized (
      select ${[...SORT_KEYS[sort], "id"].join(", ")} from customers
      where ${[...(corrected ? ["(select changed from suggestion)"] : []), ...conditions].join(" and ")}
    ),
    page as (select id from hits order by ${orderOf(sort, dir)} limit $1 offset $2)
    select ${LISTED}, totals.total, ${corrected ? "(select text from suggestion)" : "null"} as suggestion
    from (select count(*)::int as total from hits) as totals
    left join (page join customers c on c.id = page.id) on true
    order by ${orderOf(sort, dir, "c.")}`;
}

/** A listed row without its total; field by field, as a page of them is built on every keystroke. */
const listedCustomer = (row: CustomerSummary): CustomerSummary => ({
  id: row.id,
  name: row.name,
  email: row.email,
  phone: row.phone,
  address: row.address,
  postalCode: row.postalCode,
  city: row.city,
  notes: row.notes,
  productCount: row.productCount,
  bookingCount: row.bookingCount,
  anonymized: row.anonymized,
  createdAt: row.createdAt,
});

/** The words of a search to correct: letters and digits only, so no LIKE wildcard is among them. */
const typoWords = (q: string) => q.toLocaleLowerCase("sv").split(/[^\p{L}\d]+/u).filter(Boolean).slice(0, MAX_SEARCH_WORDS);
/** Only a word of three or more letters can hold a typo worth correcting ("070" and "kund12" are left as typed). */
const mayHoldTypo = (word: string) => /^\p{L}{3,}$/u.test(word);

/**
 * Register searches running in the database at once, per instance. A search is CPU work in
 * PostgreSQL (counting and sorting up to thousands of matches); more at once only share the same
 * cores and all finish later, the last ones setting the p99, and they would crowd out the
 * bookings' short writes on the same pool. The rest wait their turn here, first come first served.
 */
const SEARCHES_AT_ONCE = searchesAtOnce(process.env.CUSTOMER_SEARCHES_AT_ONCE);

/** CUSTOMER_SEARCHES_AT_ONCE as a whole number from 1; anything else (unset, "", "abc", "0") is 4. */
export function searchesAtOnce(value: string | undefined): number {
  const n = Number(value);
  return value !== undefined && value.trim() !== "" && Number.isInteger(n) && n >= 1 ? n : 4;
}

export function createCustomersRepository(db: Db, executor: SqlExecutor) {
  const searchTurn = pLimit(SEARCHES_AT_ONCE);
  type ListedRow = Omit<CustomerSummary, "id"> & { id: number | null; total: number; suggestion: string | null };
  type Page = { items: CustomerSummary[]; total: number; suggestion: string | null };

  async function runPage(query: PreparedQuery, statement: { name: string; text: string }, values: unknown[]): Promise<Page> {
    const rows = await query<ListedRow>(statement.name, statement.text, values);
    const items = rows.filter((row): row is ListedRow & { id: number } => row.id !== null).map(listedCustomer);
    return { items, total: rows[0].total, suggestion: rows[0].suggestion };
  }

  /** One page of the customers containing every word, in order, and how many they are. */
  const matchingPage = (query: PreparedQuery, words: string[], sort: CustomerSort, dir: "asc" | "desc", limit: number, offset: number) =>
    runPage(query, pageStatement(sort, dir, words.length), [limit, offset, ...words.map((word) => `%${escapeLike(word)}%`)]);

  /** The same with typos corrected; the corrected search comes back as `suggestion` when it finds anyone. */
  async function correctedPage(query: PreparedQuery, words: string[], sort: CustomerSort, dir: "asc" | "desc", limit: number, offset: number) {
    const found = await runPage(query, pageStatement(sort, dir, words.length, "corrected"), [limit, offset, words, words.map(mayHoldTypo), TYPO_SIMILARITY]);
    return { ...found, suggestion: found.total > 0 ? found.suggestion : null };
  }

  /**
   * One or two letters are in nearly every customer's text, and too short for the trigram index: they
   * find the customers whose first name, last name or place begins with them, through the sort keys'
   * indexes ("Li" finds Lindqvist and Lidköping, not every e-mail at "exempel.se").
   */
  const beginningPage = (query: PreparedQuery, words: string[], sort: CustomerSort, dir: "asc" | "desc", limit: number, offset: number) =>
    runPage(query, pageStatement(sort, dir, words.length, "begins"), [limit, offset, ...words.flatMap((word) => [swedishKeyOf(word), `${swedishKeyOf(word)}\u{10FFFF}`])]);

  return {
    /**
     * A page of the register. The search first looks for the text itself (every word of it); only when
     * nothing contains it are typos forgiven, so "exempel" finds every e-mail at exempel.se, and
     * "Lindkvist" finds Lindqvist (the corrected search is returned as `suggestion`).
     */
    list(input: { q: string; sort: CustomerSort; dir: "asc" | "desc"; page: number; pageSize: number }) {
      const offset = (input.page - 1) * input.pageSize;
      const q = input.q.trim();
      // As the stored key has them: lower case.
      const words = customerSearchWords(q);
      return searchTurn(() => executor.onOneConnection(async (query) => {
        if (isShortCustomerSearch(q)) return beginningPage(query, words, input.sort, input.dir, input.pageSize, offset);
        const found = await matchingPage(query, words, input.sort, input.dir, input.pageSize, offset);
        const typed = typoWords(q);
        if (found.total > 0 || q.length < 3 || !typed.some(mayHoldTypo)) return found;
        const corrected = await correctedPage(query, typed, input.sort, input.dir, input.pageSize, offset);
        return corrected.total > 0 ? corrected : found;
      }));
    },

    async findById(id: number) {
      const [row] = await db.select({ customer: customers, ...counts }).from(customers).where(eq(customers.id, id)).limit(1);
      return row;
    },

    /**
     * A new customer, or null when one with this e-mail (any case) exists: checked and written under
     * the e-mail's lock, which bookings and the import take too, so parallel requests make one.
     */
    async createUnlessEmailTaken(values: typeof customers.$inferInsert): Promise<CustomerRow | null> {
      return db.transaction(async (tx) => {
        await lockCustomerEmail(tx, values.email);
        const [taken] = await tx.select({ id: customers.id }).from(customers).where(sql`lower(${customers.email}) = lower(${values.email})`).limit(1);
        if (taken) return null;
        const [row] = await tx.insert(customers).values(values).returning();
        return row;
      });
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
