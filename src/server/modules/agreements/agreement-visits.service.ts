import { agreementYearEnd, agreementYearStart, monthRange, monthText, proposalDue, upcomingVisitMonths } from "@/common/agreements/terms";
import type { IsoDate } from "@/common/booking-rules";
import type { FastifyBaseLogger } from "fastify";
import { AppError } from "../../lib/errors";
import { agreementVisitEmail } from "../bookings/booking-email";
import type { BookingRow } from "../bookings/bookings.repository";
import type { ProposedBooking, VisitClaim, VisitProposals } from "../bookings/visit-proposals";
import { productLabel, swedishDate } from "./agreement-email";
import type { AgreementVisitsRepository, ProposingAgreement } from "./agreement-visits.repository";

type Deps = {
  repo: AgreementVisitsRepository;
  /** Books a proposed visit and settles unanswered ones (shared with the leak checks' proposals). */
  proposals: VisitProposals;
  today: () => IsoDate;
  log: FastifyBaseLogger;
  /** Makes the yearly fee's invoice draft (the invoices service); returns its id. */
  createFeeDraft: (fee: { customerId: number; description: string; priceInclVatOre: number; workDate: IsoDate }) => Promise<{ id: number }>;
};

const SYSTEM = { type: "system" as const, name: "Serviceavtal" };

export const visitText = {
  notActive: "Bara ett aktivt avtal föreslår besök.",
  noVisitLeft: "Avtalet har inget besök kvar att föreslå.",
  alreadyProposed: (month: string) => `Besöket i ${month} är redan föreslaget.`,
  noTime: (month: string) => `Det finns ingen ledig tid i ${month}. Boka besöket för hand.`,
} as const;

/**
 * The visits service agreements book by themselves (issue 26). Once a day (the job runs once per
 * tick across instances, and each visit is claimed by a unique row besides): for every active
 * agreement whose visit month is due (PROPOSAL_LEAD_DAYS ahead), the first free time of the month by
 * the customers' booking rules (no closed day, no blocked time, the day limit, one visit at a time
 * per technician) is held as a planned booking, and the customer is e-mailed a link to confirm it or
 * move it within the month. Proposals left unanswered the settings' number of days before the
 * visit are confirmed or released, as the settings say.
 */
