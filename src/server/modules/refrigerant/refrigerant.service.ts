import { todayIn } from "@/common/booking-rules";
import {
  REFRIGERANT_NAMES,
  chargeGrams,
  checkDueDate,
  checkIntervalMonths,
  checkStatus,
  co2eTonnes,
  isRefrigerant,
  peakCheckDutyTonnes,
  pendingFollowUp,
  reportYears as yearsWithReport,
  yearlyReportDeadline,
  yearlyReportRequired,
  type InstallationUnit,
  type Refrigerant,
  type RegisteredUnit,
} from "@/common/refrigerant";
import {
  refrigerantText as text,
  type LeakCheck,
  type LeakCheckMethod,
  type LeakCheckRecorded,
  type LeakCheckResult,
  type LeakCheckValues,
  type ProductRefrigerantInputSchema,
  type ProductTimeline,
  type RegisterEntry,
  type RegisterFilter,
  type RegisterList,
  type TimelineEvent,
} from "@/common/schemas/refrigerant";
import type { z } from "zod";
import { forbidden, notFound, unprocessable } from "../../lib/errors";
import { fieldChanges } from "../../lib/field-changes";
import type { SessionUser } from "../../plugins/session";
import type { SettingsService } from "../settings/settings.service";
import type { LeakCheckRow, LeakCheckWrite, RefrigerantFields, RefrigerantRepository, RegisterRow } from "./refrigerant.repository";
import { renderRefrigerantReportPdf, type RefrigerantReportInput } from "./refrigerant-report-pdf";

type Deps = {
  repo: RefrigerantRepository;
  /** Today in Stockholm: statuses and due dates count from it. */
  today: () => string;
  timeZone: string;
  settings: Pick<SettingsService, "company">;
};

/** The unit of a register row, for the rules; null while its refrigerant or charge is unknown. */
type Unit = { unit: RegisteredUnit; source: "product" | "protocol" } | null;

function unitOf(row: RegisterRow): Unit {
  const { product } = row;
  const dates = { lastCheckDate: row.lastCheckDate, installedOn: product.installDate, lastLeakRepairDate: row.lastRepairDate };
  const flags = { leakDetection: product.leakDetection, hermeticallySealed: product.hermeticallySealed };
  // The product's own fields win; while they are empty, its latest signed installation protocol's.
  if (product.refrigerant !== null && product.refrigerantChargeKg !== null && isRefrigerant(product.refrigerant))
    return { unit: { refrigerant: product.refrigerant, chargeKg: product.refrigerantChargeKg, ...flags, ...dates }, source: "product" };
  if (product.refrigerant === null && row.protocolChargeKg !== null && isRefrigerant(row.protocolRefrigerant))
    return { unit: { refrigerant: row.protocolRefrigerant, chargeKg: row.protocolChargeKg, ...flags, ...dates }, source: "protocol" };
  return null;
}

/** The unit as one of its operator's installation (SFS 2016:1128 4 §): in service from its installation, never taken out. */
const installationUnit = (row: RegisterRow, found: NonNullable<Unit>): InstallationUnit => ({
  ...found.unit,
  inServiceFrom: row.product.installDate,
  inServiceUntil: null,
});

const productName = (product: { brand: string | null; model: string }) => [product.brand, product.model].filter(Boolean).join(" ");

/** The register's view of a product on `today`, every figure from the rules in src/common/refrigerant. */
function entryOf(row: RegisterRow, today: string): RegisterEntry {
  const found = unitOf(row);
  const unit = found?.unit ?? null;
  const { product } = row;
  return {
    productId: product.id,
    customerId: product.customerId,
    customerName: row.customerName,
    customerCity: row.customerCity,
    product: productName(product),
    type: product.type,
    serialNumber: product.serialNumber,
    installedOn: product.installDate,
    refrigerant: unit?.refrigerant ?? null,
    chargeKg: unit?.chargeKg ?? null,
    leakDetection: product.leakDetection,
    hermeticallySealed: product.hermeticallySealed,
    source: found?.source ?? null,
    co2eTonnes: unit ? co2eTonnes(unit.refrigerant, unit.chargeKg) : null,
    intervalMonths: unit ? checkIntervalMonths(unit) : null,
    lastCheck:
      row.lastCheckDate === null
        ? null
        : { date: row.lastCheckDate, result: row.lastCheckResult as LeakCheckResult, method: row.lastCheckMethod as LeakCheckMethod },
    nextDue: unit ? checkDueDate(unit) : null,
    status: unit ? checkStatus(unit, today) : "none",
    followUp: unit ? pendingFollowUp(unit) : null,
  };
}

