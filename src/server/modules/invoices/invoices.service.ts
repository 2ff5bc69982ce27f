import { roundHalfUpDiv } from "@/common/invoicing/money";
import { randomBytes } from "node:crypto";
import { addDays, type IsoDate } from "@/common/booking-rules/calendar";
import type { CompanyProfile } from "@/common/company";
import { computeInvoiceTotals, lineNetOre, type InvoiceTotals } from "@/common/invoicing/totals";
import { maskPersonalNumber } from "@/common/invoicing/identity-numbers";
import { ocrWithLengthDigit } from "@/common/invoicing/ocr";
import { ROT_BASIS_LABELS, rotRuleOn } from "@/common/invoicing/tax-rules";
import {
  InvoiceDraftInputSchema,
  type CustomerInvoice,
  type Invoice,
  type InvoiceDraftInput,
  type InvoiceLineInput,
  type InvoiceListItem,
} from "@/common/schemas/invoices";
import type { SystemSettings } from "@/common/schemas/settings";
import type { z } from "zod";
import type { StoredInvoiceCompany, StoredInvoiceLine, StoredRot } from "../../db/schema";
import type { OutboxSender } from "../../jobs/outbox";
import { badRequest, conflict, notFound } from "../../lib/errors";
import type { InvoiceListFilter, InvoiceRow, InvoicesRepository, NewInvoice, NewRotBuyer, PaymentRow, RotBuyerRow } from "./invoices.repository";
import { creditNoteEmail, invoiceEmail, paymentReminderEmail } from "./invoice-email";
import { renderInvoicePdf, type InvoicePdfInput } from "./invoice-pdf";
import { writeRotClaimXml, type RotClaimCase } from "./rot-claim-xml";
import { sieAccountsFrom, writeSie } from "./sie-export";
import { invoicesText as text } from "./invoices.text";

type Settings = { get(): Promise<SystemSettings>; company(): Promise<CompanyProfile> };
type Deps = {
  repo: InvoicesRepository;
  settings: Settings;
  today: () => IsoDate;
  publicUrl: string;
  outbox?: Pick<OutboxSender, "notify">;
  /**
   * The repair discount (whole percent, 0 without one) of the service agreement the customer holds
   * on a date (issue 26): every labour line of their invoices gets at least that discount.
   */
  agreementDiscount?: (customerId: number, on: IsoDate) => Promise<number>;
};
type DraftInput = z.output<typeof InvoiceDraftInputSchema>;

/** Buyers (cases) in one claim file: the e-service's limit. */
const MAX_CLAIM_CASES = 100;
const newAccessToken = () => randomBytes(24).toString("base64url");
const PAGE_SIZE = 50;

/** Lines as the rules compute them (the stored form is the same shape). */
const asLine = (line: StoredInvoiceLine): InvoiceLineInput => ({
  ...line,
  vatRate: line.vatRate as InvoiceLineInput["vatRate"],
  discountPercent: line.discountPercent ?? 0,
});

/** Labour lines get at least the agreement's discount; other lines keep theirs. */
function withAgreementDiscount<L extends { labour: boolean; discountPercent?: number }>(lines: L[], percent: number): L[] {
  return lines.map((line) => (line.labour && (line.discountPercent ?? 0) < percent ? { ...line, discountPercent: percent } : line));
}
const asLines = (lines: StoredInvoiceLine[]): InvoiceLineInput[] => lines.map(asLine);

