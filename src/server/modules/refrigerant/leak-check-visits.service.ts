import { dateText } from "@/common/agreements/terms";
import { addDays, type IsoDate } from "@/common/booking-rules";
import { leakCheckProposalDue, leakCheckWindows, type ProposalWindow } from "@/common/refrigerant/check-proposals";
import type { RegisterEntry } from "@/common/schemas/refrigerant";
import type { FastifyBaseLogger } from "fastify";
import { productLabel } from "../agreements/agreement-email";
import { leakCheckVisitEmail } from "../bookings/booking-email";
import type { ProposedBooking, VisitProposal, VisitProposals } from "../bookings/visit-proposals";
import type { CheckingProduct, LeakCheckVisitsRepository } from "./leak-check-visits.repository";

type Deps = {
  repo: LeakCheckVisitsRepository;
  /** Books a proposed visit and settles unanswered ones (shared with the agreements' visits). */
  proposals: VisitProposals;
  /** The register's units with a check duty, each with its next due date and pending follow-up. */
  dutyUnits: () => Promise<RegisterEntry[]>;
  today: () => IsoDate;
  log: FastifyBaseLogger;
};

const SYSTEM = { type: "system" as const, name: "Läckagekontroll" };

/** A due check: the unit, its due date, and whether it is a repaired leak's follow-up. */
type DueCheck = { entry: RegisterEntry; due: IsoDate; followUp: boolean; windows: ProposalWindow[] };

/**
 * Due leak checks proposed as visits (issue 26), the same way agreements' visits are. Once a day,
 * after the agreements' visits (so one proposed today counts): every unit with a check duty whose next
 * check (a repaired leak's follow-up included) is due within PROPOSAL_LEAD_DAYS, or late, and whose
 * customer is not anonymized. When a visit about the unit is already booked (any service, still
 * ahead) in the days the check would be sought in, the technician does the check then: nothing is
 * booked or recorded, so if that visit is cancelled the next day's run proposes the check. Otherwise
 * the check is claimed by a unique row per unit and due date (never twice, whichever instance runs)
 * and the first free time up to the due date is held, else in the 30 days after it; the customer is
 * e-mailed a link to confirm it or move it no later than the window's last day. A unit with a duty
 * but no date to count from is left to the register's "overdue" list: nothing says when it was due.
 */
export function createLeakCheckVisitsService({ repo, proposals, dutyUnits, today, log }: Deps) {
  function proposal(product: CheckingProduct, check: DueCheck, window: ProposalWindow): VisitProposal {
    const label = productLabel(product);
    const latestText = dateText(window.to);
    return {
      customerId: product.customerId,
      contact: {
        name: product.customerName,
        email: product.customerEmail,
        phone: product.customerPhone,
        address: product.customerAddress,
        postalCode: product.customerPostalCode,
        city: product.customerCity,
      },
      productId: product.productId,
      heatpumpModel: label,
      description: check.followUp
        ? `Uppföljande läckagekontroll (F-gas) efter lagat läckage av ${label}, senast ${latestText}`
        : `Läckagekontroll (F-gas) av ${label}, senast ${latestText}`,
      actor: SYSTEM,
      email: (input) => leakCheckVisitEmail({ ...input, product: label, followUp: check.followUp, latestText }),
    };
  }

  /** The units whose check is due to be proposed today. */
  async function dueChecks(day: IsoDate): Promise<DueCheck[]> {
    return (await dutyUnits()).flatMap((entry) => {
      if (entry.nextDue === null || !leakCheckProposalDue(entry.nextDue, day)) return [];
      const windows = leakCheckWindows(entry.nextDue, day, entry.followUp?.earliest);
      return windows.length === 0 ? [] : [{ entry, due: entry.nextDue, followUp: entry.followUp !== null, windows }];
    });
  }

  return {
    /** Proposes every due check that is neither folded into a booked visit nor proposed before; returns how many bookings were made. */
    async propose(): Promise<number> {
      const day = today();
      const due = await dueChecks(day);
      if (due.length === 0) return 0;
      const productIds = due.map((check) => check.entry.productId);
      const products = new Map((await repo.checking(productIds)).map((product) => [product.productId, product]));
      const lastFirstDay = due.map((check) => check.windows[0].to).reduce((a, b) => (a > b ? a : b));
      const booked = await repo.liveVisits(productIds, addDays(day, 1), lastFirstDay);
      let made = 0;
      for (const check of due) {
        const product = products.get(check.entry.productId);
        if (!product) continue; // the customer is anonymized: nobody to visit
        const [first] = check.windows;
        const folded = booked.some((visit) => visit.productId === product.productId && visit.date >= first.from && visit.date <= first.to);
        const lastDay = check.windows.at(-1)!.to;
        // A folded check gets no row; but a claim a dead process left is taken over even so: the
        // visit found may be the very booking it made before it died.
        const claim = folded ? await repo.takeOver(product.productId, check.due) : await repo.claim(product.productId, check.due, check.followUp, lastDay);
        if (claim === null) continue; // folded, proposed before, or by another instance now
        const earlier = claim.takenOver ? await repo.madeBooking(claim.id, product.customerId, SYSTEM.name) : null;
        if (!earlier && folded) {
          await repo.release(claim.id);
          continue;
        }
        let booking: ProposedBooking | null = earlier;
        let latestDate = earlier ? (check.windows.find((window) => earlier.date <= window.to)?.to ?? lastDay) : lastDay;
        for (const window of earlier ? [] : check.windows) {
          booking = await proposals.bookFirstFree(proposal(product, check, window), window);
          if (booking) {
            latestDate = window.to;
            break;
          }
        }
        await repo.settle(claim.id, { bookingId: booking?.id ?? null, latestDate });
        // The unit and the date only: the admin finds the customer in the register.
        if (!booking) log.warn({ productId: product.productId, dueDate: check.due }, "no free time for a leak check visit");
        else made += 1;
      }
      return made;
    },

    /** Confirms or releases (by the settings, as for the agreements' visits) the proposals unanswered the set number of days before the visit. */
    settleUnanswered: () => proposals.settleUnanswered((lastDate) => repo.unanswered(lastDate), SYSTEM),

    /** The daily run, after the agreements' visits: unanswered proposals settled, then due checks proposed. */
    async runDaily() {
      await this.settleUnanswered();
      await this.propose();
    },

    /** The proposed check a booking is (the latest day it may move to), for the customer's link page; null for any other booking. */
    ofBooking: (bookingId: number) => repo.ofBooking(bookingId),
  };
}
export type LeakCheckVisitsService = ReturnType<typeof createLeakCheckVisitsService>;
