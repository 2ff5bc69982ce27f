import { formatOre } from "@/common/invoicing/money";
import { cn } from "@/client/lib/cn";
import { invoicePartsText as text } from "./invoice-text";

// An invoice's lines and totals as a list rather than a table: on a 360 px phone nothing scrolls
// sideways, and on a wide screen it reads like the PDF. Shared by the admin screens and the customer's page.

export type InvoiceLineView = {
  description: string;
  quantity: number;
  unit: string;
  unitPriceOre: number;
  vatRate: number;
  labour: boolean;
  /** Whole percent; 0 is none. */
  discountPercent: number;
  netOre: number;
};

export type InvoiceTotalsView = {
  netOre: number;
  vatByRate: readonly { rate: number; netOre: number; vatOre: number }[];
  totalOre: number;
  labourInclVatOre: number;
  rotOre: number;
  roundingOre: number;
  toPayOre: number;
};

const quantityFormat = new Intl.NumberFormat("sv-SE", { maximumFractionDigits: 2 });

/** "2,5" for 2.5, "1 000" for 1000 (a regular space, as the amounts write it). */
export function formatInvoiceQuantity(quantity: number): string {
  return quantityFormat.format(quantity).replace(/\s/g, " ");
}

/** The lines: description, quantity × unit price, VAT rate (and whether it is work), and the amount excluding VAT. */
export function InvoiceLinesList({ lines, showLabour = false }: { lines: readonly InvoiceLineView[]; showLabour?: boolean }) {
  return (
    <ul aria-label={text.lines} className="divide-y divide-slate-200 rounded-lg border border-slate-200">
      {lines.map((line, i) => (
        <li key={i} className="grid grid-cols-[minmax(0,1fr)_auto] gap-x-4 gap-y-0.5 p-3 text-sm">
          <span className="break-words font-medium text-slate-900">{line.description}</span>
          <span className="text-right font-medium tabular-nums text-slate-900">
            <span className="sr-only">{text.amountExclVat}: </span>
            {formatOre(line.netOre)}
          </span>
          <span className="col-span-2 text-slate-700">
            {text.quantityTimesPrice(formatInvoiceQuantity(line.quantity), line.unit, formatOre(line.unitPriceOre))} · {text.vat(line.vatRate)}
            {line.discountPercent > 0 ? ` · ${text.discount(line.discountPercent)}` : ""}
            {showLabour && line.labour ? ` · ${text.labour}` : ""}
          </span>
        </li>
      ))}
    </ul>
  );
}

function Row({ label, ore, strong = false }: { label: string; ore: number; strong?: boolean }) {
  return (
    <div className={cn("flex items-baseline justify-between gap-4", strong && "border-t border-slate-300 pt-2 text-base font-bold text-slate-900")}>
      <dt className={strong ? undefined : "text-slate-700"}>{label}</dt>
      <dd className="text-right tabular-nums text-slate-900">{formatOre(ore)}</dd>
    </div>
  );
}

/**
 * The sums: net, VAT per rate, total, for a ROT invoice its labour basis and the deduction, the
 * rounding to whole kronor and what is to be paid.
 */
export function InvoiceTotalsList({
  totals,
  rot,
  toPayLabel = text.toPay,
  className,
}: {
  totals: InvoiceTotalsView;
  /** The deduction's rate, when the invoice has ROT. */
  rot: { ratePercent: number | null } | null;
  toPayLabel?: string;
  className?: string;
}) {
  return (
    <dl className={cn("grid gap-1.5 text-sm", className)}>
      <Row label={text.net} ore={totals.netOre} />
      {totals.vatByRate
        .filter((v) => v.rate !== 0)
        .map((v) => (
          <Row key={v.rate} label={text.vatOn(v.rate, formatOre(v.netOre))} ore={v.vatOre} />
        ))}
      <Row label={text.total} ore={totals.totalOre} />
      {rot && (
        <>
          <Row label={text.labourBasis} ore={totals.labourInclVatOre} />
          <Row label={text.rot(rot.ratePercent)} ore={-totals.rotOre} />
        </>
      )}
      {totals.roundingOre !== 0 && <Row label={text.rounding} ore={totals.roundingOre} />}
      <Row label={toPayLabel} ore={totals.toPayOre} strong />
    </dl>
  );
}
