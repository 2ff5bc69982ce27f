import type { ReactNode } from "react";
import { Spinner } from "@/client/components/ui/spinner";
import { cn } from "@/client/lib/cn";
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

/** A column of a results table: its header (a `ReactNode`, so it can be hidden for all but screen readers). */
export type ResultsColumn = { key: string; header: ReactNode; className?: string };

/** The results on a wide screen: a table with a caption for screen readers that scrolls sideways rather than overflowing. */
export function ResultsTable({ caption, columns, children }: { caption: string; columns: ResultsColumn[]; children: ReactNode }) {
  return (
    <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm">
      <table className="min-w-full divide-y divide-slate-200 text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50">
          <tr>
            {columns.map((column) => (
              <th
                key={column.key}
                scope="col"
                className={cn("px-3 py-2.5 text-left text-xs font-semibold uppercase tracking-wide text-slate-700", column.className)}
              >
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">{children}</tbody>
      </table>
    </div>
  );
}

/** The results on a phone: one card a result, each an article named by its heading (`titleIdOf`). */
export function ResultCards<T>({
  items,
  keyOf,
  titleIdOf,
  children,
}: {
  items: T[];
  keyOf: (item: T) => number | string;
  titleIdOf: (item: T) => string;
  children: (item: T) => ReactNode;
}) {
  return (
    <ul className="grid gap-3">
      {items.map((item) => (
        <li key={keyOf(item)}>
          <article aria-labelledby={titleIdOf(item)} className="grid gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
            {children(item)}
          </article>
        </li>
      ))}
    </ul>
  );
}