export function createInvoicesService({ repo, settings, today, publicUrl, outbox, agreementDiscount = async () => 0 }: Deps) {
  const customerUrl = (row: InvoiceRow) => `${publicUrl}/faktura/${row.accessToken}`;

  function rotTotals(row: Pick<InvoiceRow, "lines" | "rot">, buyers: Pick<RotBuyerRow, "sharePercent">[], remainingCaps: number[]): InvoiceTotals {
    if (!row.rot) return computeInvoiceTotals(asLines(row.lines), null);
    return computeInvoiceTotals(asLines(row.lines), {
      basis: row.rot.basis,
      ratePercent: row.rot.ratePercent,
      buyers: buyers.map((b, i) => ({ sharePercent: b.sharePercent, remainingCapOre: remainingCaps[i] ?? 0 })),
    });
  }

  /**
   * A sent invoice's figures as they were sent: its buyers' parts are the caps that applied. A credit
   * note's are its invoice's with the opposite sign (its lines are the invoice's, negated).
   */
  function storedTotals(row: InvoiceRow, buyers: RotBuyerRow[]): InvoiceTotals {
    if (row.status === "draft")
      return rotTotals(
        row,
        buyers,
        buyers.map(() => Number.MAX_SAFE_INTEGER),
      );
    if (row.kind === "credit") {
      const credited = { lines: row.lines.map((l) => ({ ...l, unitPriceOre: -l.unitPriceOre })), rot: row.rot };
      return negated(
        rotTotals(
          credited,
          buyers,
          buyers.map((b) => Math.abs(b.rotOre)),
        ),
      );
    }
    return rotTotals(
      row,
      buyers,
      buyers.map((b) => b.rotOre),
    );
  }

  async function toInvoice(row: InvoiceRow): Promise<Invoice> {
    const details = await repo.details(row.id);
    const totals = storedTotals(row, details.buyers);
    return {
      id: row.id,
      kind: row.kind as Invoice["kind"],
      status: row.status as Invoice["status"],
      overdue: isOverdue(row),
      number: row.number,
      ocr: row.ocr,
      customerId: row.customerId,
      bookingId: row.bookingId,
      creditedInvoice: details.creditedInvoice,
      creditNote: details.creditNote,
      customer: { name: row.customerName, address: row.customerAddress, postalCode: row.customerPostalCode, city: row.customerCity, email: row.customerEmail },
      company: row.company,
      issueDate: row.issueDate,
      dueDate: row.dueDate,
      workDate: row.workDate,
      paymentTermsDays: row.paymentTermsDays,
      lines: row.lines.map((line) => ({ ...asLine(line), netOre: lineNetOre(asLine(line)) })),
      totals,
      rot: row.rot
        ? {
            basis: row.rot.basis,
            ratePercent: row.rot.ratePercent,
            buyers: details.buyers.map((b, i) => ({
              personalNumberMasked: maskPersonalNumber(b.personalNumber),
              name: null,
              sharePercent: b.sharePercent,
              rotOre: row.status === "draft" ? (totals.rotPerBuyerOre[i] ?? 0) : b.rotOre,
            })),
            property: row.rot.property,
            workType: row.rot.workType,
            hours: row.rot.hours,
            claimedAt: row.rotClaimedAt?.toISOString() ?? null,
            decidedOn: row.rotDecidedOn,
            approvedOre: row.rotApprovedOre,
            followUpInvoiceId: row.rotFollowUpInvoiceId,
          }
        : null,
      payments: details.payments.map((p: PaymentRow) => ({ id: p.id, paidOn: p.paidOn, amountOre: p.amountOre })),
      paidOre: row.paidOre,
      paidOn: row.paidOn,
      sentAt: row.sentAt?.toISOString() ?? null,
      reminderSentAt: row.reminderSentAt?.toISOString() ?? null,
      customerUrl: customerUrl(row),
      createdAt: row.createdAt.toISOString(),
    };
  }

  function isOverdue(row: Pick<InvoiceRow, "status" | "kind" | "dueDate" | "paidOre" | "toPayOre">) {
    return row.status === "sent" && row.kind === "invoice" && row.dueDate !== null && row.dueDate < today() && row.paidOre < row.toPayOre;
  }

  async function load(id: number) {
    const row = await repo.find(id);
    if (!row) throw notFound(text.notFound);
    return row;
  }

  /** The stored form of a draft's content, with the customer's details as they are now. */
  async function draftValues(input: DraftInput) {
    const customer = await repo.customer(input.customerId);
    if (!customer || customer.anonymizedAt) throw badRequest(text.customerMissing);
    if (input.bookingId !== null) {
      const found = await repo.bookingWithReport(input.bookingId);
      if (!found || found.booking.customerId !== customer.id) throw badRequest(text.bookingNotCustomers);
    }
    const rule = input.rot ? rotRuleOn(today()) : null;
    const rot: StoredRot | null =
      input.rot && rule
        ? { basis: input.rot.basis, ratePercent: rule.ratePercent, property: input.rot.property, workType: input.rot.workType, hours: input.rot.hours }
        : null;
    if (input.rot && input.rot.basis === "lines" && !input.lines.some((l) => l.labour)) throw badRequest(text.rotNeedsLabour);
    const discount = await agreementDiscount(customer.id, input.workDate ?? today());
    const lines: StoredInvoiceLine[] = withAgreementDiscount(input.lines, discount).map((l) => ({ ...l }));
    const totals = computeInvoiceTotals(asLines(lines), null);
    if (totals.totalOre < 0) throw badRequest(text.negativeTotal);
    const values = {
      customerId: customer.id,
      bookingId: input.bookingId,
      customerName: customer.name,
      customerAddress: customer.address,
      customerPostalCode: customer.postalCode,
      customerCity: customer.city,
      customerEmail: customer.email,
      workDate: input.workDate,
      lines,
      rot,
      totalOre: totals.totalOre,
      toPayOre: totals.toPayOre,
    } satisfies Partial<NewInvoice>;
    const buyers: NewRotBuyer[] = (input.rot?.buyers ?? []).map((b, position) => ({
      position,
      personalNumber: b.personalNumber,
      sharePercent: b.sharePercent,
    }));
    return { values, buyers };
  }

  function companyOf(current: SystemSettings): StoredInvoiceCompany {
    return {
      name: current.companyName,
      address: current.companyAddress,
      orgNumber: current.orgNumber,
      vatNumber: current.vatNumber,
      fSkatt: current.fSkatt,
      bankgiro: current.bankgiro,
      email: current.companyEmail,
      phone: current.companyPhone,
    };
  }

  async function pdfInput(row: InvoiceRow): Promise<InvoicePdfInput> {
    const details = await repo.details(row.id);
    const totals = storedTotals(row, details.buyers);
    const company = row.company ?? companyOf(await settings.get());
    return {
      kind: row.kind as "invoice" | "credit",
      number: row.number ?? 0,
      creditedNumber: details.creditedInvoice?.number ?? null,
      issueDate: row.issueDate ?? today(),
      dueDate: row.dueDate ?? today(),
      workDate: row.workDate,
      ocr: row.ocr ?? "",
      bankgiro: company.bankgiro,
      paymentTermsDays: row.paymentTermsDays,
      company,
      customer: { name: row.customerName, address: row.customerAddress, postalCode: row.customerPostalCode, city: row.customerCity },
      lines: row.lines.map((line) => ({ ...asLine(line), netOre: lineNetOre(asLine(line)) })),
      totals,
      rot: row.rot
        ? {
            basisLabel: ROT_BASIS_LABELS[row.rot.basis],
            ratePercent: row.rot.ratePercent,
            buyers: details.buyers.map((b) => ({ personalNumber: b.personalNumber, name: null, sharePercent: b.sharePercent, rotOre: b.rotOre })),
            propertyLabel: propertyLabel(row.rot),
          }
        : null,
      paidOre: row.paidOre,
    };
  }

  return {
    async list(query: { q?: string; status: InvoiceListFilter; page?: number }) {
      const page = query.page ?? 1;
      const { rows, total } = await repo.list({ q: query.q, filter: query.status, today: today(), limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE });
      const invoices: InvoiceListItem[] = rows.map((r) => ({ ...r, kind: r.kind as InvoiceListItem["kind"], status: r.status as InvoiceListItem["status"] }));
      return { invoices, total, page, pageSize: PAGE_SIZE };
    },

    async get(id: number) {
      return toInvoice(await load(id));
    },

    /** What an invoice for a completed visit starts with: its service report as lines. */
    async fromBooking(bookingId: number) {
      const found = await repo.bookingWithReport(bookingId);
      if (!found) throw notFound(text.bookingNotFound);
      const { booking, report } = found;
      if (booking.status !== "completed") throw badRequest(text.bookingNotCompleted);
      const labourPrice = report?.cost ? Math.round(Number(report.cost) * 100) : (DEFAULT_LABOUR_PRICE_ORE[booking.serviceType] ?? 0);
      const lines: InvoiceLineInput[] = [
        {
          description: truncate(`${SERVICE_LINE_LABELS[booking.serviceType] ?? text.workLine}${report?.actions ? `: ${report.actions}` : ""}`, 300),
          quantity: 1,
          unit: "st",
          unitPriceOre: labourPrice,
          vatRate: 25,
          labour: true,
          discountPercent: 0,
        },
      ];
      if (report?.parts)
        lines.push({
          description: truncate(`${text.partsLine}: ${report.parts}`, 300),
          quantity: 1,
          unit: "st",
          unitPriceOre: 0,
          vatRate: 25,
          labour: false,
          discountPercent: 0,
        });
      const discount = await agreementDiscount(booking.customerId!, booking.date);
      return {
        customerId: booking.customerId!,
        bookingId: booking.id,
        workDate: booking.date,
        lines: withAgreementDiscount(lines, discount),
        rotSuggested: booking.serviceType === "installation",
        rotBasisSuggested: "lines" as const,
      };
    },

    async create(input: InvoiceDraftInput, userId: number | null) {
      const parsed = InvoiceDraftInputSchema.parse(input);
      const { values, buyers } = await draftValues(parsed);
      const row = await repo.insertDraft({ ...values, accessToken: newAccessToken(), createdBy: userId }, buyers);
      return toInvoice(row);
    },

    /**
     * A service agreement's yearly fee as a draft for the office to send (issue 26): one line, the
     * price including 25 % VAT as the agreement states it (the net is the price / 1.25 to the öre; the
     * invoice's rounding takes what is left), not labour, so no ROT and no agreement discount.
     */
    async createFeeDraft(fee: { customerId: number; description: string; priceInclVatOre: number; workDate: IsoDate }) {
      const unitPriceOre = roundHalfUpDiv(fee.priceInclVatOre * 100, 125);
      const line = {
        description: fee.description.slice(0, 300),
        quantity: 1,
        unit: "år",
        unitPriceOre,
        vatRate: 25 as const,
        labour: false,
        discountPercent: 0,
      };
      return this.create({ customerId: fee.customerId, bookingId: null, workDate: fee.workDate, lines: [line], rot: null }, null);
    },

    async update(id: number, input: InvoiceDraftInput) {
      const current = await load(id);
      if (current.status !== "draft") throw conflict(text.sentIsFinal);
      const { values, buyers } = await draftValues(InvoiceDraftInputSchema.parse(input));
      const row = await repo.updateDraft(id, values, buyers);
      if (!row) throw conflict(text.sentIsFinal);
      return toInvoice(row);
    },

    async remove(id: number) {
      const current = await load(id);
      if (current.status !== "draft") throw conflict(text.onlyDraftsDeleted);
      if (!(await repo.deleteDraft(id))) throw conflict(text.onlyDraftsDeleted);
    },

    /** Sends a draft: number, OCR, dates, the company as it is today, the final ROT within each buyer's cap. */
    async send(id: number) {
      await load(id);
      const current = await settings.get();
      const company = await settings.company();
      const issueDate = today();
      const year = Number(issueDate.slice(0, 4));
      const sent = await repo.send(
        id,
        async ({ row, buyers, number, claimedThisYear }) => {
          const rule = row.rot ? rotRuleOn(issueDate) : null;
          // One buyer after the other: claimedThisYear reads in the sending transaction, whose one
          // connection takes one query at a time (node-postgres queues a second with a warning; pg 9 refuses it).
          const remaining: number[] = [];
          for (const b of buyers) remaining.push(Math.max(0, (rule?.capPerPersonOre ?? 0) - (await claimedThisYear(b.personalNumber, year))));
          const rot = row.rot && rule ? { ...row.rot, ratePercent: rule.ratePercent } : row.rot;
          const totals = rotTotals({ lines: row.lines, rot }, buyers, remaining);
          const values: Partial<NewInvoice> = {
            ocr: ocrWithLengthDigit(String(number)),
            issueDate,
            dueDate: addDays(issueDate, current.paymentTermsDays),
            paymentTermsDays: current.paymentTermsDays,
            company: companyOf(current),
            rot,
            totalOre: totals.totalOre,
            rotOre: totals.rotOre,
            toPayOre: totals.toPayOre,
          };
          return {
            values,
            buyers: buyers.map((b, i) => ({ position: b.position, rotOre: totals.rotPerBuyerOre[i] ?? 0, capYear: year })),
            email: (sentRow) => invoiceEmail({ row: sentRow, company, url: customerUrl(sentRow) }),
          };
        },
        current.invoiceNumberStart,
      );
      if (!sent) throw conflict(text.alreadySent);
      outbox?.notify(sent.outboxId);
      return toInvoice(sent.row);
    },

    async registerPayment(id: number, payment: { paidOn: string; amountOre: number }, userId: number) {
      await load(id);
      if (payment.paidOn > today()) throw badRequest(text.paymentInFuture);
      const updated = await repo.registerPayment(id, { ...payment, registeredBy: userId }, (row) => {
        if (row.kind !== "invoice" || row.status !== "sent") throw conflict(row.status === "paid" ? text.alreadyPaid : text.notPayable);
        const left = row.toPayOre - row.paidOre;
        if (payment.amountOre > left) throw badRequest(text.paymentTooLarge(left));
        const paidOre = row.paidOre + payment.amountOre;
        return paidOre >= row.toPayOre ? { paidOre, status: "paid", paidOn: payment.paidOn } : { paidOre, status: "sent", paidOn: null };
      });
      if (!updated) throw notFound(text.notFound);
      return toInvoice(updated);
    },

    /** A credit note for the whole invoice: its lines with the opposite sign, numbered in the same series. */
    async credit(id: number, userId: number) {
      await load(id);
      const company = await settings.company();
      const current = await settings.get();
      const note = await repo.credit(id, ({ row, buyers, number }) => {
        if (row.kind !== "invoice" || (row.status !== "sent" && row.status !== "paid")) throw conflict(text.notCreditable);
        if (row.rotClaimedAt && !row.rotDecidedOn) throw conflict(text.rotClaimPending);
        const issueDate = today();
        const lines = row.lines.map((l) => ({ ...l, unitPriceOre: -l.unitPriceOre }));
        const creditedBuyers = buyers.map((b) => ({
          position: b.position,
          personalNumber: b.personalNumber,
          sharePercent: b.sharePercent,
          rotOre: -b.rotOre,
          capYear: b.capYear,
        }));
        const totals = negated(storedTotals(row, buyers));
        return {
          values: {
            kind: "credit",
            status: "sent",
            number,
            ocr: ocrWithLengthDigit(String(number)),
            customerId: row.customerId,
            bookingId: row.bookingId,
            creditedInvoiceId: row.id,
            customerName: row.customerName,
            customerAddress: row.customerAddress,
            customerPostalCode: row.customerPostalCode,
            customerCity: row.customerCity,
            customerEmail: row.customerEmail,
            company: companyOf(current),
            issueDate,
            dueDate: issueDate,
            workDate: row.workDate,
            paymentTermsDays: 0,
            lines,
            rot: row.rot,
            totalOre: totals.totalOre,
            rotOre: totals.rotOre,
            toPayOre: totals.toPayOre,
            accessToken: newAccessToken(),
            sentAt: new Date(),
            createdBy: userId,
          },
          buyers: creditedBuyers,
          email: (noteRow) => creditNoteEmail({ row: noteRow, creditedNumber: row.number!, company, url: customerUrl(noteRow) }),
        };
      });
      if (!note) throw notFound(text.notFound);
      outbox?.notify(note.outboxId);
      return toInvoice(note.row);
    },

    async pdf(id: number) {
      const row = await load(id);
      if (row.status === "draft") throw conflict(text.draftHasNoPdf);
      return { pdf: Buffer.from(await renderInvoicePdf(await pdfInput(row))), number: row.number! };
    },

    /** The PDF an e-mail carries, made when it is sent; null when the invoice is gone. */
    async pdfForEmail(id: number) {
      const row = await repo.find(id);
      if (!row || row.status === "draft") return null;
      return Buffer.from(await renderInvoicePdf(await pdfInput(row)));
    },

    async customerView(token: string): Promise<CustomerInvoice> {
      const row = await repo.findByToken(token);
      if (!row) throw notFound(text.notFound);
      const invoice = await toInvoice(row);
      const { rot, customerId: _c, bookingId: _b, reminderSentAt: _r, createdAt: _d, ...rest } = invoice;
      return {
        ...rest,
        rot: rot ? { ratePercent: rot.ratePercent, rotOre: invoice.totals.rotOre, property: propertyLabel(row.rot!) } : null,
        pdfUrl: `/api/invoices/${row.accessToken}/pdf`,
      };
    },

    async customerPdf(token: string) {
      const row = await repo.findByToken(token);
      if (!row) throw notFound(text.notFound);
      return { pdf: Buffer.from(await renderInvoicePdf(await pdfInput(row))), number: row.number! };
    },

    /** The sent invoices of a booking, for its link page. */
    async forBooking(bookingId: number) {
      const rows = await repo.sentForBooking(bookingId);
      return rows.map((row) => ({
        number: row.number!,
        kind: row.kind as "invoice" | "credit",
        status: row.status as "sent" | "paid" | "credited",
        issueDate: row.issueDate!,
        dueDate: row.dueDate!,
        toPayOre: row.toPayOre,
        url: `/faktura/${row.accessToken}`,
      }));
    },

    overdueCount: async () => (await repo.overdue(today())).count,
    /** How many invoices are overdue and what is left to pay on them (the admin overview). */
    overdue: () => repo.overdue(today()),

    /** The daily run: one reminder per overdue invoice, N days after its due date (settings; 0 = none). */
    async sendReminders() {
      const current = await settings.get();
      if (current.paymentReminderDays === 0) return 0;
      const company = await settings.company();
      const outboxIds = await repo.remindDue(today(), current.paymentReminderDays, (row) => paymentReminderEmail({ row, company, url: customerUrl(row) }));
      for (const id of outboxIds) outbox?.notify(id);
      return outboxIds.length;
    },

    /**
     * Skatteverket's claim file for the paid ROT invoices not yet claimed (nothing is marked: see
     * markClaimed). One file holds the payments of one year and at most 100 buyers (the e-service's
     * rules): the earliest year's invoices first; the rest come in the next file.
     */
    async rotClaimFile() {
      const claimable = await repo.rotClaimable();
      if (!claimable.length) throw notFound(text.nothingToClaim);
      const year = claimable.map((r) => r.paidOn!.slice(0, 4)).sort()[0];
      const buyers = await repo.buyersOfMany(claimable.map((r) => r.id));
      const rows: InvoiceRow[] = [];
      const cases: RotClaimCase[] = [];
      for (const row of claimable.filter((r) => r.paidOn!.startsWith(year))) {
        const own = buyers.filter((b) => b.invoiceId === row.id);
        if (cases.length + own.length > MAX_CLAIM_CASES) break;
        const totals = storedTotals(row, own);
        rows.push(row);
        for (const buyer of own) cases.push(claimCase(row, buyer, totals));
      }
      const xml = writeRotClaimXml({ name: `Rot ${today()}`, cases });
      return { xml, invoiceIds: rows.map((r) => r.id) };
    },

    async markClaimed(invoiceIds: number[]) {
      const marked = await repo.markClaimed(invoiceIds);
      if (!marked.length) throw conflict(text.nothingMarked);
      return { marked: marked.length };
    },

    async decideRot(id: number, decision: { decidedOn: string; approvedOre: number }, userId: number) {
      await load(id);
      const updated = await repo.decideRot(id, ({ row, buyers }) => {
        if (!row.rotClaimedAt) throw conflict(text.rotNotClaimed);
        if (row.rotDecidedOn) throw conflict(text.rotAlreadyDecided);
        if (decision.approvedOre > row.rotOre) throw badRequest(text.approvedTooLarge(row.rotOre));
        const refused = row.rotOre - decision.approvedOre;
        return {
          decidedOn: decision.decidedOn,
          approvedOre: decision.approvedOre,
          buyers: splitApproved(buyers, decision.approvedOre),
          followUp: refused > 0 ? { values: followUpInvoice(row, refused, userId) } : null,
        };
      });
      if (!updated) throw notFound(text.notFound);
      return toInvoice(updated);
    },

    /** SIE 4I for a period: a voucher per invoice, payment and ROT payout. */
    async sie(from: string, to: string) {
      if (to < from) throw badRequest(text.periodOrder);
      const current = await settings.get();
      const { issued, payments, payouts } = await repo.forBookkeeping(from, to);
      const buyers = await repo.buyersOfMany(issued.map((r) => r.id));
      return writeSie(
        {
          company: { name: current.companyName, orgNumber: current.orgNumber },
          generatedOn: today(),
          from,
          to,
          invoices: issued.map((row) => {
            const totals = storedTotals(
              row,
              buyers.filter((b) => b.invoiceId === row.id),
            );
            return {
              number: row.number!,
              kind: row.kind as "invoice" | "credit",
              issueDate: row.issueDate!,
              customerName: row.customerName,
              vatByRate: totals.vatByRate.map((v) => ({ ...v, rate: v.rate as 25 | 12 | 6 | 0 })),
              rotOre: totals.rotOre,
              roundingOre: totals.roundingOre,
              toPayOre: totals.toPayOre,
            };
          }),
          payments: payments.map((p) => ({ invoiceNumber: p.invoiceNumber!, paidOn: p.paidOn, amountOre: p.amountOre })),
          rotPayouts: payouts.map((p) => ({ invoiceNumber: p.invoiceNumber!, decidedOn: p.decidedOn!, approvedOre: p.approvedOre! })),
        },
        sieAccountsFrom(current.sieAccounts),
      );
    },
  };
}
export type InvoicesService = ReturnType<typeof createInvoicesService>;