const STATUS_ORDER = { overdue: 0, "due-soon": 1, ok: 2, none: 3 } as const;

/** Overdue first (those with nothing to count from before the rest), then by due date, customer and product. */
function byUrgency(a: RegisterEntry, b: RegisterEntry): number {
  return (
    STATUS_ORDER[a.status] - STATUS_ORDER[b.status] ||
    (a.nextDue ?? "").localeCompare(b.nextDue ?? "") ||
    a.customerName.localeCompare(b.customerName, "sv") ||
    a.productId - b.productId
  );
}

const matches = (filter: RegisterFilter) => (entry: RegisterEntry) =>
  filter === "all" || (filter === "follow-up" ? entry.followUp !== null : entry.status === filter);

export const toLeakCheck = (row: LeakCheckRow): LeakCheck => ({
  id: row.id,
  checkedOn: row.checkedOn,
  method: row.method as LeakCheckMethod,
  result: row.result as LeakCheckResult,
  addedKg: row.addedKg,
  recoveredKg: row.recoveredKg,
  technicianName: row.technicianName,
  certificate: row.certificate,
  followUp: row.followUp,
  bookingId: row.bookingId,
});

/** A flag as the product's change history shows it. */
const yesNo = (value: boolean) => (value ? "Ja" : "Nej");
const EDITABLE = ["refrigerant", "refrigerantChargeKg", "leakDetection", "hermeticallySealed"] as const;
const asHistory = (fields: RefrigerantFields) => ({
  refrigerant: fields.refrigerant,
  refrigerantChargeKg: fields.refrigerantChargeKg,
  leakDetection: yesNo(fields.leakDetection),
  hermeticallySealed: yesNo(fields.hermeticallySealed),
});

/**
 * The refrigerant register (issue 26): a unit's refrigerant as admins set it, the register of units
 * with a leak-check duty (2024/573 Art. 5), the leak checks technicians record at a visit (with the
 * follow-up of a repaired leak, Art. 4(5)), a product's timeline and the operator's yearly report
 * (SFS 2016:1128 15 §). Every figure comes from the rules in src/common/refrigerant.
 */
