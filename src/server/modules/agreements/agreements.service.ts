import { randomBytes } from "node:crypto";
import type { z } from "zod";
import { addDays, type IsoDate } from "@/common/booking-rules/calendar";
import { addYears, agreementStatus, agreementYearEnd, agreementYearStart, nextVisitMonth, type AgreementStatus } from "@/common/agreements/terms";
import type { CompanyProfile } from "@/common/company";
import {
  agreementText as text,
  isAgreementToken,
  type Agreement,
  type AgreementInputSchema,
  type AgreementList,
  type AgreementListQuerySchema,
  type CustomerAgreement,
} from "@/common/schemas/agreements";
import type { OutboxSender } from "../../jobs/outbox";
import { badRequest, conflict, notFound } from "../../lib/errors";
import { agreementEmail, productLabel } from "./agreement-email";
import type { AgreementChange, AgreementEventRow, AgreementRow, AgreementsRepository } from "./agreements.repository";

type Deps = {
  repo: AgreementsRepository;
  settings: { company(): Promise<CompanyProfile> };
  /** Today in Stockholm, from the app's clock. */
  today: () => IsoDate;
  publicUrl: string;
  outbox?: Pick<OutboxSender, "notify">;
};
type Staff = { id: number; name: string };
type AgreementInput = z.output<typeof AgreementInputSchema>;
type ListQuery = z.output<typeof AgreementListQuerySchema>;

/** 192 random bits, 32 characters of base64url: the customer's link cannot be guessed or counted. */
const newToken = () => randomBytes(24).toString("base64url");

const hasEmail = (row: AgreementRow) => row.customerEmail.trim() !== "";

/**
 * The last day after a renewal (issue 26): one agreement year more. An agreement that runs until
 * ended gets the end of the current agreement year, plus one year. An end on the last day of an
 * agreement year moves to the last day of the next (counted from the start date, so a 29 February
 * start keeps its anniversaries); any other end moves one calendar year.
 */
export function renewedEnd(startDate: IsoDate, endsOn: IsoDate | null, today: IsoDate): IsoDate {
  const base = endsOn ?? agreementYearEnd(startDate, agreementYearStart(startDate, today));
  const dayAfter = addDays(base, 1);
  const endsAYear = agreementYearStart(startDate, dayAfter) === dayAfter;
  return endsAYear ? agreementYearEnd(startDate, dayAfter) : addYears(base, 1);
}

