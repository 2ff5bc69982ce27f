import { and, eq, gte, inArray, isNull, lt, lte, ne, sql } from "drizzle-orm";
import { ACTIVE_BOOKING_STATUSES } from "@/common/constants";
import type { Db } from "../../db/client";
import { bookingEvents, bookings, customers, leakCheckVisits, products } from "../../db/schema";
import type { ProposedBooking, VisitClaim } from "../bookings/visit-proposals";

/** A claim still "claiming" after this long was left by a process that died (a visit is booked in seconds). */
const STALE_CLAIM = sql`now() - interval '10 minutes'`;

/** A product with a due check and what a booking for its customer needs. */
export type CheckingProduct = {
  productId: number;
  customerId: number;
  customerName: string;
  customerEmail: string;
  customerPhone: string;
  customerAddress: string;
  customerPostalCode: string;
  customerCity: string;
  productBrand: string | null;
  productModel: string;
  productSerialNumber: string | null;
};

/** A proposed check whose booking still waits for the customer. */
export type UnansweredCheck = { visitId: number; bookingId: number; date: string };

/** The leak checks proposed as visits (issue 26): the only place that reads or writes leak_check_visits. */
export function createLeakCheckVisitsRepository(db: Db) {
  /**
   * Takes over the check's claim when a process died between claiming and settling it (still
   * "claiming" 10 minutes on). One UPDATE whose WHERE is checked again on the locked row, so two
   * callers never both take it; null when there is no such claim.
   */
  async function takeOver(productId: number, dueDate: string): Promise<VisitClaim | null> {
    const [taken] = await db
      .update(leakCheckVisits)
      .set({ claimedAt: sql`now()` })
      .where(
        and(
          eq(leakCheckVisits.productId, productId),
          eq(leakCheckVisits.dueDate, dueDate),
          eq(leakCheckVisits.state, "claiming"),
          lt(leakCheckVisits.claimedAt, STALE_CLAIM),
        ),
      )
      .returning({ id: leakCheckVisits.id });
    return taken ? { id: taken.id, takenOver: true } : null;
  }

  return {
    /** The products among `productIds` whose customer can be visited (not anonymized), with the customer's contact. */
    async checking(productIds: number[]): Promise<CheckingProduct[]> {
      if (productIds.length === 0) return [];
      return db
        .select({
          productId: products.id,
          customerId: customers.id,
          customerName: customers.name,
          customerEmail: customers.email,
          customerPhone: customers.phone,
          customerAddress: customers.address,
          customerPostalCode: customers.postalCode,
          customerCity: customers.city,
          productBrand: products.brand,
          productModel: products.model,
          productSerialNumber: products.serialNumber,
        })
        .from(products)
        .innerJoin(customers, eq(customers.id, products.customerId))
        .where(and(inArray(products.id, productIds), isNull(customers.anonymizedAt)))
        .orderBy(products.id);
    },

    /** The visits still ahead or under way (any service) about `productIds`, dated `from` to `to` (both included). */
    async liveVisits(productIds: number[], from: string, to: string): Promise<{ productId: number; date: string }[]> {
      if (productIds.length === 0) return [];
      const rows = await db
        .select({ productId: bookings.productId, date: bookings.date })
        .from(bookings)
        .where(
          and(
            inArray(bookings.productId, productIds),
            inArray(bookings.status, [...ACTIVE_BOOKING_STATUSES]),
            gte(bookings.date, from),
            lte(bookings.date, to),
          ),
        );
      return rows.flatMap((row) => (row.productId === null ? [] : [{ productId: row.productId, date: row.date }]));
    },

    /**
     * Claims the check of `productId` due on `dueDate`: the one caller that inserts the row, or the
     * one that takes over a claim left "claiming" for 10 minutes (takeOver); null for every other
     * (another instance at work, a later tick, a check already proposed).
     */
    async claim(productId: number, dueDate: string, followUp: boolean, latestDate: string): Promise<VisitClaim | null> {
      const [row] = await db
        .insert(leakCheckVisits)
        .values({ productId, dueDate, followUp, latestDate, state: "claiming" })
        .onConflictDoNothing({ target: [leakCheckVisits.productId, leakCheckVisits.dueDate] })
        .returning({ id: leakCheckVisits.id });
      return row ? { id: row.id, takenOver: false } : takeOver(productId, dueDate);
    },

    takeOver,

    /**
     * The booking a dead process already made for a taken-over check, if any: the product's, for its
     * customer, on or before the check's latest day, not cancelled, made by the system as `actorName`
     * after the check was first claimed, and no check's booking yet. Settled with it, the check is
     * not booked a second time.
     */
    async madeBooking(visitId: number, customerId: number, actorName: string): Promise<ProposedBooking | null> {
      const [row] = await db
        .select({ id: bookings.id, date: bookings.date, timeSlot: bookings.timeSlot })
        .from(bookings)
        .innerJoin(leakCheckVisits, eq(leakCheckVisits.id, visitId))
        .where(
          and(
            eq(bookings.customerId, customerId),
            eq(bookings.productId, leakCheckVisits.productId),
            ne(bookings.status, "cancelled"),
            lte(bookings.date, leakCheckVisits.latestDate),
            sql`${bookings.createdAt} >= ${leakCheckVisits.createdAt}`,
            sql`exists (select 1 from ${bookingEvents} where ${bookingEvents.bookingId} = ${bookings.id} and ${bookingEvents.kind} = 'created' and ${bookingEvents.actor} = 'system' and ${bookingEvents.actorName} = ${actorName})`,
            sql`not exists (select 1 from ${leakCheckVisits} v where v.booking_id = ${bookings.id})`,
          ),
        )
        .orderBy(bookings.id)
        .limit(1);
      return row ?? null;
    },

    /** Forgets a claim taken over for a check now folded into a visit booked meanwhile: as if never claimed. */
    async release(visitId: number) {
      await db.delete(leakCheckVisits).where(and(eq(leakCheckVisits.id, visitId), eq(leakCheckVisits.state, "claiming")));
    },

    /** Records the booking a claimed check got (none: no free time) and the last day of the window it was sought in. */
    async settle(visitId: number, outcome: { bookingId: number | null; latestDate: string }) {
      await db
        .update(leakCheckVisits)
        .set({ bookingId: outcome.bookingId, latestDate: outcome.latestDate, state: outcome.bookingId === null ? "no-time" : "proposed" })
        .where(eq(leakCheckVisits.id, visitId));
    },

    /** The proposed check a booking is, with the latest day it may move to; null for any other booking. */
    async ofBooking(bookingId: number): Promise<{ latestDate: string; followUp: boolean } | null> {
      const [row] = await db
        .select({ latestDate: leakCheckVisits.latestDate, followUp: leakCheckVisits.followUp })
        .from(leakCheckVisits)
        .where(eq(leakCheckVisits.bookingId, bookingId))
        .limit(1);
      return row ?? null;
    },

    /** Proposed checks still planned whose visit is on or before `lastDate`: the customer has not answered in time. */
    async unanswered(lastDate: string): Promise<UnansweredCheck[]> {
      return db
        .select({ visitId: leakCheckVisits.id, bookingId: bookings.id, date: bookings.date })
        .from(leakCheckVisits)
        .innerJoin(bookings, eq(bookings.id, leakCheckVisits.bookingId))
        .where(and(eq(leakCheckVisits.state, "proposed"), eq(bookings.status, "planned"), lte(bookings.date, lastDate)))
        .orderBy(bookings.date, bookings.id);
    },
  };
}
export type LeakCheckVisitsRepository = ReturnType<typeof createLeakCheckVisitsRepository>;
