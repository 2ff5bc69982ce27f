import { and, desc, eq, inArray, ne, or, sql } from "drizzle-orm";
import pLimit from "p-limit";
import { customerSearchWords, isShortCustomerSearch, type CustomerSort, type CustomerSummary, type FieldChange } from "@/common/schemas/customers";
import { DEFAULT_CUSTOMER_SEARCHES_AT_ONCE } from "../../config";
import type { Db, PreparedQuery, SqlExecutor } from "../../db/client";
import { lockCustomerEmail } from "../../db/locks";
import {
  FOLD_FROM,
  FOLD_TO,
  swedishKeyOf,
  bookingEvents,
  bookingImages,
  bookings,
  customerChanges,
  customerDataEvents,
  customers,
  emailOutbox,
  installationProtocols,
  invoices,
  products,
  rateLimitHits,
  reminders,
  serviceAgreements,
  serviceHistory,
  sharedBookingLinks,
} from "../../db/schema";
import { bookingsPerEmailKey } from "../../lib/rate-limiter";
import { cancelVisitsAheadOf } from "../bookings/bookings.repository";

export type CustomerRow = typeof customers.$inferSelect;

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * rules §2 sort: full name, first name (the first word), last name (the last word; "von Essen" under
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
const beginsCondition = (from: string, to: string) =>
  ["sort_first", "sort_last", "sort_city"].map((key) => `(${key} >= ${from} and ${key} < ${to})`).join(" or ");

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
const typoWords = (q: string) =>
  q
    .toLocaleLowerCase("sv")
    .split(/[^\p{L}\d]+/u)
    .filter(Boolean)
    .slice(0, MAX_SEARCH_WORDS);
/** Only a word of three or more letters can hold a typo worth correcting ("070" and "kund12" are left as typed). */
const mayHoldTypo = (word: string) => /^\p{L}{3,}$/u.test(word);

/**
 * Every e-mail address a customer's data was kept under, in lower case: the register's, each
 * booking's contact copy, each of their protocols'.
 */
async function addressesOf(tx: Db, customer: CustomerRow): Promise<string[]> {
  const rows = (await tx.execute(sql`
    select lower(${customer.email}) as email
    union select lower(contact_email) from bookings where customer_id = ${customer.id}
    union select lower(customer_email) from installation_protocols where customer_id = ${customer.id}`)) as unknown as { rows: { email: string }[] };
  return rows.rows.map((row) => row.email);
}

/**
 * `searchesAtOnce`: register searches running in the database at once (CUSTOMER_SEARCHES_AT_ONCE, see
 * DEFAULT_CUSTOMER_SEARCHES_AT_ONCE for why few); the rest wait their turn here, first come first served.
 */
/**
 * Invoices after an erasure (issue 25): drafts go (not yet bookkeeping); sent invoices and credit
 * notes keep the name and address they were issued to, and their ROT buyers' identity numbers, for
 * seven years (7 kap. 2 § bokföringslagen; the erase dialog says so), but not the e-mail address, and
 * their customer link is closed (a new random token nobody has).
 */
async function eraseFromInvoices(tx: Db, customerId: number, erasedEmail: string | null) {
  await tx.delete(invoices).where(and(eq(invoices.customerId, customerId), eq(invoices.status, "draft")));
  await tx
    .update(invoices)
    .set({
      customerEmail: erasedEmail ?? `raderad-${customerId}@raderad.invalid`,
      accessToken: sql`replace(gen_random_uuid()::text, '-', '') || replace(gen_random_uuid()::text, '-', '')`,
    })
    .where(eq(invoices.customerId, customerId));
}

export function createCustomersRepository(
  db: Db,
  executor: SqlExecutor,
  { searchesAtOnce = DEFAULT_CUSTOMER_SEARCHES_AT_ONCE }: { searchesAtOnce?: number } = {},
) {
  const searchTurn = pLimit(searchesAtOnce);
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
    runPage(query, pageStatement(sort, dir, words.length, "begins"), [
      limit,
      offset,
      ...words.flatMap((word) => [swedishKeyOf(word), `${swedishKeyOf(word)}\u{10FFFF}`]),
    ]);

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
      return searchTurn(() =>
        executor.onOneConnection(async (query) => {
          if (isShortCustomerSearch(q)) return beginningPage(query, words, input.sort, input.dir, input.pageSize, offset);
          const found = await matchingPage(query, words, input.sort, input.dir, input.pageSize, offset);
          const typed = typoWords(q);
          if (found.total > 0 || q.length < 3 || !typed.some(mayHoldTypo)) return found;
          const corrected = await correctedPage(query, typed, input.sort, input.dir, input.pageSize, offset);
          return corrected.total > 0 ? corrected : found;
        }),
      );
    },

    async findById(id: number) {
      const [row] = await db
        .select({ customer: customers, ...counts })
        .from(customers)
        .where(eq(customers.id, id))
        .limit(1);
      return row;
    },

    /**
     * A new customer, or null when one with this e-mail (any case) exists: checked and written under
     * the e-mail's lock, which bookings and the import take too, so parallel requests make one.
     */
    async createUnlessEmailTaken(values: typeof customers.$inferInsert): Promise<CustomerRow | null> {
      return db.transaction(async (tx) => {
        await lockCustomerEmail(tx, values.email);
        const [taken] = await tx
          .select({ id: customers.id })
          .from(customers)
          .where(sql`lower(${customers.email}) = lower(${values.email})`)
          .limit(1);
        if (taken) return null;
        const [row] = await tx.insert(customers).values(values).returning();
        return row;
      });
    },

    /**
     * Changes a customer and records the change (who, when, which fields from what to what) in one
     * transaction. Like a create it runs under the new e-mail's lock, which bookings and the import
     * take too: an e-mail another customer has (any case) refuses it, also under parallel requests.
     * `diff` works out the changed fields from the row as it was; nothing changed records nothing.
     */
    async updateUnlessEmailTaken(
      id: number,
      values: Pick<typeof customers.$inferInsert, "name" | "email" | "phone" | "address" | "city" | "postalCode" | "notes">,
      diff: (before: CustomerRow) => FieldChange[],
      user: { id: number; name: string },
    ): Promise<{ status: "missing" | "erased" | "emailTaken" } | { status: "updated"; customer: CustomerRow }> {
      return db.transaction(async (tx) => {
        await lockCustomerEmail(tx, values.email);
        const [before] = await tx.select().from(customers).where(eq(customers.id, id)).for("update").limit(1);
        if (!before) return { status: "missing" as const };
        if (before.anonymizedAt) return { status: "erased" as const };
        const [taken] = await tx
          .select({ id: customers.id })
          .from(customers)
          .where(and(sql`lower(${customers.email}) = lower(${values.email})`, ne(customers.id, id)))
          .limit(1);
        if (taken) return { status: "emailTaken" as const };
        const changes = diff(before);
        if (changes.length === 0) return { status: "updated" as const, customer: before };
        const [customer] = await tx.update(customers).set(values).where(eq(customers.id, id)).returning();
        await tx.insert(customerChanges).values({ customerId: id, userId: user.id, userName: user.name, changes });
        return { status: "updated" as const, customer };
      });
    },

    /** A customer's edits, newest first. */
    async changesOf(customerId: number) {
      return db
        .select()
        .from(customerChanges)
        .where(eq(customerChanges.customerId, customerId))
        .orderBy(desc(customerChanges.changedAt), desc(customerChanges.id));
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
          .select({
            to: emailOutbox.to,
            subject: emailOutbox.subject,
            text: emailOutbox.text,
            status: emailOutbox.status,
            createdAt: emailOutbox.createdAt,
            sentAt: emailOutbox.sentAt,
          })
          .from(emailOutbox)
          .where(or(eq(emailOutbox.customerId, customerId), sql`lower(${emailOutbox.to}) = lower(${email})`)),
        db.select().from(reminders).where(eq(reminders.customerId, customerId)),
      ]);
      const changes = await this.changesOf(customerId);
      return { ...related, images, protocols, emails, reminders: reminderRows, changes };
    },

    async recordDataEvent(customerId: number, action: "export" | "erase" | "delete", user: { id: number; name: string }) {
      await db.insert(customerDataEvents).values({ customerId, action, userId: user.id, userName: user.name });
    },

    /**
     * Deletes a customer with no bookings, history or protocols; otherwise erases their personal data
     * (GDPR art. 17), deletes their service agreements and keeps the bookkeeping: service history
     * (dates, work, costs) and installation protocols (F-gas records the law requires, rules D21)
     * with the name, the installation address and the signatures, their contact details erased and
     * their public link closed. Either way every e-mail about the customer (to them or to the staff)
     * and the booking limit counted on their e-mail addresses go. The visits still ahead (from `today` on) are cancelled, each recorded in
     * its history as cancelled by the admin because of the erasure (`cancelNote`), so no visit stays
     * booked for a customer without an address; no e-mail goes to the address being erased. One
     * transaction, under the customer's lock.
     *
     * customers.erasure.test.ts searches every column of the database for an erased customer: a table
     * that keeps a copy of personal data needs its line here.
     */
    async deleteOrErase(
      id: number,
      input: { erasedName: string; user: { id: number; name: string }; today: string; cancelNote: string },
    ): Promise<{ result: "deleted" | "anonymized"; cancelledVisits: number } | "missing"> {
      const { erasedName, user } = input;
      return db.transaction(async (tx) => {
        const [customer] = await tx.select().from(customers).where(eq(customers.id, id)).for("update").limit(1);
        if (!customer) return "missing";
        const emails = await addressesOf(tx, customer);
        const ownProtocols = or(eq(installationProtocols.customerId, id), inArray(sql`lower(${installationProtocols.customerEmail})`, emails))!;
        // One after the other: a transaction has one connection, which takes one query at a time
        // (node-postgres queues a second one with a deprecation warning; pg 9 refuses it).
        const linked: number[] = [];
        for (const query of [
          tx
            .select({ n: sql<number>`count(*)::int` })
            .from(bookings)
            .where(eq(bookings.customerId, id)),
          tx
            .select({ n: sql<number>`count(*)::int` })
            .from(serviceHistory)
            .where(eq(serviceHistory.customerId, id)),
          tx
            .select({ n: sql<number>`count(*)::int` })
            .from(installationProtocols)
            .where(ownProtocols),
        ])
          linked.push((await query)[0].n);
        await tx.delete(emailOutbox).where(or(eq(emailOutbox.customerId, id), inArray(sql`lower(${emailOutbox.to})`, emails)));
        await tx.delete(rateLimitHits).where(inArray(rateLimitHits.key, emails.map(bookingsPerEmailKey)));
        if (linked.every((n) => n === 0)) {
          await eraseFromInvoices(tx, id, null);
          await tx.delete(customers).where(eq(customers.id, id));
          await tx.insert(customerDataEvents).values({ customerId: id, action: "delete", userId: user.id, userName: user.name });
          return { result: "deleted" as const, cancelledVisits: 0 };
        }
        const erasedEmail = `raderad-${id}@raderad.invalid`;
        await tx
          .update(customers)
          .set({
            name: erasedName,
            email: erasedEmail,
            phone: "",
            address: "",
            city: "",
            postalCode: "",
            coordinates: null,
            notes: null,
            anonymizedAt: sql`now()`,
          })
          .where(eq(customers.id, id));
        const ids = (await tx.select({ id: bookings.id }).from(bookings).where(eq(bookings.customerId, id))).map((b) => b.id);
        if (ids.length) {
          await tx
            .update(bookings)
            .set({
              contactName: erasedName,
              contactEmail: erasedEmail,
              contactPhone: "",
              address: "",
              postalCode: "",
              city: "",
              description: "",
              notes: null,
              heatpumpModel: null,
              images: [],
            })
            .where(inArray(bookings.id, ids));
          await tx.delete(bookingImages).where(inArray(bookingImages.bookingId, ids));
          await tx.update(sharedBookingLinks).set({ isActive: false }).where(inArray(sharedBookingLinks.bookingId, ids));
          // The history keeps what the customer did, as "Kund", without their name.
          await tx
            .update(bookingEvents)
            .set({ actorName: null })
            .where(and(inArray(bookingEvents.bookingId, ids), eq(bookingEvents.actor, "customer")));
          // Staff's free text about the visit (a technician's reason for cancelling) goes with the booking's notes.
          await tx.update(bookingEvents).set({ note: null }).where(inArray(bookingEvents.bookingId, ids));
        }
        const cancelled = await cancelVisitsAheadOf(tx, id, input.today, { type: "admin", userId: user.id, name: user.name }, input.cancelNote);
        await tx.delete(reminders).where(eq(reminders.customerId, id));
        // Service agreements go with the customer (issue 26): an agreement with nobody to visit or
        // invoice is over, and its acceptance (time and client address) and history name the customer.
        // The invoices of its fees are kept like any other (eraseFromInvoices).
        await tx.delete(serviceAgreements).where(eq(serviceAgreements.customerId, id));
        // The change history keeps who changed which fields and when, not the values (issue 23 point 8).
        await tx
          .update(customerChanges)
          .set({
            changes: sql`(select jsonb_agg(jsonb_build_object('field', c->>'field', 'from', null, 'to', null)) from jsonb_array_elements(${customerChanges.changes}) as c)`,
          })
          .where(eq(customerChanges.customerId, id));
        await tx.update(products).set({ notes: null }).where(eq(products.customerId, id));
        // The F-gas record keeps who and where (the erase dialog says so), not how to reach them.
        await tx
          .update(installationProtocols)
          .set({ customerEmail: erasedEmail, customerPhone: null, customerErasedAt: sql`coalesce(${installationProtocols.customerErasedAt}, now())` })
          .where(ownProtocols);
        await eraseFromInvoices(tx, id, erasedEmail);
        await tx.insert(customerDataEvents).values({ customerId: id, action: "erase", userId: user.id, userName: user.name });
        return { result: "anonymized" as const, cancelledVisits: cancelled.length };
      });
    },

    async dataEvents(customerId: number) {
      return db
        .select()
        .from(customerDataEvents)
        .where(and(eq(customerDataEvents.customerId, customerId)))
        .orderBy(desc(customerDataEvents.createdAt));
    },
  };
}
export type CustomersRepository = ReturnType<typeof createCustomersRepository>;