export function createAgreementVisitsService({ repo, proposals, today, log, createFeeDraft }: Deps) {
  /** The first free time of the month (from tomorrow), held for the agreement's customer and e-mailed; null when the month has none. */
  function bookFirstFree(agreement: ProposingAgreement, month: string): Promise<BookingRow | null> {
    const { first, last } = monthRange(month);
    return proposals.bookFirstFree(
      {
        customerId: agreement.customerId,
        contact: {
          name: agreement.customerName,
          email: agreement.customerEmail,
          phone: agreement.customerPhone,
          address: agreement.customerAddress,
          postalCode: agreement.customerPostalCode,
          city: agreement.customerCity,
        },
        productId: agreement.productId,
        heatpumpModel: productLabel(agreement),
        description: `Servicebesök enligt serviceavtal, ${monthText(month)}`,
        actor: SYSTEM,
        email: (input) => agreementVisitEmail({ ...input, monthText: monthText(month) }),
      },
      { from: first, to: last },
    );
  }

  /**
   * Books the claimed month's first free time and records it in the agreement's history; null when
   * the month has none. A claim taken over from a process that died may have its booking made
   * already (the process died before settling): that booking is recorded, not a second one made.
   */
  async function proposeClaimed(agreement: ProposingAgreement, month: string, claim: VisitClaim): Promise<ProposedBooking | null> {
    const { first, last } = monthRange(month);
    const made = claim.takenOver ? await repo.madeBooking(claim.id, agreement, { from: first, to: last }, SYSTEM.name) : null;
    const booking = made ?? (await bookFirstFree(agreement, month));
    await repo.settle(claim.id, agreement.id, {
      bookingId: booking?.id ?? null,
      note: booking
        ? `${monthText(month)}: bokning #${booking.id} ${booking.date} kl. ${booking.timeSlot.slice(0, 5)}`
        : `${monthText(month)}: ingen ledig tid`,
    });
    if (!booking) log.warn({ agreementId: agreement.id, month }, "no free time for an agreement visit");
    return booking;
  }

  return {
    /** Proposes every due visit that has not been proposed; returns how many bookings were made. */
    async propose(): Promise<number> {
      const day = today();
      let made = 0;
      for (const agreement of await repo.proposing(day)) {
        const months = upcomingVisitMonths(agreement, day, agreement.visitsPerYear + 1).filter((month) => proposalDue(month, day));
        for (const month of months) {
          const claim = await repo.claim(agreement.id, month);
          if (claim === null) continue; // proposed before, or by another instance now
          if (await proposeClaimed(agreement, month, claim)) made += 1;
        }
      }
      return made;
    },

    /**
     * The admin's "propose the next visit now" (issue 26): the agreement's next visit month, before
     * the job would reach it. A month is proposed once; one that found no free time is tried again
     * (a day may have been freed since), as is a claim a dead process left. 409 with a Swedish reason
     * when the agreement proposes nothing, the month was proposed already (or is being proposed right
     * now) or has no free time.
     */
    async proposeNext(agreementId: number): Promise<{ bookingId: number; month: string }> {
      const day = today();
      const [agreement] = await repo.proposing(day, agreementId);
      if (!agreement) throw new AppError("NOT_PROPOSING", 409, visitText.notActive);
      const month = upcomingVisitMonths(agreement, day, 1)[0];
      if (!month) throw new AppError("NO_VISIT_LEFT", 409, visitText.noVisitLeft);
      const claim = await repo.claim(agreement.id, month, true);
      if (claim === null) throw new AppError("ALREADY_PROPOSED", 409, visitText.alreadyProposed(monthText(month)));
      const booking = await proposeClaimed(agreement, month, claim);
      if (!booking) throw new AppError("NO_TIME", 409, visitText.noTime(monthText(month)));
      return { bookingId: booking.id, month };
    },

    /** Confirms or releases (by the settings) the proposals unanswered the set number of days before the visit. */
    settleUnanswered: () => proposals.settleUnanswered((lastDate) => repo.unanswered(lastDate), SYSTEM),

    /**
     * The yearly fee of every agreement year that has begun and has no invoice yet, as a draft:
     * claimed once per agreement and year (any instance, any tick). Returns how many were made.
     */
    async invoiceFees(): Promise<number> {
      const day = today();
      let made = 0;
      for (const agreement of await repo.charging(day)) {
        const yearStart = agreementYearStart(agreement.startDate, day);
        const feeId = await repo.claimFee(agreement.id, yearStart);
        if (feeId === null) continue;
        const yearEnd = agreementYearEnd(agreement.startDate, yearStart);
        const invoice = await createFeeDraft({
          customerId: agreement.customerId,
          description: `Serviceavtal ${productLabel(agreement)}, ${swedishDate(yearStart)} – ${swedishDate(yearEnd)}`,
          priceInclVatOre: agreement.yearlyPriceOre,
          workDate: yearStart,
        });
        await repo.settleFee(feeId, agreement.id, invoice.id, `Årsavgift ${swedishDate(yearStart)} – ${swedishDate(yearEnd)}: fakturautkast #${invoice.id}`);
        made += 1;
      }
      return made;
    },

    /** The daily run: the year's fees, then unanswered proposals settled, then due visits proposed. */
    async runDaily() {
      await this.invoiceFees();
      await this.settleUnanswered();
      await this.propose();
    },

    /** The agreement visit a booking is (its month), for the customer's link page; null for any other booking. */
    ofBooking: (bookingId: number) => repo.ofBooking(bookingId),
  };
}
export type AgreementVisitsService = ReturnType<typeof createAgreementVisitsService>;
