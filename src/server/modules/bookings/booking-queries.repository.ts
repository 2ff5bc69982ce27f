import { and, asc, desc, eq, gt, gte, inArray, isNull, lt, lte, ne, notInArray, or, sql, type AnyColumn, type SQL } from "drizzle-orm";
import { isIsoDate } from "@/common/booking-rules";
import type { AdminBookingListQuery } from "@/common/schemas/admin-bookings";
import type { Db } from "../../db/client";
import { bookableTechnicians, heldOn, technicianLoad, visitCounts } from "./booking-capacity.repository";
import { bookingEvents, bookings, customers, emailOutbox, products, sharedBookingLinks, users } from "../../db/schema";
import { FINISHED_STATUSES, type BookingRow } from "./booking-records.repository";
import type { BookingMediaRepository } from "./booking-media.repository";

/**
 * The staff's and the jobs' reads of bookings: the admin list, detail and overview, the technician
 * portal's visits, and the taken times. `media` gives the detail pages their images.
 */
export function createBookingQueriesRepository(db: Db, media: Pick<BookingMediaRepository, "imagesOf">) {
  /** The admin list's statements of one shape, prepared once (see list()). */
  function prepareList(shape: ListShape) {
    const name = `admin_list_${shape.status ? "s" : ""}${shape.serviceType ? "t" : ""}_${shape.search}_${shape.sort}`;
    const where = listConditions(shape);
    const count = db
      .select({ n: sql<number>`count(*)::int` })
      .from(bookings)
      .where(where)
      .prepare(`${name}_count`);
    if (shape.search === "none") {
      const page = db
        .select({ ...listColumns, total: sql<number>`0`.mapWith(Number) })
        .from(bookings)
        .leftJoin(users, eq(users.id, bookings.assignedTechnicianId))
        .where(where)
        .orderBy(...listOrder(shape.sort, bookings))
        .limit(sql.placeholder("limit"))
        .offset(sql.placeholder("offset"))
        .prepare(name);
      return { page, count };
    }
    const matches = db
      .select({
        id: bookings.id,
        date: bookings.date,
        startTime: bookings.startTime,
        createdAt: bookings.createdAt,
        total: sql<number>`count(*) over ()`.mapWith(Number).as("total"),
      })
      .from(bookings)
      .where(where)
      .offset(OPTIMISATION_FENCE)
      .as("matches");
    const page = db
      .select({ ...listColumns, total: matches.total })
      .from(matches)
      .innerJoin(bookings, eq(bookings.id, matches.id))
      .leftJoin(users, eq(users.id, bookings.assignedTechnicianId))
      .orderBy(...listOrder(shape.sort, matches))
      .limit(sql.placeholder("limit"))
      .offset(sql.placeholder("offset"))
      .prepare(name);
    return { page, count };
  }
  const preparedLists = new Map<string, ReturnType<typeof prepareList>>();
  const listStatements = (shape: ListShape) => {
    const key = JSON.stringify(shape);
    let statements = preparedLists.get(key);
    if (!statements) preparedLists.set(key, (statements = prepareList(shape)));
    return statements;
  };

  return {
    async findById(id: number): Promise<BookingRow | undefined> {
      const [row] = await db.select().from(bookings).where(eq(bookings.id, id)).limit(1);
      return row;
    },

    async technicianOf(booking: Pick<BookingRow, "assignedTechnicianId">) {
      if (booking.assignedTechnicianId === null) return null;
      const [row] = await db
        .select({ id: users.id, name: users.name, phone: users.phone })
        .from(users)
        .where(eq(users.id, booking.assignedTechnicianId))
        .limit(1);
      return row ?? null;
    },

    /**
     * The technician portal's visits (rules §2): of one day, or ahead of a day, never cancelled ones;
     * for a technician (`technicianId`) only their own and the unassigned, for an admin (null) all.
     */
    async technicianVisits(where: { on: string } | { after: string }, technicianId: number | null, limit = 200) {
      const conditions = [ne(bookings.status, "cancelled")];
      if ("on" in where) conditions.push(eq(bookings.date, where.on));
      else conditions.push(gt(bookings.date, where.after), ne(bookings.status, "completed"));
      if (technicianId !== null) conditions.push(or(isNull(bookings.assignedTechnicianId), eq(bookings.assignedTechnicianId, technicianId))!);
      return db
        .select(listColumns)
        .from(bookings)
        .leftJoin(users, eq(users.id, bookings.assignedTechnicianId))
        .where(and(...conditions))
        .orderBy(asc(bookings.date), asc(bookings.startTime), asc(bookings.id))
        .limit(limit);
    },

    /** One visit for the technician portal: the booking, its technician, customer notes and product. */
    async technicianVisit(id: number) {
      const [row] = await db
        .select({ booking: bookings, customerNotes: customers.notes, technician: { id: users.id, name: users.name, phone: users.phone }, product: products })
        .from(bookings)
        .innerJoin(customers, eq(customers.id, bookings.customerId))
        .leftJoin(users, eq(users.id, bookings.assignedTechnicianId))
        .leftJoin(products, eq(products.id, bookings.productId))
        .where(eq(bookings.id, id))
        .limit(1);
      if (!row) return undefined;
      return {
        ...row,
        technician: row.technician?.id ? row.technician : null,
        product: row.product?.id ? row.product : null,
        images: await media.imagesOf(id),
      };
    },

    /** The booking with everything the admin detail page shows. */
    async detail(id: number) {
      const [row] = await db
        .select({ booking: bookings, customer: customers, technician: { id: users.id, name: users.name, phone: users.phone } })
        .from(bookings)
        .innerJoin(customers, eq(customers.id, bookings.customerId))
        .leftJoin(users, eq(users.id, bookings.assignedTechnicianId))
        .where(eq(bookings.id, id))
        .limit(1);
      if (!row) return undefined;
      const [images, [link], history] = await Promise.all([
        media.imagesOf(id),
        db.select().from(sharedBookingLinks).where(eq(sharedBookingLinks.bookingId, id)).orderBy(desc(sharedBookingLinks.id)).limit(1),
        db.select().from(bookingEvents).where(eq(bookingEvents.bookingId, id)).orderBy(asc(bookingEvents.at), asc(bookingEvents.id)),
      ]);
      return { ...row, technician: row.technician?.id ? row.technician : null, images, link: link ?? null, history };
    },

    /**
     * One page of the admin list, filtered, searched and sorted by the database, and the number of
     * all matches (issue 14: fast over 10 000 bookings). Each shape of the list (filters, kind of
     * search, order) is one named prepared statement, built once: neither drizzle nor PostgreSQL
     * works it out again on every request.
     *
     * With a search term, one statement: the matches and their count come from a subquery fenced
     * off with OFFSET 0, so the planner finds them through the trigram and status indexes (less than
     * a millisecond) instead of walking the date index through every booking to keep the order;
     * the page's rows are then joined by id. Without one, the page walks the date index and stops
     * after the rows it shows, and the count is an index-only scan: two short statements.
     */
    async list(query: AdminBookingListQuery) {
      const search = query.search.trim();
      const shape: ListShape = { status: query.status !== "all", serviceType: query.serviceType !== "all", search: searchKind(search), sort: query.sort };
      const values = {
        status: query.status,
        serviceType: query.serviceType,
        date: search,
        pattern: `%${escapeLike(search)}%`,
        id: bookingIdIn(search) ?? 0,
        limit: query.pageSize,
        offset: (query.page - 1) * query.pageSize,
      };
      const statements = listStatements(shape);
      if (!search) {
        const [rows, [{ n: total }]] = await Promise.all([statements.page.execute(values), statements.count.execute(values)]);
        return { rows: rows.map(({ total: _total, ...row }) => row), total };
      }
      const rows = await statements.page.execute(values);
      const total = rows[0]?.total ?? (query.page > 1 ? (await statements.count.execute(values))[0].n : 0);
      return { rows: rows.map(({ total: _total, ...row }) => row), total };
    },

    async count(conditions: SQL[]) {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(bookings)
        .where(conditions.length > 0 ? and(...conditions) : undefined);
      return row.n;
    },

    /**
     * What the admin overview shows, in one round trip per part. New bookings are those made after
     * `seenSince`, or in the last `defaultDays` when the admin never looked: both on the database's
     * clock, the one created_at is written with.
     */
    async overview(input: { today: string; weekEnd: string; seenSince: Date | null; defaultDays: number }) {
      const since = input.seenSince ?? sql`now() - make_interval(days => ${input.defaultDays})`;
      const base = () => db.select(listColumns).from(bookings).leftJoin(users, eq(users.id, bookings.assignedTechnicianId));
      const [today, fresh, unassigned, failedEmails] = await Promise.all([
        base()
          .where(and(eq(bookings.date, input.today), ne(bookings.status, "cancelled")))
          .orderBy(asc(bookings.startTime)),
        base().where(gt(bookings.createdAt, since)).orderBy(desc(bookings.createdAt)).limit(50),
        base()
          .where(
            and(
              gte(bookings.date, input.today),
              lte(bookings.date, input.weekEnd),
              isNull(bookings.assignedTechnicianId),
              notInArray(bookings.status, FINISHED_STATUSES),
            ),
          )
          .orderBy(asc(bookings.date), asc(bookings.startTime))
          .limit(50),
        db
          .select({ id: emailOutbox.id, to: emailOutbox.to, subject: emailOutbox.subject, lastError: emailOutbox.lastError, createdAt: emailOutbox.createdAt })
          .from(emailOutbox)
          .where(or(eq(emailOutbox.status, "failed"), and(eq(emailOutbox.status, "queued"), gte(emailOutbox.attempts, 3))))
          .orderBy(desc(emailOutbox.createdAt))
          .limit(20),
      ]);
      return { today, fresh, unassigned, failedEmails };
    },

    async bookingsSeenAt(userId: number): Promise<Date | null> {
      const [row] = await db.select({ at: users.bookingsSeenAt }).from(users).where(eq(users.id, userId)).limit(1);
      return row?.at ?? null;
    },

    /** Customers matching a name, e-mail, phone or address, for picking one when booking by phone. */
    async searchCustomers(q: string) {
      const pattern = `%${escapeLike(q)}%`;
      return db
        .select({
          id: customers.id,
          name: customers.name,
          email: customers.email,
          phone: customers.phone,
          address: customers.address,
          postalCode: customers.postalCode,
          city: customers.city,
        })
        .from(customers)
        .where(
          or(
            sql`${customers.name} ilike ${pattern}`,
            sql`${customers.email} ilike ${pattern}`,
            sql`${customers.phone} ilike ${pattern}`,
            sql`${customers.address} ilike ${pattern}`,
          ),
        )
        .orderBy(asc(customers.name))
        .limit(10);
    },

    /** Active visits on the given dates whose reminder for their current time is not yet sent. */
    async visitRemindersToConsider(dates: string[]) {
      return db
        .select()
        .from(bookings)
        .where(
          and(
            inArray(bookings.date, dates),
            notInArray(bookings.status, FINISHED_STATUSES),
            sql`${bookings.visitReminderFor} is distinct from ${bookings.date} || ' ' || ${bookings.timeSlot}`,
          ),
        );
    },

    /**
     * What the capacity rule (rules D25) reads for a date: the bookable technicians, what holds
     * their time (visits and absences; `exceptId` leaves out the visit being moved) and the
     * fairness counts, for the admin pickers. Writes read the same under the day's lock.
     */
    /** The technicians' load between two dates (the overview's busy days, rules D25). */
    technicianLoad: (from: string, to: string) => technicianLoad(db, from, to),

    async capacityOn(date: string, exceptId?: number) {
      const [technicians, held, counts] = await Promise.all([bookableTechnicians(db), heldOn(db, date, exceptId ?? null), visitCounts(db, date)]);
      return { technicians, held, counts };
    },

    /**
     * The bookings of a date that hold their time (not cancelled: the exclusion constraint's rule,
     * rules D5), with who has them, for the admin pickers' taken times; `exceptId` leaves out
     * the booking being moved.
     */
    async activeBookingsOn(date: string, exceptId?: number) {
      return db
        .select({
          id: bookings.id,
          timeSlot: bookings.timeSlot,
          startTime: bookings.startTime,
          endTime: bookings.endTime,
          serviceType: bookings.serviceType,
          status: bookings.status,
          customerName: bookings.contactName,
          technicianId: bookings.assignedTechnicianId,
        })
        .from(bookings)
        .where(and(eq(bookings.date, date), ne(bookings.status, "cancelled"), exceptId !== undefined ? ne(bookings.id, exceptId) : undefined))
        .orderBy(asc(bookings.startTime), asc(bookings.id));
    },

    /** Active bookings overlapping a time range on a date whose service type is one of `serviceTypes`. */
    async activeBookingsOverlapping(date: string, startTime: string, endTime: string, serviceTypes: readonly string[]) {
      return db
        .select({
          id: bookings.id,
          date: bookings.date,
          timeSlot: bookings.timeSlot,
          endTime: sql<string>`to_char(${bookings.endTime}, 'HH24:MI')`,
          serviceType: bookings.serviceType,
          status: bookings.status,
          customerName: bookings.contactName,
        })
        .from(bookings)
        .where(
          and(
            eq(bookings.date, date),
            lt(bookings.startTime, endTime),
            gt(bookings.endTime, startTime),
            inArray(bookings.serviceType, [...serviceTypes]),
            notInArray(bookings.status, FINISHED_STATUSES),
          ),
        )
        .orderBy(asc(bookings.startTime));
    },
  };
}
export type BookingQueriesRepository = ReturnType<typeof createBookingQueriesRepository>;

