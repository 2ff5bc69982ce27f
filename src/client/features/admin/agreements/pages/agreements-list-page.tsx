import { formatOre } from "@/common/invoicing/money";
import { ListPageHeader } from "../../components/list-page-header";
import { ListResults } from "../../components/list-results";
import { LoadFailed } from "../../components/load-failed";
import { useUrlListQuery } from "../../lib/use-url-list-query";
import { useAgreements } from "../api/get-agreements";
import { AgreementFilters } from "../components/agreement-filters";
import { AgreementCards, AgreementsTable } from "../components/agreement-results";
import { agreementQueryFromParams, agreementQueryToParams } from "../lib/list-params";
import { agreementsText } from "../text";

const text = agreementsText.list;

/**
 * /admin/agreements (issue 26): the service agreements, searched and filtered by the server and kept
 * in the URL, with the yearly value of the active ones. The server sends them all (no pages).
 */
export default function AgreementsListPage() {
  const [query, update] = useUrlListQuery(agreementQueryFromParams, agreementQueryToParams);
  const list = useAgreements(query);
  const agreements = list.data?.agreements;

  return (
    <div className="mx-auto grid max-w-6xl grid-cols-[minmax(0,1fr)] gap-6 px-4 py-8 sm:py-10">
      <ListPageHeader
        back={{ to: "/admin?tab=customers", label: agreementsText.backToAdmin }}
        title={text.heading}
        intro={text.intro}
        create={{ to: "/admin/agreements/new", label: text.create }}
      />

      <AgreementFilters query={query} onChange={update} />

      {list.data && (
        <dl className="grid justify-items-start gap-0.5 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
          <dt className="text-sm text-slate-700">{text.yearlyValue}</dt>
          <dd className="text-2xl font-semibold tabular-nums text-slate-900">{formatOre(list.data.yearlyValueOre)}</dd>
        </dl>
      )}

      <ListResults
        headingId="agreements-results-heading"
        status={list}
        // Everything on one page: the pager stays hidden.
        results={agreements && { items: agreements, total: agreements.length, pageSize: Math.max(1, agreements.length) }}
        page={1}
        onPage={() => {}}
        text={text}
        pagingText={text.paging}
        failed={<LoadFailed message={text.loadFailed} retryLabel={agreementsText.retry} onRetry={() => void list.refetch()} />}
        table={(items) => <AgreementsTable agreements={items} />}
        cards={(items) => <AgreementCards agreements={items} />}
      />
    </div>
  );
}
