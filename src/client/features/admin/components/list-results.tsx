import type { ReactNode } from "react";
import { Spinner } from "@/client/components/ui/spinner";
import { useMediaQuery } from "../lib/use-media-query";
import { Pagination, type PaginationText } from "./pagination";

/** The results' Swedish texts: each admin list passes its own. */
export type ListResultsText = {
  tableCaption: string;
  count: (total: number) => string;
  updating: string;
  loading: string;
  empty: string;
};

/** Where the list's request stands (a TanStack Query result has all of these). */
type ListStatus = { isPending: boolean; isFetching: boolean; isError: boolean };

/** One page of a list as the server sent it. */
type ListPage<T> = { items: T[]; total: number; pageSize: number };

/**
 * The results of an admin list: how many were found (announced), loading, failure, nothing found, the
 * items as a table on a wide screen and as cards on a phone, and the pager. While a new page or filter
 * loads, the old results stay and 'Uppdaterar...' says so.
 */
export function ListResults<T>({
  headingId,
  status,
  results,
  page,
  onPage,
  text,
  pagingText,
  failed,
  table,
  cards,
}: {
  headingId: string;
  status: ListStatus;
  results: ListPage<T> | undefined;
  page: number;
  onPage: (page: number) => void;
  text: ListResultsText;
  pagingText: PaginationText;
  /** Shown when the list could not be loaded and there is nothing older to show. */
  failed: ReactNode;
  table: (items: T[]) => ReactNode;
  cards: (items: T[]) => ReactNode;
}) {
  const wide = useMediaQuery("(min-width: 768px)");
  return (
    <section aria-labelledby={headingId} aria-busy={status.isFetching || undefined} className="grid gap-4">
      <div className="flex items-center justify-between gap-3">
        <h2 id={headingId} className="sr-only">
          {text.tableCaption}
        </h2>
        <p role="status" className="text-sm text-slate-700">
          {results ? text.count(results.total) : ""}
        </p>
        {status.isFetching && results && <span className="text-sm text-slate-700">{text.updating}</span>}
      </div>

      {status.isPending && <Spinner label={text.loading} />}
      {status.isError && !results && failed}
      {results && results.items.length === 0 && (
        <p className="rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center text-slate-700">{text.empty}</p>
      )}
      {results && results.items.length > 0 && (wide ? table(results.items) : cards(results.items))}
      {results && <Pagination page={page} pageSize={results.pageSize} total={results.total} onPage={onPage} text={pagingText} />}
    </section>
  );
}
