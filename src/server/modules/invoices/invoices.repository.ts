import { and, asc, count, desc, eq, gte, inArray, isNotNull, isNull, lte, ne, or, sql, type SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import type { Db, PreparedQuery } from "../../db/client";
import { lockUntilCommit } from "../../db/locks";
import { bookings, customers, invoicePayments, invoiceRotBuyers, invoices, serviceHistory, type StoredInvoiceLine } from "../../db/schema";
import { enqueueEmail, type OutboxMessage } from "../../jobs/outbox";

export type InvoiceRow = typeof invoices.$inferSelect;
export type NewInvoice = typeof invoices.$inferInsert;
export type RotBuyerRow = typeof invoiceRotBuyers.$inferSelect;
export type NewRotBuyer = Omit<typeof invoiceRotBuyers.$inferInsert, "invoiceId">;
export type PaymentRow = typeof invoicePayments.$inferSelect;
/** One row of the list. */
export type ListedInvoice = {
  id: number;
  kind: string;
  status: string;
  number: number | null;
  customerName: string;
  issueDate: string | null;
  dueDate: string | null;
  toPayOre: number;
  paidOre: number;
  rot: boolean;
  overdue: boolean;
};
export type InvoiceListFilter = "all" | "draft" | "unpaid" | "overdue" | "paid" | "credited";

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The one series of invoice numbers: numbers are taken one transaction at a time, on every instance. */
const SERIES_LOCK = "invoice-series";
/** A person's yearly ROT cap: two invoices for the same buyer are sent one at a time. */
const rotPersonLock = (personalNumber: string) => `rot-person:${personalNumber}`;

/** Sent invoices past their due date with something left to pay (credit notes are never due). */
const overdueOn = (today: string) =>
  and(eq(invoices.status, "sent"), eq(invoices.kind, "invoice"), sql`${invoices.dueDate} < ${today}::date`, sql`${invoices.paidOre} < ${invoices.toPayOre}`)!;

const dialect = new PgDialect();

/** The columns of a listed invoice (`i`), named as the API names them. */
const LISTED_COLUMNS = sql.raw(`i.id, i.kind, i.status, i.number, i.customer_name as "customerName", i.issue_date::text as "issueDate",
  i.due_date::text as "dueDate", i.to_pay_ore::float8 as "toPayOre", i.paid_ore::float8 as "paidOre", i.rot is not null as rot`);

/** Every invoice that is not overdue (a draft, whose due date is null, is not). */
const notOverdueOn = (today: string) =>
  sql`not (${invoices.status} = 'sent' and ${invoices.kind} = 'invoice' and coalesce(${invoices.dueDate} < ${today}::date, false) and ${invoices.paidOre} < ${invoices.toPayOre})`;

function filterCondition(filter: InvoiceListFilter, today: string): SQL | undefined {
  switch (filter) {
    case "draft":
      return eq(invoices.status, "draft");
    case "unpaid":
      return and(eq(invoices.status, "sent"), eq(invoices.kind, "invoice"));
    case "overdue":
      return overdueOn(today);
    case "paid":
      return eq(invoices.status, "paid");
    case "credited":
      return or(eq(invoices.status, "credited"), eq(invoices.kind, "credit"));
    default:
      return undefined;
  }
}

/** Invoices (issue 25): the only place that reads or writes them. */
export function createInvoicesRepository(db: Db, prepared: PreparedQuery) {
  async function buyersOf(executor: Db, invoiceId: number) {
    return executor.select().from(invoiceRotBuyers).where(eq(invoiceRotBuyers.invoiceId, invoiceId)).orderBy(asc(invoiceRotBuyers.position));
  }

  return {
    async customer(customerId: number) {
      const [row] = await db.select().from(customers).where(eq(customers.id, customerId));
      return row ?? null;
    },

    /** A booking with its service report, for an invoice made from a completed visit. */
    async bookingWithReport(bookingId: number) {
      const [booking] = await db.select().from(bookings).where(eq(bookings.id, bookingId));
      if (!booking) return null;
      const [report] = await db
        .select()
        .from(serviceHistory)
        .where(eq(serviceHistory.bookingId, bookingId))
        .orderBy(desc(serviceHistory.createdAt), desc(serviceHistory.id))
        .limit(1);
      return { booking, report: report ?? null };
    },

    async insertDraft(values: NewInvoice, buyers: NewRotBuyer[]) {
      return db.transaction(async (tx) => {
        const [row] = await tx.insert(invoices).values(values).returning();
        if (buyers.length) await tx.insert(invoiceRotBuyers).values(buyers.map((b) => ({ ...b, invoiceId: row.id })));
        return row;
      });
    },

    /** Replaces a draft's content; null when it is no longer a draft (sent meanwhile) or gone. */
    async updateDraft(id: number, values: Partial<NewInvoice>, buyers: NewRotBuyer[]) {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(invoices)
          .set({ ...values, updatedAt: new Date() })
          .where(and(eq(invoices.id, id), eq(invoices.status, "draft")))
          .returning();
        if (!row) return null;
        await tx.delete(invoiceRotBuyers).where(eq(invoiceRotBuyers.invoiceId, id));
        if (buyers.length) await tx.insert(invoiceRotBuyers).values(buyers.map((b) => ({ ...b, invoiceId: id })));
        return row;
      });
    },

    async deleteDraft(id: number) {
      const deleted = await db
        .delete(invoices)
        .where(and(eq(invoices.id, id), eq(invoices.status, "draft")))
        .returning({ id: invoices.id });
      return deleted.length > 0;
    },

    async find(id: number) {
      const [row] = await db.select().from(invoices).where(eq(invoices.id, id));
      return row ?? null;
    },

    async findByToken(token: string) {
      const [row] = await db
        .select()
        .from(invoices)
        .where(and(eq(invoices.accessToken, token), ne(invoices.status, "draft")));
      return row ?? null;
    },

    async details(id: number) {
      const [buyers, payments, creditNote, credited] = await Promise.all([
        buyersOf(db, id),
        db.select().from(invoicePayments).where(eq(invoicePayments.invoiceId, id)).orderBy(asc(invoicePayments.paidOn), asc(invoicePayments.id)),
        db.select({ id: invoices.id, number: invoices.number }).from(invoices).where(eq(invoices.creditedInvoiceId, id)).limit(1),
        db
          .select({ id: invoices.id, number: invoices.number })
          .from(invoices)
          .where(sql`${invoices.id} = (select credited_invoice_id from invoices where id = ${id})`)
          .limit(1),
      ]);
      return { buyers, payments, creditNote: creditNote[0] ?? null, creditedInvoice: credited[0] ?? null };
    },

    /** The sent invoices of a booking, for the customer's booking link page. */
    async sentForBooking(bookingId: number) {
      return db
        .select()
        .from(invoices)
        .where(and(eq(invoices.bookingId, bookingId), ne(invoices.status, "draft")))
        .orderBy(asc(invoices.number));
    },

    /**
     * A page of the list in one statement. "All" and "unpaid" show the overdue invoices first, the
     * longest overdue at the top, then the rest newest first: two ordered index scans (the unpaid
     * invoices' partial index by due date, the list index by creation), each stopping at the page's
     * end, instead of sorting the whole table per request; the total is counted in the same statement.
     */
    async list({ q, filter, today, limit, offset }: { q?: string; filter: InvoiceListFilter; today: string; limit: number; offset: number }) {
      const search = q ? sql`${invoices.searchKey} like ${`%${escapeLike(q.toLowerCase())}%`}` : sql`true`;
      const base = filterCondition(filter, today) ?? sql`true`;
      const take = limit + offset;
      const overdue = sql`select id, 0 as part, row_number() over (order by due_date, id) as n from (
          select id, due_date from invoices where ${overdueOn(today)} and ${search} order by due_date, id limit ${take}) as o`;
      const newest = (where: SQL) => sql`select id, 1 as part, row_number() over (order by created_at desc, id desc) as n from (
          select id, created_at from invoices where ${where} and ${search} order by created_at desc, id desc limit ${take}) as r`;
      const overdueFirst = filter === "all" || filter === "unpaid" || filter === "overdue";
      const parts = filter === "overdue" ? overdue : overdueFirst ? sql`${overdue} union all ${newest(and(base, notOverdueOn(today))!)}` : newest(base);
      // A search finds its invoices through the trigram index first, then orders those few: walking
      // an index in the list's order and testing every invoice on the way is far slower.
      const part = overdueFirst ? sql`case when ${overdueOn(today)} then 0 else 1 end` : sql`1`;
      const searched = sql`
        with hits as materialized (select id, due_date, created_at, ${part} as part from invoices where ${base} and ${search}),
          ordered as (select id, part, row_number() over (order by part, case when part = 0 then due_date end, created_at desc, id desc) as n from hits),
          page as (select id, part, n from ordered order by n limit ${limit} offset ${offset})
        select ${LISTED_COLUMNS}, page.part = 0 as overdue, totals.total
        from (select count(*)::int as total from hits) as totals
        left join (page join invoices i on i.id = page.id) on true
        order by page.n`;
      const walked = sql`
        with ordered as (${parts}),
          page as (select id, part, n from ordered order by part, n limit ${limit} offset ${offset})
        select ${LISTED_COLUMNS}, page.part = 0 as overdue, totals.total
        from (select count(*)::int as total from invoices where ${base}) as totals
        left join (page join invoices i on i.id = page.id) on true
        order by page.part, page.n`;
      // A named statement per filter and search or none: PostgreSQL keeps its plan per connection
      // (planning this statement costs about as much as running it).
      const { sql: text, params } = dialect.sqlToQuery(q ? searched : walked);
      const found = await prepared<ListedInvoice & { id: number | null; total: number }>(`invoices_list_${filter}_${q ? "search" : "walk"}`, text, params);
      const rows = found.filter((row) => row.id !== null);
      return { rows: rows.map(({ total: _total, ...row }) => row), total: found[0]?.total ?? 0 };
    },

    async overdue(today: string) {
      const [row] = await db
        .select({ count: count(), leftOre: sql<string>`coalesce(sum(${invoices.toPayOre} - ${invoices.paidOre}), 0)` })
        .from(invoices)
        .where(overdueOn(today));
      return { count: row.count, leftOre: Number(row.leftOre) };
    },

    /**
     * Sends a draft: in one transaction it locks the invoice, takes the next number of the series
     * (under the series lock, so two admins or two instances never get the same number or leave a
     * gap: a failed send rolls its number back with it), reads each ROT buyer's claimed amount this
     * year (under that person's lock), lets `complete` decide the final figures, and queues the
     * e-mail. Null when the invoice is not a draft any more.
     */
    async send(
      id: number,
      complete: (context: {
        row: InvoiceRow;
        buyers: RotBuyerRow[];
        number: number;
        claimedThisYear: (personalNumber: string, year: number) => Promise<number>;
      }) => Promise<{
        values: Partial<NewInvoice>;
        buyers: { position: number; rotOre: number; capYear: number }[];
        email: (row: InvoiceRow) => OutboxMessage;
      }>,
      firstNumber: number,
    ) {
      return db.transaction(async (tx) => {
        const [row] = await tx.select().from(invoices).where(eq(invoices.id, id)).for("update");
        if (!row || row.status !== "draft") return null;
        const buyers = await buyersOf(tx, id);
        for (const buyer of [...buyers].sort((a, b) => a.personalNumber.localeCompare(b.personalNumber))) {
          await lockUntilCommit(tx, rotPersonLock(buyer.personalNumber));
        }
        await lockUntilCommit(tx, SERIES_LOCK);
        const [{ last }] = await tx.select({ last: sql<number | null>`max(${invoices.number})` }).from(invoices);
        const number = last === null ? firstNumber : Number(last) + 1;
        const claimedThisYear = async (personalNumber: string, year: number) => {
          const [{ sum }] = await tx
            .select({ sum: sql<string>`coalesce(sum(${invoiceRotBuyers.rotOre}), 0)` })
            .from(invoiceRotBuyers)
            .innerJoin(invoices, eq(invoices.id, invoiceRotBuyers.invoiceId))
            .where(and(eq(invoiceRotBuyers.personalNumber, personalNumber), eq(invoiceRotBuyers.capYear, year), ne(invoices.status, "draft")));
          return Number(sum);
        };
        const result = await complete({ row, buyers, number, claimedThisYear });
        const [sent] = await tx
          .update(invoices)
          .set({ ...result.values, number, status: "sent", sentAt: new Date(), updatedAt: new Date() })
          .where(eq(invoices.id, id))
          .returning();
        for (const buyer of result.buyers) {
          await tx
            .update(invoiceRotBuyers)
            .set({ rotOre: buyer.rotOre, capYear: buyer.capYear })
            .where(and(eq(invoiceRotBuyers.invoiceId, id), eq(invoiceRotBuyers.position, buyer.position)));
        }
        const outboxId = await enqueueEmail(tx, result.email(sent), { customerId: sent.customerId });
        return { row: sent, outboxId };
      });
    },

    /** Whether a series has begun (the first number may then no longer change). */
    async seriesStarted() {
      const [row] = await db.select({ id: invoices.id }).from(invoices).where(isNotNull(invoices.number)).limit(1);
      return Boolean(row);
    },

    /**
     * Registers a payment under the invoice's row lock: `decide` sees the invoice as it stands and
     * returns the new paid amount and status, or throws.
     */
    async registerPayment(
      id: number,
      payment: { paidOn: string; amountOre: number; registeredBy: number },
      decide: (row: InvoiceRow) => { paidOre: number; status: string; paidOn: string | null },
    ) {
      return db.transaction(async (tx) => {
        const [row] = await tx.select().from(invoices).where(eq(invoices.id, id)).for("update");
        if (!row) return null;
        const next = decide(row);
        await tx.insert(invoicePayments).values({ invoiceId: id, ...payment });
        const [updated] = await tx
          .update(invoices)
          .set({ ...next, updatedAt: new Date() })
          .where(eq(invoices.id, id))
          .returning();
        return updated;
      });
    },

    /**
     * Credits a sent invoice: under its row lock and the series lock, inserts the credit note with the
     * next number, marks the original credited and queues the e-mail.
     */
    async credit(
      id: number,
      make: (context: { row: InvoiceRow; buyers: RotBuyerRow[]; number: number }) => {
        values: NewInvoice;
        buyers: NewRotBuyer[];
        email: (row: InvoiceRow) => OutboxMessage;
      },
    ) {
      return db.transaction(async (tx) => {
        const [row] = await tx.select().from(invoices).where(eq(invoices.id, id)).for("update");
        if (!row) return null;
        const buyers = await buyersOf(tx, id);
        await lockUntilCommit(tx, SERIES_LOCK);
        const [{ last }] = await tx.select({ last: sql<number | null>`max(${invoices.number})` }).from(invoices);
        const made = make({ row, buyers, number: Number(last) + 1 });
        const [note] = await tx.insert(invoices).values(made.values).returning();
        if (made.buyers.length) await tx.insert(invoiceRotBuyers).values(made.buyers.map((b) => ({ ...b, invoiceId: note.id })));
        await tx.update(invoices).set({ status: "credited", creditedAt: new Date(), updatedAt: new Date() }).where(eq(invoices.id, id));
        const outboxId = await enqueueEmail(tx, made.email(note), { customerId: note.customerId });
        return { row: note, outboxId };
      });
    },

    /** Paid ROT invoices whose deduction has not been claimed from Skatteverket. */
    async rotClaimable() {
      return db
        .select()
        .from(invoices)
        .where(
          and(eq(invoices.kind, "invoice"), eq(invoices.status, "paid"), isNotNull(invoices.rot), isNull(invoices.rotClaimedAt), sql`${invoices.rotOre} > 0`),
        )
        .orderBy(asc(invoices.number));
    },

    async buyersOfMany(ids: number[]) {
      if (!ids.length) return [];
      return db
        .select()
        .from(invoiceRotBuyers)
        .where(inArray(invoiceRotBuyers.invoiceId, ids))
        .orderBy(asc(invoiceRotBuyers.invoiceId), asc(invoiceRotBuyers.position));
    },

    async paymentsOfMany(ids: number[]) {
      if (!ids.length) return [];
      return db.select().from(invoicePayments).where(inArray(invoicePayments.invoiceId, ids)).orderBy(asc(invoicePayments.paidOn));
    },

    /** Marks claimable invoices as claimed; returns those it marked (one already claimed is left out). */
    async markClaimed(ids: number[]) {
      return db
        .update(invoices)
        .set({ rotClaimedAt: new Date(), updatedAt: new Date() })
        .where(and(inArray(invoices.id, ids), eq(invoices.status, "paid"), isNotNull(invoices.rot), isNull(invoices.rotClaimedAt)))
        .returning({ id: invoices.id, number: invoices.number });
    },

    /**
     * Records Skatteverket's decision under the invoice's row lock; `decide` returns the new buyer
     * parts and, when part was refused, the draft invoice for the customer.
     */
    async decideRot(
      id: number,
      decide: (context: { row: InvoiceRow; buyers: RotBuyerRow[] }) => {
        decidedOn: string;
        approvedOre: number;
        buyers: { position: number; rotOre: number }[];
        followUp: { values: NewInvoice } | null;
      },
    ) {
      return db.transaction(async (tx) => {
        const [row] = await tx.select().from(invoices).where(eq(invoices.id, id)).for("update");
        if (!row) return null;
        const buyers = await buyersOf(tx, id);
        const decision = decide({ row, buyers });
        for (const buyer of decision.buyers) {
          await tx
            .update(invoiceRotBuyers)
            .set({ rotOre: buyer.rotOre })
            .where(and(eq(invoiceRotBuyers.invoiceId, id), eq(invoiceRotBuyers.position, buyer.position)));
        }
        let followUpId: number | null = null;
        if (decision.followUp) {
          const [followUp] = await tx.insert(invoices).values(decision.followUp.values).returning({ id: invoices.id });
          followUpId = followUp.id;
        }
        const [updated] = await tx
          .update(invoices)
          .set({ rotDecidedOn: decision.decidedOn, rotApprovedOre: decision.approvedOre, rotFollowUpInvoiceId: followUpId, updatedAt: new Date() })
          .where(eq(invoices.id, id))
          .returning();
        return updated;
      });
    },

    /** What the bookkeeping export books for a period: invoices issued, payments, ROT paid out. */
    async forBookkeeping(from: string, to: string) {
      const [issued, payments, payouts] = await Promise.all([
        db
          .select()
          .from(invoices)
          .where(and(ne(invoices.status, "draft"), gte(invoices.issueDate, from), lte(invoices.issueDate, to)))
          .orderBy(asc(invoices.number)),
        db
          .select({ invoiceNumber: invoices.number, paidOn: invoicePayments.paidOn, amountOre: invoicePayments.amountOre })
          .from(invoicePayments)
          .innerJoin(invoices, eq(invoices.id, invoicePayments.invoiceId))
          .where(and(gte(invoicePayments.paidOn, from), lte(invoicePayments.paidOn, to)))
          .orderBy(asc(invoicePayments.paidOn), asc(invoicePayments.id)),
        db
          .select({ invoiceNumber: invoices.number, decidedOn: invoices.rotDecidedOn, approvedOre: invoices.rotApprovedOre })
          .from(invoices)
          .where(and(gte(invoices.rotDecidedOn, from), lte(invoices.rotDecidedOn, to), sql`${invoices.rotApprovedOre} > 0`))
          .orderBy(asc(invoices.rotDecidedOn), asc(invoices.number)),
      ]);
      return { issued, payments, payouts };
    },

    /**
     * Sent invoices whose payment reminder is due, each claimed with its e-mail in one transaction
     * (FOR UPDATE SKIP LOCKED: two instances never remind twice).
     */
    async remindDue(today: string, daysAfterDue: number, email: (row: InvoiceRow) => OutboxMessage, limit = 100) {
      return db.transaction(async (tx) => {
        const due = await tx
          .select()
          .from(invoices)
          .where(and(overdueOn(today), isNull(invoices.reminderSentAt), sql`${invoices.dueDate} + ${daysAfterDue}::int <= ${today}::date`))
          .orderBy(asc(invoices.dueDate), asc(invoices.id))
          .limit(limit)
          .for("update", { skipLocked: true });
        const outboxIds: number[] = [];
        for (const row of due) {
          await tx.update(invoices).set({ reminderSentAt: new Date() }).where(eq(invoices.id, row.id));
          outboxIds.push(await enqueueEmail(tx, email(row), { customerId: row.customerId }));
        }
        return outboxIds;
      });
    },
  };
}
export type InvoicesRepository = ReturnType<typeof createInvoicesRepository>;
export type { StoredInvoiceLine };
