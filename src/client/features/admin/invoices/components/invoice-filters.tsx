import { Search, X } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { Button } from "@/client/components/ui/button";
import { Input } from "@/client/components/ui/input";
import { Label } from "@/client/components/ui/label";
import { Select } from "@/client/components/ui/select";
import { INVOICE_LIST_FILTERS, INVOICE_LIST_FILTER_LABELS } from "@/common/schemas/invoices";
import type { InvoiceListQuery } from "../api/get-invoices";
import { invoicesText } from "../text";

const text = invoicesText.list;

/** How long typing must pause before the search is sent (and written into the URL). */
export const SEARCH_DEBOUNCE_MS = 300;

type Change = Partial<InvoiceListQuery>;

/**
 * Search (debounced) and the status filter of the invoice list. The values come from the URL; a
 * change goes back to page 1, and typing more of the same search replaces the history entry.
 */
export function InvoiceFilters({ query, onChange }: { query: InvoiceListQuery; onChange: (change: Change, options?: { replace?: boolean }) => void }) {
  const id = useId();
  const [draft, setDraft] = useState(query.q);
  const [urlSearch, setUrlSearch] = useState(query.q);

  // The URL changed from outside (Back, "Rensa filter"): the field follows it unless it already says the same.
  if (query.q !== urlSearch) {
    setUrlSearch(query.q);
    if (draft.trim() !== query.q) setDraft(query.q);
  }

  useEffect(() => {
    const next = draft.trim();
    if (next === query.q) return;
    const timer = setTimeout(() => onChange({ q: next, page: 1 }, { replace: next !== "" && query.q !== "" }), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [draft, query.q, onChange]);

  const filtered = query.q !== "" || query.status !== "all";
  return (
    <form
      role="search"
      aria-label={text.filtersLabel}
      className="grid gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]"
      onSubmit={(event) => {
        event.preventDefault();
        if (draft.trim() !== query.q) onChange({ q: draft.trim(), page: 1 });
      }}
    >
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-search`}>{text.searchLabel}</Label>
        <div className="relative">
          <Search className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-slate-500" aria-hidden="true" />
          <Input
            id={`${id}-search`}
            type="search"
            inputMode="search"
            autoComplete="off"
            enterKeyHint="search"
            maxLength={100}
            placeholder={text.searchPlaceholder}
            aria-describedby={`${id}-search-hint`}
            className="pl-9"
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
          />
        </div>
        <p id={`${id}-search-hint`} className="sr-only">
          {text.searchHint}
        </p>
      </div>

      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-status`}>{text.statusLabel}</Label>
        <Select id={`${id}-status`} value={query.status} onChange={(event) => onChange({ status: event.target.value as Change["status"], page: 1 })}>
          {INVOICE_LIST_FILTERS.map((filter) => (
            <option key={filter} value={filter}>
              {INVOICE_LIST_FILTER_LABELS[filter]}
            </option>
          ))}
        </Select>
      </div>

      {filtered && (
        <div className="sm:col-span-2">
          <Button
            variant="ghost"
            size="sm"
            onClick={() => {
              setDraft("");
              onChange({ q: "", status: "all", page: 1 });
            }}
          >
            <X aria-hidden="true" />
            {text.clearFilters}
          </Button>
        </div>
      )}
    </form>
  );
}