export function createAgreementsService({ repo, settings, today, publicUrl, outbox }: Deps) {
  const customerUrl = (row: AgreementRow) => `${publicUrl}/avtal/${row.token}`;
  const statusOf = (row: AgreementRow, day: IsoDate = today()): AgreementStatus =>
    agreementStatus({ startDate: row.startDate, endsOn: row.endsOn, acceptedAt: row.acceptedAt, pausedAt: row.pausedAt }, day);

  function summary(row: AgreementRow, day: IsoDate) {
    const status = statusOf(row, day);
    return {
      id: row.id,
      customerId: row.customerId,
      customerName: row.customerName,
      productId: row.productId,
      productLabel: productLabel(row),
      startDate: row.startDate,
      endsOn: row.endsOn,
      yearlyPriceOre: row.yearlyPriceOre,
      visitsPerYear: row.visitsPerYear,
      visitMonth: row.visitMonth,
      repairDiscountPercent: row.repairDiscountPercent,
      autoRenew: row.autoRenew,
      status,
      acceptedAt: row.acceptedAt?.toISOString() ?? null,
      pausedAt: row.pausedAt?.toISOString() ?? null,
      // An ended agreement has no visit left, even in the month it ended.
      nextVisitMonth: status === "ended" ? null : nextVisitMonth(row, day),
      createdAt: row.createdAt.toISOString(),
    };
  }

  function toAgreement(row: AgreementRow, events: AgreementEventRow[]): Agreement {
    return {
      ...summary(row, today()),
      acceptedFrom: row.acceptedFrom,
      customerUrl: customerUrl(row),
      events: events.map((e) => ({ at: e.at.toISOString(), kind: e.kind, by: e.byName, note: e.note })),
    };
  }

  const withEvents = async (row: AgreementRow) => toAgreement(row, await repo.events(row.id));

  /** A change under the agreement's lock; the e-mail it queues is sent at once. */
  async function change(id: number, decide: (row: AgreementRow, status: AgreementStatus) => AgreementChange) {
    const day = today();
    const changed = await repo.change(id, (row) => decide(row, statusOf(row, day)));
    if (!changed) throw notFound(text.notFound);
    if (changed.outboxId !== null) outbox?.notify(changed.outboxId);
    return withEvents(changed.row);
  }

  async function customerRow(token: string) {
    const row = isAgreementToken(token) ? await repo.findByToken(token) : null;
    if (!row) throw notFound(text.linkInvalid);
    return row;
  }

  async function customerView(row: AgreementRow): Promise<CustomerAgreement> {
    const company = await settings.company();
    const { id: _id, customerId: _c, productId: _p, pausedAt: _paused, nextVisitMonth: _next, createdAt: _created, ...terms } = summary(row, today());
    return { ...terms, company: { name: company.name, phone: company.phone, email: company.email } };
  }

  return {
    /** The repair discount the customer's agreements give on `date` (labour lines of their invoices). */
    repairDiscountOn: (customerId: number, date: IsoDate) => repo.repairDiscountOn(customerId, date),

    async list(query: ListQuery): Promise<AgreementList> {
      const day = today();
      const rows = await repo.list({ ...query, today: day });
      const agreements = rows.map((row) => summary(row, day));
      const yearlyValueOre = agreements.filter((a) => a.status === "active").reduce((sum, a) => sum + a.yearlyPriceOre, 0);
      return { agreements, yearlyValueOre };
    },

    async get(id: number) {
      const row = await repo.find(id);
      if (!row) throw notFound(text.notFound);
      return withEvents(row);
    },

    /**
     * A new agreement for one of the customer's products, e-mailed to the customer with the link to
     * accept it (a customer without an e-mail address gets none: the admin hands over the link). A
     * product has at most one agreement that has not ended (409).
     */
    async create(input: AgreementInput, user: Staff) {
      const company = await settings.company();
      const created = await repo.create(
        {
          customerId: input.customerId,
          productId: input.productId,
          startDate: input.startDate,
          yearlyPriceOre: input.yearlyPriceOre,
          visitsPerYear: input.visitsPerYear,
          visitMonth: input.visitMonth,
          repairDiscountPercent: input.repairDiscountPercent,
          autoRenew: input.autoRenew,
          token: newToken(),
          createdBy: user.id,
        },
        today(),
        { byName: user.name },
        (row) => (hasEmail(row) ? agreementEmail({ row, company, url: customerUrl(row) }) : null),
      );
      if (created.status === "customerMissing") throw badRequest(text.customerMissing);
      if (created.status === "productNotCustomers") throw badRequest(text.productNotCustomers);
      if (created.status === "covered") throw conflict(text.alreadyCovered);
      if (created.outboxId !== null) outbox?.notify(created.outboxId);
      return withEvents(created.row);
    },

    /** Only an active agreement is paused (no visits are proposed while paused). */
    pause: (id: number, user: Staff) =>
      change(id, (_row, status) => {
        if (status === "ended") throw conflict(text.ended);
        if (status !== "active") throw conflict(text.notActive);
        return { set: { pausedAt: "now" }, event: { kind: "paused", byName: user.name } };
      }),

    resume: (id: number, user: Staff) =>
      change(id, (_row, status) => {
        if (status === "ended") throw conflict(text.ended);
        if (status !== "paused") throw conflict(text.notPaused);
        return { set: { pausedAt: null }, event: { kind: "resumed", byName: user.name } };
      }),

    /** The last day the agreement runs: from its start date, and not in the past; it is ended the day after. */
    end: (id: number, endsOn: IsoDate, user: Staff) =>
      change(id, (row, status) => {
        if (status === "ended") throw conflict(text.ended);
        if (endsOn < row.startDate) throw badRequest(text.endBeforeStart);
        if (endsOn < today()) throw badRequest(text.endInPast);
        return { set: { endsOn }, event: { kind: "ended", byName: user.name, note: endsOn } };
      }),

    /** One agreement year more, for an agreement that does not renew itself. */
    renew: (id: number, user: Staff) =>
      change(id, (row, status) => {
        if (status === "ended") throw conflict(text.ended);
        if (row.autoRenew) throw conflict(text.renewAutomatic);
        const endsOn = renewedEnd(row.startDate, row.endsOn, today());
        return { set: { endsOn }, event: { kind: "renewed", byName: user.name, note: endsOn } };
      }),

    /** The agreement's e-mail again, while the customer has not accepted it. */
    async resend(id: number, user: Staff) {
      const company = await settings.company();
      return change(id, (row, status) => {
        if (status === "ended") throw conflict(text.ended);
        if (status !== "pending") throw conflict(text.notPending);
        if (!hasEmail(row)) throw conflict(text.noEmail);
        return { set: {}, event: { kind: "sent", byName: user.name, note: row.customerEmail }, email: agreementEmail({ row, company, url: customerUrl(row) }) };
      });
    },

    /** The customer's page: the terms and whether they are accepted. */
    async customerView(token: string) {
      return customerView(await customerRow(token));
    },

    /**
     * The customer accepts, from `from` (the client's address): recorded once, the first time; a
     * later accept answers with the first acceptance unchanged. An ended agreement is not accepted.
     */
    async accept(token: string, from: string) {
      if (!isAgreementToken(token)) throw notFound(text.linkInvalid);
      const result = await repo.accept(token, from, today());
      if (!result) throw notFound(text.linkInvalid);
      if (statusOf(result.row) === "ended") throw conflict(text.ended);
      return customerView(result.row);
    },
  };
}
export type AgreementsService = ReturnType<typeof createAgreementsService>;
