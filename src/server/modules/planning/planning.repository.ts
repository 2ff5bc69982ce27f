import { and, asc, eq, gte, inArray, lte, ne, sql } from "drizzle-orm";
import { ACTIVE_BOOKING_STATUSES } from "@/common/constants";
import type { PlanningBooking, PlanningBookingsQuery, Technician } from "@/common/schemas/planning";
import type { Db } from "../../db/client";
import { bookings, customers, users } from "../../db/schema";

function statusCondition(status: PlanningBookingsQuery["status"]) {
  if (status === "active") return inArray(bookings.status, [...ACTIVE_BOOKING_STATUSES]);
  return status ? eq(bookings.status, status) : ne(bookings.status, "cancelled");
}

/** What route optimisation and technician planning read (issue 13); the writes are the bookings repository's. */
export function createPlanningRepository(db: Db) {
  return {
    async bookings(query: PlanningBookingsQuery): Promise<PlanningBooking[]> {
      return db
        .select({
          id: bookings.id,
          date: bookings.date,
          timeSlot: bookings.timeSlot,
          endTime: sql<string>`to_char(${bookings.endTime}, 'HH24:MI')`,
          serviceType: bookings.serviceType,
          status: bookings.status,
          customerId: bookings.customerId,
          customerName: bookings.contactName,
          address: bookings.address,
          postalCode: bookings.postalCode,
          city: bookings.city,
          coordinates: customers.coordinates,
          technicianId: bookings.assignedTechnicianId,
          technicianName: users.name,
        })
        .from(bookings)
        .innerJoin(customers, eq(customers.id, bookings.customerId))
        .leftJoin(users, eq(users.id, bookings.assignedTechnicianId))
        .where(
          and(
            gte(bookings.date, query.from),
            lte(bookings.date, query.to),
            statusCondition(query.status),
            query.city ? sql`lower(${bookings.city}) = lower(${query.city})` : undefined,
            query.technicianId ? eq(bookings.assignedTechnicianId, query.technicianId) : undefined,
          ),
        )
        .orderBy(asc(bookings.date), asc(bookings.startTime), asc(bookings.id))
        .limit(2000);
    },

    /** The cities of visits from 60 days back on (the planning screens' filter), in Swedish order. */
    async cities(since: string): Promise<string[]> {
      const rows = await db
        .selectDistinct({ city: sql<string>`initcap(trim(${bookings.city}))` })
        .from(bookings)
        .where(and(gte(bookings.date, since), ne(bookings.status, "cancelled"), ne(bookings.city, "")));
      return rows.map((r) => r.city).sort((a, b) => a.localeCompare(b, "sv"));
    },

    async technicians(): Promise<Technician[]> {
      return db.select({ id: users.id, name: users.name, username: users.username }).from(users).where(eq(users.role, "technician")).orderBy(asc(users.name));
    },

    async technician(id: number) {
      const [row] = await db
        .select({ id: users.id, name: users.name })
        .from(users)
        .where(and(eq(users.id, id), eq(users.role, "technician")))
        .limit(1);
      return row ?? null;
    },

    /** Where a customer lives (for drive estimates), or null to forget it; false for an unknown or erased customer. */
    async setCoordinates(customerId: number, coordinates: { lat: number; lng: number } | null): Promise<boolean> {
      const rows = await db
        .update(customers)
        .set({ coordinates })
        .where(and(eq(customers.id, customerId), sql`${customers.anonymizedAt} is null`))
        .returning({ id: customers.id });
      return rows.length > 0;
    },
  };
}
export type PlanningRepository = ReturnType<typeof createPlanningRepository>;
