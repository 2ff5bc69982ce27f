import { PDFDocument } from "pdf-lib";
import type { CompanyProfile } from "@/common/company";
import { YEARLY_REPORT, intervalLabel, yearlyReportText, type LeakCheckInterval, type Refrigerant } from "@/common/refrigerant";
import { LEAK_CHECK_METHOD_LABELS, LEAK_CHECK_RESULT_LABELS, type LeakCheckMethod, type LeakCheckResult } from "@/common/schemas/refrigerant";
import { A4, BRAND, MARGIN, MUTED, Writer } from "../../lib/pdf-writer";

// The operator's refrigerant report for a year (issue 26), in the house style of lib/pdf-writer:
// the records 2024/573 Art. 7(1) asks for per piece of equipment (refrigerant, charge, the checks'
// dates and results, the refrigerant added and recovered, the certified person) and what the
// operator's yearly report under SFS 2016:1128 15 § needs: the equipment, total quantities per
// refrigerant, what was added and recovered in the year, and whether the report is due and by when.
// The figures come worked out by the rules (src/common/refrigerant); this file only lays them out.

export type RefrigerantReportInput = {
  year: number;
  /** YYYY-MM-DD */
  printedOn: string;
  company: Pick<CompanyProfile, "name" | "orgNumber" | "address" | "phone" | "email">;
  operator: { name: string; address: string; postalCode: string; city: string };
  equipment: {
    name: string;
    serialNumber: string | null;
    installedOn: string | null;
    refrigerant: Refrigerant;
    chargeGrams: number;
    co2eTonnes: number;
    intervalMonths: LeakCheckInterval | null;
    leakDetection: boolean;
    hermeticallySealed: boolean;
    checks: {
      date: string;
      result: LeakCheckResult;
      method: LeakCheckMethod;
      certificate: string;
      technicianName: string;
      addedGrams: number;
      recoveredGrams: number;
      followUp: boolean;
    }[];
  }[];
  totals: { refrigerant: Refrigerant; chargeGrams: number; co2eTonnes: number; addedGrams: number; recoveredGrams: number }[];
  report: { required: boolean; peakTonnes: number; deadline: string };
};

const NBSP = "\u00a0";
const RIGHT = A4.width - MARGIN;
const SIZE = 8.5;
const LINE = 12;

const threeDecimals = new Intl.NumberFormat("sv-SE", { minimumFractionDigits: 3, maximumFractionDigits: 3 });

/** Grams as kg to the gram, "3,200 kg" (built from the integer: 3 200 g is exactly 3,200). */
export function formatKg(grams: number): string {
  return `${threeDecimals.format(grams / 1000)}${NBSP}kg`;
}

/** Tonnes CO2e as the rules give them (three decimals, rounded down), "6,680 ton CO2e". */
export function formatTonnes(tonnes: number): string {
  return `${threeDecimals.format(tonnes)}${NBSP}ton CO2e`;
}

const yesNo = (value: boolean) => (value ? "Ja" : "Nej");

/** The checks table's text columns (x and width; each wraps within its width) and its two amounts, right-aligned at x. */
const TEXT_COLUMNS = { date: [MARGIN, 48], result: [MARGIN + 54, 90], method: [MARGIN + 148, 96], person: [MARGIN + 248, 118] } as const;
const AMOUNTS = { added: RIGHT - 64, recovered: RIGHT };

export async function renderRefrigerantReportPdf(input: RefrigerantReportInput): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(`Köldmedierapport ${input.year}: ${input.operator.name}`);
  doc.setAuthor(input.company.name);
  doc.setLanguage("sv-SE");
  const w = await Writer.create(doc);

  w.text(`Köldmedierapport ${input.year}`, { size: 20, bold: true, color: BRAND });
  w.text("Journal över köldmedieaggregat och läckagekontroller (EU 2024/573 art. 7) och underlag för årsrapport (SFS 2016:1128 15 §).", {
    size: 9,
    color: MUTED,
  });
  w.text(`${input.company.name}, org.nr ${input.company.orgNumber}, ${input.company.address}, tel ${input.company.phone}, ${input.company.email}`, { size: 9 });
  w.text(`Utskriven ${input.printedOn}`, { size: 9, color: MUTED });

  w.heading("Verksamhetsutövare");
  w.text(input.operator.name, { bold: true });
  const place = [input.operator.address, [input.operator.postalCode, input.operator.city].filter(Boolean).join(" ")].filter(Boolean).join(", ");
  if (place) w.text(place);

  writeDuty(w, input);
  writeEquipment(w, input);
  writeTotals(w, input);

  w.footers((page, pages) => `${input.company.name} · Köldmedierapport ${input.year} · ${input.operator.name} · Sida ${page} av ${pages}`);
  return doc.save();
}

function writeDuty(w: Writer, { year, report }: RefrigerantReportInput) {
  w.heading("Rapportplikt enligt SFS 2016:1128 15 §");
  if (report.required) w.text(`Ja: ${yearlyReportText(year, report.deadline)}.`, { bold: true });
  else w.text(`Nej: under ${YEARLY_REPORT.thresholdTonnes} ton CO2e i utrustning med läckagekontrollplikt under ${year}.`, { bold: true });
  w.text(
    `Som mest ${formatTonnes(report.peakTonnes)} samtidigt i utrustning med läckagekontrollplikt under ${year} (gränsen för årsrapport är ${YEARLY_REPORT.thresholdTonnes} ton CO2e).`,
  );
  if (report.required) w.text("Verksamhetsutövaren lämnar rapporten till tillsynsmyndigheten.", { color: MUTED, size: 9 });
}

