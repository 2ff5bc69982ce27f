import { and, asc, desc, eq, gt, gte, isNull, lt, sql } from "drizzle-orm";
import type { BlockedTimeFilter, BlockedTimeInput } from "@/common/schemas/blocked-times";
import type { Db } from "../../db/client";
import { blockedTimeSlots } from "../../db/schema";

export type BlockedTimeRow = typeof blockedTimeSlots.$inferSelect;

/** The company's blocked times: a technician's absence (technician_id set, rules D25) is theirs, kept by the technicians' calendars. */
const company = isNull(blockedTimeSlots.technicianId);

export function createBlockedTimesRepository(db: Db) {
  return {
    /** rules §4: upcoming (from today on, soonest first), past (latest first) or all. */
    async list(filter: BlockedTimeFilter, today: string): Promise<BlockedTimeRow[]> {
      if (filter === "upcoming")
        return db
          .select()
          .from(blockedTimeSlots)
          .where(and(company, gte(blockedTimeSlots.date, today)))
          .orderBy(asc(blockedTimeSlots.date), asc(blockedTimeSlots.startTime));
      if (filter === "past")
        return db
          .select()
          .from(blockedTimeSlots)
          .where(and(company, lt(blockedTimeSlots.date, today)))
          .orderBy(desc(blockedTimeSlots.date), desc(blockedTimeSlots.startTime));
      return db.select().from(blockedTimeSlots).where(company).orderBy(desc(blockedTimeSlots.date), asc(blockedTimeSlots.startTime));
    },

    async findById(id: number): Promise<BlockedTimeRow | undefined> {
      const [row] = await db
        .select()
        .from(blockedTimeSlots)
        .where(and(company, eq(blockedTimeSlots.id, id)))
        .limit(1);
      return row;
    },

    async create(input: BlockedTimeInput, createdBy: number): Promise<BlockedTimeRow> {
      const [row] = await db
        .insert(blockedTimeSlots)
        .values({ ...input, createdBy })
        .returning();
      return row;
    },

    async update(id: number, input: BlockedTimeInput): Promise<BlockedTimeRow | undefined> {
      const [row] = await db
        .update(blockedTimeSlots)
        .set(input)
        .where(and(company, eq(blockedTimeSlots.id, id)))
        .returning();
      return row;
    },

    async delete(id: number): Promise<boolean> {
      const rows = await db
        .delete(blockedTimeSlots)
        .where(and(company, eq(blockedTimeSlots.id, id)))
        .returning({ id: blockedTimeSlots.id });
      return rows.length > 0;
    },

    /** The blocked times of `date` that apply to `serviceType` (rules D4), earliest first. */
    async onDate(date: string, serviceType: string): Promise<BlockedTimeRow[]> {
      return db
        .select()
        .from(blockedTimeSlots)
        .where(and(company, eq(blockedTimeSlots.date, date), sql`${blockedTimeSlots.serviceTypes} @> array[${serviceType}]::text[]`))
        .orderBy(asc(blockedTimeSlots.startTime));
    },

    /** Whether a blocked time for `serviceType` overlaps start-end on `date` (rules D4). */
    async blocks(serviceType: string, date: string, startTime: string, endTime: string): Promise<boolean> {
      const rows = await db
        .select({ id: blockedTimeSlots.id })
        .from(blockedTimeSlots)
        .where(
          and(
            company,
            eq(blockedTimeSlots.date, date),
            lt(blockedTimeSlots.startTime, endTime),
            gt(blockedTimeSlots.endTime, startTime),
            sql`${blockedTimeSlots.serviceTypes} @> array[${serviceType}]::text[]`,
          ),
        )
        .limit(1);
      return rows.length > 0;
    },
  };
}
export type BlockedTimesRepository = ReturnType<typeof createBlockedTimesRepository>;
