import { buttonVariants } from "@/client/components/ui/button";
import { Link } from "@/client/components/ui/link";
import { formatOre } from "@/common/invoicing/money";
import { ResultCards, ResultsTable, type ResultsColumn } from "../../components/list-results";
import type { AgreementListItem } from "../api/get-agreements";
import { nextVisitText } from "../lib/display";
import { agreementsText } from "../text";
import { AgreementStatusBadge } from "./agreement-status-badge";

const text = agreementsText.list;

const nextVisit = (agreement: AgreementListItem) => nextVisitText(agreement.nextVisitMonth) ?? text.noNextVisit;

function OpenLink({ agreement }: { agreement: AgreementListItem }) {
  return (
    <Link to={`/admin/agreements/${agreement.id}`} className={buttonVariants({ variant: "outline", size: "sm" })}>
      {text.open}
      <span className="sr-only">
        {" "}
        {agreementsText.title(agreement.id)}, {agreement.customerName}
      </span>
    </Link>
  );
}

const COLUMNS: ResultsColumn[] = [
  { key: "customer", header: text.columns.customer },
  { key: "product", header: text.columns.product },
  { key: "status", header: text.columns.status },
  { key: "nextVisit", header: text.columns.nextVisit },
  { key: "yearlyPrice", header: text.columns.yearlyPrice, className: "text-right" },
  { key: "actions", header: <span className="sr-only">{text.columns.actions}</span> },
];

/** Customer, product, status, next visit and yearly price on a wide screen. */
export function AgreementsTable({ agreements }: { agreements: AgreementListItem[] }) {
  return (
    <ResultsTable caption={text.tableCaption} columns={COLUMNS}>
      {agreements.map((agreement) => (
        <tr key={agreement.id} className="align-top hover:bg-slate-50">
          <th scope="row" className="px-3 py-3 text-left font-medium text-slate-900">
            {agreement.customerName}
          </th>
          <td className="px-3 py-3 text-slate-900">{agreement.productLabel}</td>
          <td className="px-3 py-3">
            <AgreementStatusBadge status={agreement.status} />
          </td>
          <td className="whitespace-nowrap px-3 py-3 text-slate-900">{nextVisit(agreement)}</td>
          <td className="whitespace-nowrap px-3 py-3 text-right tabular-nums text-slate-900">{formatOre(agreement.yearlyPriceOre)}</td>
          <td className="px-3 py-3">
            <OpenLink agreement={agreement} />
          </td>
        </tr>
      ))}
    </ResultsTable>
  );
}

/** The same agreements as cards on a phone (360 px): long names wrap, nothing scrolls sideways. */
export function AgreementCards({ agreements }: { agreements: AgreementListItem[] }) {
  return (
    <ResultCards items={agreements} keyOf={(agreement) => agreement.id} titleIdOf={(agreement) => `agreement-${agreement.id}-title`}>
      {(agreement) => (
        <>
          <div className="flex flex-wrap items-start justify-between gap-2">
            <div className="min-w-0">
              <h3 id={`agreement-${agreement.id}-title`} className="break-words font-semibold text-slate-900">
                {agreement.customerName}
              </h3>
              <p className="break-words text-sm text-slate-700">{agreement.productLabel}</p>
            </div>
            <AgreementStatusBadge status={agreement.status} />
          </div>
          <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
            <dt className="text-slate-700">{text.columns.nextVisit}</dt>
            <dd className="text-slate-900">{nextVisit(agreement)}</dd>
            <dt className="text-slate-700">{text.columns.yearlyPrice}</dt>
            <dd className="font-medium tabular-nums text-slate-900">{formatOre(agreement.yearlyPriceOre)}</dd>
          </dl>
          <div>
            <OpenLink agreement={agreement} />
          </div>
        </>
      )}
    </ResultCards>
  );
}