// Prefilled prices for an invoice from a visit, excluding VAT (the indicative prices of rules §9 include it).
const DEFAULT_LABOUR_PRICE_ORE: Record<string, number> = { service: 200_000, installation: 520_000, troubleshooting: 200_000, hembesok: 0 };
const SERVICE_LINE_LABELS: Record<string, string> = {
  service: "Service av värmepump",
  installation: "Installation av värmepump",
  troubleshooting: "Felsökning av värmepump",
  hembesok: "Hembesök",
};

/** Every amount with the opposite sign (a credit note's figures from its invoice's). */
function negated(totals: InvoiceTotals): InvoiceTotals {
  const flip = (ore: number) => (ore === 0 ? 0 : -ore);
  return {
    netOre: flip(totals.netOre),
    vatByRate: totals.vatByRate.map((v) => ({ rate: v.rate, netOre: flip(v.netOre), vatOre: flip(v.vatOre) })),
    vatOre: flip(totals.vatOre),
    totalOre: flip(totals.totalOre),
    labourInclVatOre: flip(totals.labourInclVatOre),
    rotOre: flip(totals.rotOre),
    rotPerBuyerOre: totals.rotPerBuyerOre.map(flip),
    toPayBeforeRoundingOre: flip(totals.toPayBeforeRoundingOre),
    roundingOre: flip(totals.roundingOre),
    toPayOre: flip(totals.toPayOre),
  };
}

