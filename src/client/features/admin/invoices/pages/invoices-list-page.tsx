import { useState } from "react";
import { todayIn } from "@/common/booking-rules";
import { ListPageHeader } from "../../components/list-page-header";
import { ListResults } from "../../components/list-results";
import { LoadFailed } from "../../components/load-failed";
import { useUrlListQuery } from "../../lib/use-url-list-query";
import { useInvoices } from "../api/get-invoices";
import { ExportsPanel } from "../components/exports-panel";
import { InvoiceFilters } from "../components/invoice-filters";
import { InvoiceCards, InvoicesTable } from "../components/invoice-results";
import { invoiceQueryFromParams, invoiceQueryToParams } from "../lib/list-params";
import { invoicesText } from "../text";

const text = invoicesText.list;

/**
 * /admin/invoices (issue 25): search, status filter and paging by the server, kept in the URL; the
 * ROT claim file and the bookkeeping export below.
 */
export default function InvoicesListPage() {
  const [query, update] = useUrlListQuery(invoiceQueryFromParams, invoiceQueryToParams);
  const list = useInvoices(query);
  const [today] = useState(() => todayIn(new Date()));

  return (
    <div className="mx-auto grid max-w-6xl grid-cols-[minmax(0,1fr)] gap-6 px-4 py-8 sm:py-10">
      <ListPageHeader
        back={{ to: "/admin", label: invoicesText.backToAdmin }}
        title={text.heading}
        intro={text.intro}
        create={{ to: "/admin/invoices/new", label: text.create }}
      />

      <InvoiceFilters query={query} onChange={update} />

      <ListResults
        headingId="invoices-results-heading"
        status={list}
        results={list.data && { items: list.data.invoices, total: list.data.total, pageSize: list.data.pageSize }}
        page={query.page}
        onPage={(page) => update({ page }, { scrollToTop: true })}
        text={text}
        pagingText={text.paging}
        failed={<LoadFailed message={text.loadFailed} retryLabel={invoicesText.retry} onRetry={() => void list.refetch()} />}
        table={(invoices) => <InvoicesTable invoices={invoices} />}
        cards={(invoices) => <InvoiceCards invoices={invoices} />}
      />

      <ExportsPanel today={today} />
    </div>
  );
}
