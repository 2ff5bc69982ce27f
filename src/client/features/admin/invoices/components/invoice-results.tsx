import { buttonVariants } from "@/client/components/ui/button";
import { Link } from "@/client/components/ui/link";
import { formatListDate } from "@/common/format";
import { formatOre } from "@/common/invoicing/money";
import type { InvoiceListItem } from "@/common/schemas/invoices";
import { ResultCards, ResultsTable, type ResultsColumn } from "../../components/list-results";
import { invoicesText } from "../text";
import { InvoiceStatusBadges } from "./invoice-status-badge";

const text = invoicesText.list;

const titleOf = (invoice: InvoiceListItem) => invoicesText.title(invoice.kind, invoice.number, invoice.id);
const dateText = (date: string | null) => (date ? formatListDate(date) : invoicesText.none);

function OpenLink({ invoice }: { invoice: InvoiceListItem }) {
  return (
    <Link to={`/admin/invoices/${invoice.id}`} className={buttonVariants({ variant: "outline", size: "sm" })}>
      {text.open}
      <span className="sr-only"> {titleOf(invoice)}</span>
    </Link>
  );
}

const COLUMNS: ResultsColumn[] = [
  { key: "number", header: text.columns.number },
  { key: "customer", header: text.columns.customer },
  { key: "issueDate", header: text.columns.issueDate },
  { key: "dueDate", header: text.columns.dueDate },
  { key: "toPay", header: text.columns.toPay, className: "text-right" },
  { key: "status", header: text.columns.status },
  { key: "actions", header: <span className="sr-only">{text.columns.actions}</span> },
];

/** Number, customer, dates, amount to pay and status on a wide screen. */
export function InvoicesTable({ invoices }: { invoices: InvoiceListItem[] }) {
  return (
    <ResultsTable caption={text.tableCaption} columns={COLUMNS}>
      {invoices.map((invoice) => (
        <tr key={invoice.id} className="align-top hover:bg-slate-50">
          <td className="px-3 py-3 font-medium tabular-nums text-slate-900">{titleOf(invoice)}</td>
          <th scope="row" className="px-3 py-3 text-left font-medium text-slate-900">
            {invoice.customerName}
          </th>
          <td className="whitespace-nowrap px-3 py-3 text-slate-900">{dateText(invoice.issueDate)}</td>
          <td className="whitespace-nowrap px-3 py-3 text-slate-900">{dateText(invoice.dueDate)}</td>
          <td className="whitespace-nowrap px-3 py-3 text-right tabular-nums text-slate-900">{formatOre(invoice.toPayOre)}</td>
          <td className="px-3 py-3">
            <InvoiceStatusBadges invoice={invoice} rot={invoice.rot} />
          </td>
          <td className="px-3 py-3">
            <OpenLink invoice={invoice} />
          </td>
        </tr>
      ))}
    </ResultsTable>
  );
}

/** The same invoices as cards on a phone (360 px): nothing scrolls sideways. */
export function InvoiceCards({ invoices }: { invoices: InvoiceListItem[] }) {
  return (
    <ResultCards items={invoices} keyOf={(invoice) => invoice.id} titleIdOf={(invoice) => `invoice-${invoice.id}-title`}>
      {(invoice) => (
        <>
          <div className="flex flex-wrap items-start justify-between gap-2">
            <div className="min-w-0">
              <h3 id={`invoice-${invoice.id}-title`} className="break-words font-semibold text-slate-900">
                {invoice.customerName}
              </h3>
              <p className="text-sm tabular-nums text-slate-700">{titleOf(invoice)}</p>
            </div>
            <InvoiceStatusBadges invoice={invoice} rot={invoice.rot} />
          </div>
          <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
            <dt className="text-slate-700">{text.columns.issueDate}</dt>
            <dd className="text-slate-900">{dateText(invoice.issueDate)}</dd>
            <dt className="text-slate-700">{text.columns.dueDate}</dt>
            <dd className="text-slate-900">{dateText(invoice.dueDate)}</dd>
            <dt className="text-slate-700">{text.columns.toPay}</dt>
            <dd className="font-medium tabular-nums text-slate-900">{formatOre(invoice.toPayOre)}</dd>
          </dl>
          <div>
            <OpenLink invoice={invoice} />
          </div>
        </>
      )}
    </ResultCards>
  );
}