const truncate = (value: string, max: number) => (value.length > max ? `${value.slice(0, max - 1)}…` : value);

function propertyLabel(rot: StoredRot) {
  return rot.property.kind === "house"
    ? `Fastighet ${rot.property.designation}`
    : `Bostadsrätt lgh ${rot.property.flatNumber}, BRF org.nr ${rot.property.associationOrgNumber}`;
}

/** Approved ROT split like the request: whole kronor by share, the rest to the last buyer. */
function splitApproved(buyers: RotBuyerRow[], approvedOre: number) {
  let left = approvedOre;
  return buyers.map((b, i) => {
    const part = i === buyers.length - 1 ? left : Math.floor((approvedOre * b.sharePercent) / 100 / 100) * 100;
    left -= part;
    return { position: b.position, rotOre: part };
  });
}

/** The refused part of a ROT deduction, for the customer to pay (rules of issue 25): a new draft. */
function followUpInvoice(row: InvoiceRow, refusedOre: number, userId: number): NewInvoice {
  return {
    customerId: row.customerId,
    bookingId: row.bookingId,
    customerName: row.customerName,
    customerAddress: row.customerAddress,
    customerPostalCode: row.customerPostalCode,
    customerCity: row.customerCity,
    customerEmail: row.customerEmail,
    workDate: row.workDate,
    lines: [
      {
        description: `Ej beviljat rotavdrag för faktura ${row.number} (Skatteverkets beslut)`,
        quantity: 1,
        unit: "st",
        unitPriceOre: refusedOre,
        vatRate: 0,
        labour: false,
      },
    ],
    rot: null,
    totalOre: refusedOre,
    toPayOre: refusedOre,
    accessToken: newAccessToken(),
    createdBy: userId,
  };
}

/** One buyer's case in the claim file: whole kronor, öre dropped (5 § HUSFL). */
function claimCase(row: InvoiceRow, buyer: RotBuyerRow, totals: InvoiceTotals): RotClaimCase {
  const kr = (ore: number) => Math.trunc(ore / 100);
  const share = buyer.sharePercent / 100;
  const labour = totals.labourInclVatOre * share;
  return {
    buyerPersonalNumber: buyer.personalNumber,
    paidOn: row.paidOn!,
    priceForWorkKr: kr(labour),
    // What the buyer paid for the work: its price less the deduction claimed (7 § HUSFL).
    paidKr: Math.max(0, kr(labour) - kr(buyer.rotOre)),
    claimedKr: kr(buyer.rotOre),
    invoiceNumber: String(row.number),
    // Everything that is not labour is material (incl. VAT); the invoices have no other costs such as travel.
    otherCostsKr: 0,
    property: row.rot!.property,
    workType: row.rot!.workType,
    hours: Math.round(row.rot!.hours * share),
    materialCostKr: Math.max(0, kr((totals.totalOre - totals.labourInclVatOre) * share)),
  };
}
