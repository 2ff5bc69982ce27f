import { and, eq, gte, inArray, isNull, lte } from "drizzle-orm";
import { ACTIVE_BOOKING_STATUSES } from "@/common/constants";
import type { Db } from "../../db/client";
import { bookings, customers, leakCheckVisits, products } from "../../db/schema";

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
     * Claims the check of `productId` due on `dueDate`: its row id for the one caller that inserts the
     * row, null for every other (another instance, a later tick, a check already proposed).
     */
    async claim(productId: number, dueDate: string, followUp: boolean, latestDate: string): Promise<number | null> {
      const [row] = await db
        .insert(leakCheckVisits)
        .values({ productId, dueDate, followUp, latestDate, state: "no-time" })
        .onConflictDoNothing({ target: [leakCheckVisits.productId, leakCheckVisits.dueDate] })
        .returning({ id: leakCheckVisits.id });
      return row?.id ?? null;
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
