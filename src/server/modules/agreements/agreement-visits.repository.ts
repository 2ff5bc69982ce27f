import { and, eq, isNotNull, isNull, lt, lte, ne, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import {
  agreementFeeInvoices,
  agreementVisits,
  bookingEvents,
  bookings,
  customers,
  products,
  serviceAgreementEvents,
  serviceAgreements,
} from "../../db/schema";
import type { ProposedBooking, VisitClaim } from "../bookings/visit-proposals";

/** A claim still "claiming" after this long was left by a process that died (a visit is booked in seconds). */
const STALE_CLAIM = sql`now() - interval '10 minutes'`;

/** An agreement that proposes its visits, with what a booking for its customer needs. */
export type ProposingAgreement = {
  id: number;
  customerId: number;
  productId: number;
  startDate: string;
  endsOn: string | null;
  visitsPerYear: number;
  visitMonth: number;
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

/** An agreement whose yearly fee is invoiced as its years start. */
export type FeeAgreement = {
  id: number;
  customerId: number;
  startDate: string;
  yearlyPriceOre: number;
  productBrand: string | null;
  productModel: string;
  productSerialNumber: string | null;
};

/** A proposed visit whose booking still waits for the customer. */
export type UnansweredProposal = { visitId: number; agreementId: number; bookingId: number; date: string };

/** The visits agreements propose themselves (issue 26): the only place that reads or writes agreement_visits. */
export function createAgreementVisitsRepository(db: Db) {
  return {
    /** Agreements that propose visits on `today`: accepted, not paused, not ended (one of them with `id`). */
    async proposing(today: string, id?: number): Promise<ProposingAgreement[]> {
      return db
        .select({
          id: serviceAgreements.id,
          customerId: serviceAgreements.customerId,
          productId: serviceAgreements.productId,
          startDate: serviceAgreements.startDate,
          endsOn: serviceAgreements.endsOn,
          visitsPerYear: serviceAgreements.visitsPerYear,
          visitMonth: serviceAgreements.visitMonth,
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
        .from(serviceAgreements)
        .innerJoin(customers, eq(customers.id, serviceAgreements.customerId))
        .innerJoin(products, eq(products.id, serviceAgreements.productId))
        .where(
          and(
            isNotNull(serviceAgreements.acceptedAt),
            isNull(serviceAgreements.pausedAt),
            isNull(customers.anonymizedAt),
            sql`(${serviceAgreements.endsOn} is null or ${serviceAgreements.endsOn} >= ${today}::date)`,
            id === undefined ? undefined : eq(serviceAgreements.id, id),
          ),
        )
        .orderBy(serviceAgreements.id);
    },

    /**
     * Claims the visit of `month` for the agreement: the one caller that inserts the row, or the one
     * that takes over a claim left "claiming" for 10 minutes (a process died between its claim and
     * its settling), or, with `retryNoTime` (the admin), a month that found no free time. One UPDATE
     * whose WHERE is checked again on the locked row, so two callers never both take it. Null for
     * every other caller (another instance at work, a later tick, a month already proposed).
     */
    async claim(agreementId: number, month: string, retryNoTime = false): Promise<VisitClaim | null> {
      const [row] = await db
        .insert(agreementVisits)
        .values({ agreementId, month, state: "claiming" })
        .onConflictDoNothing({ target: [agreementVisits.agreementId, agreementVisits.month] })
        .returning({ id: agreementVisits.id });
      if (row) return { id: row.id, takenOver: false };
      const [taken] = await db
        .update(agreementVisits)
        .set({ state: "claiming", claimedAt: sql`now()` })
        .where(
          and(
            eq(agreementVisits.agreementId, agreementId),
            eq(agreementVisits.month, month),
            or(
              and(eq(agreementVisits.state, "claiming"), lt(agreementVisits.claimedAt, STALE_CLAIM)),
              retryNoTime ? eq(agreementVisits.state, "no-time") : undefined,
            ),
          ),
        )
        .returning({ id: agreementVisits.id });
      return taken ? { id: taken.id, takenOver: true } : null;
    },

    /**
     * The booking a dead process already made for a taken-over visit, if any: the agreement's
     * customer and product, dated `from` to `to`, not cancelled, made by the system as `actorName`
     * after the visit was first claimed, and no visit's booking yet. Settled with it, the visit is
     * not booked a second time.
     */
    async madeBooking(
      visitId: number,
      agreement: { customerId: number; productId: number },
      window: { from: string; to: string },
      actorName: string,
    ): Promise<ProposedBooking | null> {
      const [row] = await db
        .select({ id: bookings.id, date: bookings.date, timeSlot: bookings.timeSlot })
        .from(bookings)
        .innerJoin(agreementVisits, eq(agreementVisits.id, visitId))
        .where(
          and(
            eq(bookings.customerId, agreement.customerId),
            eq(bookings.productId, agreement.productId),
            ne(bookings.status, "cancelled"),
            sql`${bookings.date} between ${window.from}::date and ${window.to}::date`,
            sql`${bookings.createdAt} >= ${agreementVisits.proposedAt}`,
            sql`exists (select 1 from ${bookingEvents} where ${bookingEvents.bookingId} = ${bookings.id} and ${bookingEvents.kind} = 'created' and ${bookingEvents.actor} = 'system' and ${bookingEvents.actorName} = ${actorName})`,
            sql`not exists (select 1 from ${agreementVisits} v where v.booking_id = ${bookings.id})`,
          ),
        )
        .orderBy(bookings.id)
        .limit(1);
      return row ?? null;
    },

    /** Records how a claimed visit was proposed, with an event in the agreement's history. */
    async settle(visitId: number, agreementId: number, outcome: { bookingId: number | null; note: string }) {
      await db.transaction(async (tx) => {
        await tx
          .update(agreementVisits)
          .set({ bookingId: outcome.bookingId, state: outcome.bookingId === null ? "no-time" : "proposed" })
          .where(eq(agreementVisits.id, visitId));
        await tx.insert(serviceAgreementEvents).values({ agreementId, kind: "visit-proposed", byName: "Systemet", note: outcome.note });
      });
    },

    /** Agreements in force on `today` that have started and have a fee: accepted, not paused, not ended. */
    async charging(today: string): Promise<FeeAgreement[]> {
      return db
        .select({
          id: serviceAgreements.id,
          customerId: serviceAgreements.customerId,
          startDate: serviceAgreements.startDate,
          yearlyPriceOre: serviceAgreements.yearlyPriceOre,
          productBrand: products.brand,
          productModel: products.model,
          productSerialNumber: products.serialNumber,
        })
        .from(serviceAgreements)
        .innerJoin(customers, eq(customers.id, serviceAgreements.customerId))
        .innerJoin(products, eq(products.id, serviceAgreements.productId))
        .where(
          and(
            isNotNull(serviceAgreements.acceptedAt),
            isNull(serviceAgreements.pausedAt),
            isNull(customers.anonymizedAt),
            lte(serviceAgreements.startDate, today),
            sql`${serviceAgreements.yearlyPriceOre} > 0`,
            sql`(${serviceAgreements.endsOn} is null or ${serviceAgreements.endsOn} >= ${today}::date)`,
          ),
        )
        .orderBy(serviceAgreements.id);
    },

    /** Claims the fee of the agreement year beginning `yearStart`: its row id for the one caller that inserts it, else null. */
    async claimFee(agreementId: number, yearStart: string): Promise<number | null> {
      const [row] = await db
        .insert(agreementFeeInvoices)
        .values({ agreementId, yearStart })
        .onConflictDoNothing({ target: [agreementFeeInvoices.agreementId, agreementFeeInvoices.yearStart] })
        .returning({ id: agreementFeeInvoices.id });
      return row?.id ?? null;
    },

    /** Records the fee's invoice, with an event in the agreement's history. */
    async settleFee(feeId: number, agreementId: number, invoiceId: number, note: string) {
      await db.transaction(async (tx) => {
        await tx.update(agreementFeeInvoices).set({ invoiceId }).where(eq(agreementFeeInvoices.id, feeId));
        await tx.insert(serviceAgreementEvents).values({ agreementId, kind: "fee-invoiced", byName: "Systemet", note });
      });
    },

    /** The agreement visit a booking is, with its month; null for any other booking. */
    async ofBooking(bookingId: number): Promise<{ month: string; agreementId: number } | null> {
      const [row] = await db
        .select({ month: agreementVisits.month, agreementId: agreementVisits.agreementId })
        .from(agreementVisits)
        .where(eq(agreementVisits.bookingId, bookingId))
        .limit(1);
      return row ?? null;
    },

    /** Proposals still planned whose visit is on or before `lastDate`: the customer has not answered in time. */
    async unanswered(lastDate: string): Promise<UnansweredProposal[]> {
      return db
        .select({ visitId: agreementVisits.id, agreementId: agreementVisits.agreementId, bookingId: bookings.id, date: bookings.date })
        .from(agreementVisits)
        .innerJoin(bookings, eq(bookings.id, agreementVisits.bookingId))
        .where(and(eq(agreementVisits.state, "proposed"), eq(bookings.status, "planned"), lte(bookings.date, lastDate)))
        .orderBy(bookings.date, bookings.id);
    },
  };
}
export type AgreementVisitsRepository = ReturnType<typeof createAgreementVisitsRepository>;