export function createRefrigerantService({ repo, today, timeZone, settings }: Deps) {
  async function entry(productId: number): Promise<RegisterEntry> {
    const row = await repo.row(productId);
    if (!row) throw notFound(text.productNotFound);
    return entryOf(row, today());
  }

  /**
   * The years the customer has an operator's yearly report for (newest first), as their booking link
   * offers them: this year and the RECORDS_KEPT_YEARS before it in which one of their units with a
   * leak-check duty was in service. Units whose refrigerant is unknown give none.
   */
  async function reportYears(customerId: number): Promise<number[]> {
    const installation = (await repo.ofCustomer(customerId)).flatMap((row) => {
      const found = unitOf(row);
      return found ? [installationUnit(row, found)] : [];
    });
    return yearsWithReport(installation, today());
  }

  const service = {
    entry,
    reportYears,

    /** The yearly report of a year `reportYears` offers; any other year answers 404, as if it did not exist. */
    async offeredReport(customerId: number, year: number): Promise<{ pdf: Buffer; filename: string }> {
      if (!(await reportYears(customerId)).includes(year)) throw notFound(text.noReportForYear(year));
      return service.yearReport(customerId, year);
    },

    /** Units with a check duty, overdue first, then by due date; `filter` picks a status or the pending follow-ups. */
    async register(filter: RegisterFilter): Promise<RegisterList> {
      const day = today();
      const entries = (await repo.withRefrigerant())
        .map((row) => entryOf(row, day))
        .filter((e) => e.intervalMonths !== null)
        .sort(byUrgency);
      const count = (f: RegisterFilter) => entries.filter(matches(f)).length;
      return {
        entries: entries.filter(matches(filter)),
        counts: { ok: count("ok"), "due-soon": count("due-soon"), overdue: count("overdue"), "follow-up": count("follow-up") },
      };
    },

    /** The customer's products in the order they were registered, each with its check interval (null: no duty known). */
    async productsOf(customerId: number) {
      return (await repo.ofCustomer(customerId)).map((row) => {
        const { id, brand, model, type, serialNumber, installDate } = row.product;
        const unit = unitOf(row)?.unit;
        return { id, brand, model, type, serialNumber, installDate, checkIntervalMonths: unit ? checkIntervalMonths(unit) : null };
      });
    },

    /** An admin sets the unit's refrigerant, charge and flags; the edit goes into the product's change history. */
    async updateProduct(productId: number, input: z.output<typeof ProductRefrigerantInputSchema>, user: SessionUser): Promise<RegisterEntry> {
      const values: RefrigerantFields = {
        refrigerant: input.refrigerant,
        refrigerantChargeKg: input.chargeKg,
        leakDetection: input.leakDetection,
        hermeticallySealed: input.hermeticallySealed,
      };
      const found = await repo.updateRefrigerant(productId, values, (before) => fieldChanges(asHistory(before), asHistory(values), EDITABLE), user);
      if (!found) throw notFound(text.productNotFound);
      return entry(productId);
    },

    /**
     * The rules of a leak check recorded with a service report, run inside its transaction with the
     * unit's row locked: only the visit's own technician (or an admin) records one, for a product
     * of the visit's customer, dated no later than today; while a repaired leak waits for its
     * follow-up, a check is that follow-up, refused before the window opens (Art. 4(5)).
     */
    leakCheckWrite(input: LeakCheckValues, user: SessionUser, checkedOn: string): LeakCheckWrite {
      return ({ booking, productId, row }) => {
        if (user.role !== "admin" && booking.assignedTechnicianId !== user.id) throw forbidden(text.notAssigned);
        if (productId === null || !row) throw unprocessable(text.noProduct);
        if (checkedOn > today()) throw unprocessable(text.checkInFuture);
        const unit = unitOf(row)?.unit;
        const followUp = unit ? pendingFollowUp(unit) : null;
        if (followUp && checkedOn < followUp.earliest) throw unprocessable(text.followUpTooEarly(followUp.earliest));
        return {
          productId,
          checkedOn,
          method: input.method,
          result: input.result,
          addedKg: input.addedKg,
          recoveredKg: input.recoveredKg,
          technicianId: user.id,
          technicianName: user.name,
          certificate: input.certificate,
          followUp: followUp !== null,
        };
      };
    },

    /** The check as recorded, with its unit's register entry after it. */
    async recorded(check: LeakCheckRow): Promise<LeakCheckRecorded> {
      return { check: toLeakCheck(check), entry: await entry(check.productId) };
    },

    /**
     * The product's register entry and its life, newest first: leak checks, service, installation
     * protocols, the installation. On one day a check comes before the service report it was made
     * with, and later records before earlier ones.
     */
    async timeline(productId: number): Promise<ProductTimeline> {
      const current = await entry(productId);
      const { protocols, history, checks } = await repo.timeline(productId);
      const events: { event: TimelineEvent; rank: number; id: number }[] = [
        ...checks.map((c) => ({ event: { kind: "leak-check" as const, date: c.checkedOn, check: toLeakCheck(c) }, rank: 0, id: c.id })),
        ...history.map((h) => ({
          event: {
            kind: "service" as const,
            date: todayIn(h.serviceDate, timeZone),
            serviceHistoryId: h.id,
            serviceType: h.serviceType,
            technician: h.technician,
            actions: h.actions,
            bookingId: h.bookingId,
          },
          rank: 1,
          id: h.id,
        })),
        ...protocols.map((p) => ({
          event: {
            kind: "protocol" as const,
            date: p.installationDate,
            protocolId: p.id,
            status: p.status,
            refrigerant: p.refrigerantType,
            chargeKg: p.refrigerantAmount === null ? null : Number(p.refrigerantAmount),
            technicianName: p.technicianName,
          },
          rank: 2,
          id: p.id,
        })),
        ...(current.installedOn ? [{ event: { kind: "installed" as const, date: current.installedOn }, rank: 3, id: 0 }] : []),
      ];
      events.sort((a, b) => b.event.date.localeCompare(a.event.date) || a.rank - b.rank || b.id - a.id);
      return { entry: current, events: events.map((e) => e.event) };
    },

    /** The operator's yearly report as a PDF: `customerId`'s units in service in `year` and their checks that year. */
    async yearReport(customerId: number, year: number): Promise<{ pdf: Buffer; filename: string }> {
      const customer = await repo.customer(customerId);
      if (!customer) throw notFound(text.customerNotFound);
      const from = `${year}-01-01`;
      const to = `${year}-12-31`;
      const units = (await repo.ofCustomer(customerId))
        .map((row) => ({ row, found: unitOf(row) }))
        .filter((u): u is { row: RegisterRow; found: NonNullable<Unit> } => u.found !== null && (u.row.product.installDate ?? "") <= to);
      const checks = await repo.checksOf(
        units.map((u) => u.row.product.id),
        from,
        to,
      );
      const installation = units.map(({ row, found }) => installationUnit(row, found));
      const grams = (kg: number) => chargeGrams(kg);
      const equipment = units.map(({ row, found }) => {
        const own = checks.filter((c) => c.productId === row.product.id);
        return {
          name: productName(row.product),
          serialNumber: row.product.serialNumber,
          installedOn: row.product.installDate,
          refrigerant: found.unit.refrigerant,
          chargeGrams: grams(found.unit.chargeKg),
          co2eTonnes: co2eTonnes(found.unit.refrigerant, found.unit.chargeKg),
          intervalMonths: checkIntervalMonths(found.unit),
          leakDetection: found.unit.leakDetection,
          hermeticallySealed: found.unit.hermeticallySealed,
          checks: own.map((c) => ({
            date: c.checkedOn,
            result: c.result as LeakCheckResult,
            method: c.method as LeakCheckMethod,
            certificate: c.certificate,
            technicianName: c.technicianName,
            addedGrams: grams(c.addedKg),
            recoveredGrams: grams(c.recoveredKg),
            followUp: c.followUp,
          })),
        };
      });
      // Totals per refrigerant, in the register's order, summed in grams (no floating point drift).
      const totals = REFRIGERANT_NAMES.flatMap((refrigerant: Refrigerant) => {
        const of = equipment.filter((e) => e.refrigerant === refrigerant);
        if (of.length === 0) return [];
        const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
        const charge = sum(of.map((e) => e.chargeGrams));
        return [
          {
            refrigerant,
            chargeGrams: charge,
            co2eTonnes: co2eTonnes(refrigerant, charge / 1000),
            addedGrams: sum(of.flatMap((e) => e.checks.map((c) => c.addedGrams))),
            recoveredGrams: sum(of.flatMap((e) => e.checks.map((c) => c.recoveredGrams))),
          },
        ];
      });
      const input: RefrigerantReportInput = {
        year,
        printedOn: today(),
        company: await settings.company(),
        operator: customer,
        equipment,
        totals,
        report: {
          required: yearlyReportRequired(installation, year),
          peakTonnes: peakCheckDutyTonnes(installation, year),
          deadline: yearlyReportDeadline(year),
        },
      };
      return { pdf: Buffer.from(await renderRefrigerantReportPdf(input)), filename: `koldmedierapport-${year}-kund-${customerId}.pdf` };
    },
  };
  return service;
}
export type RefrigerantService = ReturnType<typeof createRefrigerantService>;
