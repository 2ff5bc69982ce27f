import { Plus } from "lucide-react";
import { useCallback, useMemo, useState } from "react";
import { useSearchParams } from "react-router";
import { BackLink } from "@/client/components/back-link";
import { buttonVariants } from "@/client/components/ui/button";
import { Link } from "@/client/components/ui/link";
import { Spinner } from "@/client/components/ui/spinner";
import { todayIn } from "@/common/booking-rules";
import { LoadFailed } from "../../components/load-failed";
import { Pagination } from "../../components/pagination";
import { useMediaQuery } from "../../lib/use-media-query";
import { useInvoices, type InvoiceListQuery } from "../api/get-invoices";
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
  const [searchParams, setSearchParams] = useSearchParams();
  const query = useMemo(() => invoiceQueryFromParams(searchParams), [searchParams]);
  const list = useInvoices(query);
  const wide = useMediaQuery("(min-width: 768px)");
  const [today] = useState(() => todayIn(new Date()));

  const update = useCallback(
    (change: Partial<InvoiceListQuery>, options: { replace?: boolean; scrollToTop?: boolean } = {}) => {
      setSearchParams((current) => invoiceQueryToParams({ ...invoiceQueryFromParams(current), ...change }), {
        replace: options.replace ?? false,
        state: options.scrollToTop ? undefined : { keepScroll: true },
      });
    },
    [setSearchParams],
  );

  const data = list.data;
  return (
    <div className="mx-auto grid max-w-6xl grid-cols-[minmax(0,1fr)] gap-6 px-4 py-8 sm:py-10">
      <div className="grid gap-3">
        <BackLink to="/admin">{invoicesText.backToAdmin}</BackLink>
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
          <div>
            <h1 className="text-3xl font-bold tracking-tight text-slate-900">{text.heading}</h1>
            <p className="mt-1 text-slate-700">{text.intro}</p>
          </div>
          <Link to="/admin/invoices/new" className={buttonVariants({ className: "self-start sm:self-auto" })}>
            <Plus aria-hidden="true" />
            {text.create}
          </Link>
        </div>
      </div>

      <InvoiceFilters query={query} onChange={update} />

      <section aria-labelledby="invoices-results-heading" aria-busy={list.isFetching || undefined} className="grid gap-4">
        <div className="flex items-center justify-between gap-3">
          <h2 id="invoices-results-heading" className="sr-only">
            {text.tableCaption}
          </h2>
          <p role="status" className="text-sm text-slate-700">
            {data ? text.count(data.total) : ""}
          </p>
          {list.isFetching && data && <span className="text-sm text-slate-700">{text.updating}</span>}
        </div>

        {list.isPending && <Spinner label={text.loading} />}
        {list.isError && !data && <LoadFailed message={text.loadFailed} retryLabel={invoicesText.retry} onRetry={() => void list.refetch()} />}
        {data && data.invoices.length === 0 && (
          <p className="rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center text-slate-700">{text.empty}</p>
        )}
        {data && data.invoices.length > 0 && (wide ? <InvoicesTable invoices={data.invoices} /> : <InvoiceCards invoices={data.invoices} />)}
        {data && (
          <Pagination
            page={query.page}
            pageSize={data.pageSize}
            total={data.total}
            onPage={(page) => update({ page }, { scrollToTop: true })}
            text={text.paging}
          />
        )}
      </section>

      <ExportsPanel today={today} />
    </div>
  );
}