function checksHeader(w: Writer) {
  const style = { size: SIZE, bold: true };
  w.draw("Datum", { ...style, x: TEXT_COLUMNS.date[0] });
  w.draw("Resultat", { ...style, x: TEXT_COLUMNS.result[0] });
  w.draw("Metod", { ...style, x: TEXT_COLUMNS.method[0] });
  w.draw("Certifikat (tekniker)", { ...style, x: TEXT_COLUMNS.person[0] });
  w.draw("Påfyllt", { ...style, x: AMOUNTS.added, align: "right" });
  w.draw("Återvunnet", { ...style, x: AMOUNTS.recovered, align: "right" });
  w.y -= LINE;
}

function writeEquipment(w: Writer, { year, equipment }: RefrigerantReportInput) {
  w.heading("Aggregat");
  if (equipment.length === 0) {
    w.text("Inga aggregat med registrerat köldmedium.");
    return;
  }
  for (const unit of equipment) {
    w.ensure(6 * LINE);
    w.y -= 4;
    w.text([unit.name, unit.serialNumber ? `serienr ${unit.serialNumber}` : null].filter(Boolean).join(", "), { bold: true });
    w.text(`Köldmedium ${unit.refrigerant} · Mängd ${formatKg(unit.chargeGrams)} · ${formatTonnes(unit.co2eTonnes)}`);
    w.text(
      `Kontrollintervall: ${intervalLabel(unit.intervalMonths)} · Läcksökningssystem: ${yesNo(unit.leakDetection)} · Hermetiskt sluten: ${yesNo(unit.hermeticallySealed)}`,
    );
    if (unit.installedOn) w.text(`Installerad ${unit.installedOn}`);
    if (unit.checks.length === 0) {
      w.text(`Inga läckagekontroller ${year}.`, { color: MUTED });
      continue;
    }
    w.y -= 2;
    w.ensure(2 * LINE);
    checksHeader(w);
    w.onNewPage = () => checksHeader(w);
    for (const check of unit.checks) {
      const cell = { size: SIZE };
      const texts = {
        date: check.date,
        result: `${LEAK_CHECK_RESULT_LABELS[check.result]}${check.followUp ? " (uppföljning)" : ""}`,
        method: LEAK_CHECK_METHOD_LABELS[check.method],
        person: `${check.certificate} (${check.technicianName})`,
      };
      const lines = Object.fromEntries(
        (Object.keys(TEXT_COLUMNS) as (keyof typeof TEXT_COLUMNS)[]).map((key) => [key, w.wrap(texts[key], TEXT_COLUMNS[key][1], cell)]),
      ) as Record<keyof typeof TEXT_COLUMNS, string[]>;
      const height = Math.max(...Object.values(lines).map((l) => l.length));
      w.ensure(height * LINE);
      // Left to right (a reader's copy and paste keeps the order), the amounts on the row's first line.
      const top = w.y;
      for (const key of Object.keys(TEXT_COLUMNS) as (keyof typeof TEXT_COLUMNS)[]) {
        lines[key].forEach((line, n) => {
          w.y = top - n * LINE;
          w.draw(line, { ...cell, x: TEXT_COLUMNS[key][0] });
        });
      }
      w.y = top;
      w.draw(formatKg(check.addedGrams), { ...cell, x: AMOUNTS.added, align: "right" });
      w.draw(formatKg(check.recoveredGrams), { ...cell, x: AMOUNTS.recovered, align: "right" });
      w.y = top - height * LINE;
    }
    w.onNewPage = null;
  }
}

const TOTAL_COLUMNS = { refrigerant: MARGIN, charge: MARGIN + 170, co2e: MARGIN + 290, added: RIGHT - 84, recovered: RIGHT };

function writeTotals(w: Writer, { year, totals }: RefrigerantReportInput) {
  if (totals.length === 0) return;
  w.heading("Summa per köldmedium");
  w.ensure((totals.length + 2) * LINE);
  const style = { size: SIZE, bold: true };
  w.draw("Köldmedium", { ...style, x: TOTAL_COLUMNS.refrigerant });
  w.draw("Mängd", { ...style, x: TOTAL_COLUMNS.charge, align: "right" });
  w.draw("CO2e", { ...style, x: TOTAL_COLUMNS.co2e, align: "right" });
  w.draw(`Påfyllt ${year}`, { ...style, x: TOTAL_COLUMNS.added, align: "right" });
  w.draw(`Återvunnet ${year}`, { ...style, x: TOTAL_COLUMNS.recovered, align: "right" });
  w.y -= LINE;
  w.rule();
  w.y -= 4;
  for (const total of totals) {
    const cell = { size: SIZE };
    w.draw(total.refrigerant, { ...cell, x: TOTAL_COLUMNS.refrigerant });
    w.draw(formatKg(total.chargeGrams), { ...cell, x: TOTAL_COLUMNS.charge, align: "right" });
    w.draw(formatTonnes(total.co2eTonnes), { ...cell, x: TOTAL_COLUMNS.co2e, align: "right" });
    w.draw(formatKg(total.addedGrams), { ...cell, x: TOTAL_COLUMNS.added, align: "right" });
    w.draw(formatKg(total.recoveredGrams), { ...cell, x: TOTAL_COLUMNS.recovered, align: "right" });
    w.y -= LINE;
  }
}
