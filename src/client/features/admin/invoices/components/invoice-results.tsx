import { buttonVariants } from "@/client/components/ui/button";
import { Link } from "@/client/components/ui/link";
import { formatListDate } from "@/common/format";
import { formatOre } from "@/common/invoicing/money";
import type { InvoiceListItem } from "@/common/schemas/invoices";
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

/** Number, customer, dates, amount to pay and status on a wide screen. */
export function InvoicesTable({ invoices }: { invoices: InvoiceListItem[] }) {
  const th = "px-3 py-2.5 text-left text-xs font-semibold uppercase tracking-wide text-slate-700";
  return (
    <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm">
      <table className="min-w-full divide-y divide-slate-200 text-sm">
        <caption className="sr-only">{text.tableCaption}</caption>
        <thead className="bg-slate-50">
          <tr>
            <th scope="col" className={th}>
              {text.columns.number}
            </th>
            <th scope="col" className={th}>
              {text.columns.customer}
            </th>
            <th scope="col" className={th}>
              {text.columns.issueDate}
            </th>
            <th scope="col" className={th}>
              {text.columns.dueDate}
            </th>
            <th scope="col" className={`${th} text-right`}>
              {text.columns.toPay}
            </th>
            <th scope="col" className={th}>
              {text.columns.status}
            </th>
            <th scope="col" className={th}>
              <span className="sr-only">{text.columns.actions}</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">
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
        </tbody>
      </table>
    </div>
  );
}

/** The same invoices as cards on a phone (360 px): nothing scrolls sideways. */
export function InvoiceCards({ invoices }: { invoices: InvoiceListItem[] }) {
  return (
    <ul className="grid gap-3">
      {invoices.map((invoice) => (
        <li key={invoice.id}>
          <article aria-labelledby={`invoice-${invoice.id}-title`} className="grid gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
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
          </article>
        </li>
      ))}
    </ul>
  );
}