const listColumns = {
  id: bookings.id,
  date: bookings.date,
  timeSlot: bookings.timeSlot,
  startTime: bookings.startTime,
  endTime: bookings.endTime,
  serviceType: bookings.serviceType,
  status: bookings.status,
  customerName: bookings.contactName,
  customerPhone: bookings.contactPhone,
  address: bookings.address,
  postalCode: bookings.postalCode,
  city: bookings.city,
  createdAt: bookings.createdAt,
  technicianId: users.id,
  technicianName: users.name,
  technicianPhone: users.phone,
};

/**
 * `OFFSET 0`: PostgreSQL never merges a subquery with an OFFSET into the outer query, so the
 * subquery is planned on its own (drizzle leaves out a plain 0, hence the SQL).
 */
const OPTIMISATION_FENCE = sql`0` as unknown as number;

/** The list's order on the bookings table or on the fenced matches (the same columns). */
function listOrder(sort: AdminBookingListQuery["sort"], t: { id: AnyColumn; date: AnyColumn; startTime: AnyColumn; createdAt: AnyColumn }) {
  if (sort === "date_asc") return [asc(t.date), asc(t.startTime), asc(t.id)];
  if (sort === "created_desc") return [desc(t.createdAt), desc(t.id)];
  return [desc(t.date), desc(t.startTime), desc(t.id)];
}

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/** rules §2 list search: a booking id (or text with those digits), a date yyyy-MM-dd, or text in the customer's name, address or city. */
type SearchKind = "none" | "date" | "id" | "text";
const searchKind = (search: string): SearchKind => (!search ? "none" : isIsoDate(search) ? "date" : bookingIdIn(search) !== null ? "id" : "text");
/** The booking number a search is ("1234" or "#1234"), if it is one. */
const bookingIdIn = (search: string): number | null => {
  const digits = /^#?(\d{1,9})$/.exec(search)?.[1];
  return digits === undefined ? null : Number(digits);
};
type ListShape = { status: boolean; serviceType: boolean; search: SearchKind; sort: AdminBookingListQuery["sort"] };

/** The list's conditions, with placeholders for the values (`status`, `serviceType`, `date`, `pattern`, `id`). */
function listConditions(shape: ListShape): SQL | undefined {
  const conditions: SQL[] = [];
  if (shape.status) conditions.push(eq(bookings.status, sql.placeholder("status")));
  if (shape.serviceType) conditions.push(eq(bookings.serviceType, sql.placeholder("serviceType")));
  // The same expression as the trigram index bookings_search_trgm_idx, so the index serves it.
  const text = sql`(${bookings.contactName} || ' ' || ${bookings.address} || ' ' || ${bookings.city}) ilike ${sql.placeholder("pattern")}`;
  if (shape.search === "date") conditions.push(eq(bookings.date, sql.placeholder("date")));
  if (shape.search === "text") conditions.push(text);
  if (shape.search === "id") conditions.push(or(eq(bookings.id, sql.placeholder("id")), text)!);
  return conditions.length > 0 ? and(...conditions) : undefined;
}
