import { useCallback } from "react";
import { INVOICE_LIST_FILTERS, INVOICE_LIST_FILTER_LABELS } from "@/common/schemas/invoices";
import { FilterSelect, ListFilters } from "../../components/list-filters";
import type { InvoiceListQuery } from "../api/get-invoices";
import { invoicesText } from "../text";

const text = invoicesText.list;

type Change = Partial<InvoiceListQuery>;

const STATUS_OPTIONS = INVOICE_LIST_FILTERS.map((filter) => ({ value: filter, label: INVOICE_LIST_FILTER_LABELS[filter] }));

/**
 * Search (debounced) and the status filter of the invoice list. The values come from the URL; a
 * change goes back to page 1, and typing more of the same search replaces the history entry.
 */
export function InvoiceFilters({ query, onChange }: { query: InvoiceListQuery; onChange: (change: Change, options?: { replace?: boolean }) => void }) {
  const onSearch = useCallback((q: string, options?: { replace?: boolean }) => onChange({ q, page: 1 }, options), [onChange]);
  return (
    <ListFilters
      search={query.q}
      onSearch={onSearch}
      filtered={query.q !== "" || query.status !== "all"}
      onClear={() => onChange({ q: "", status: "all", page: 1 })}
      text={text}
      className="sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]"
      clearClassName="sm:col-span-2"
    >
      <FilterSelect label={text.statusLabel} value={query.status} options={STATUS_OPTIONS} onChange={(status) => onChange({ status, page: 1 })} />
    </ListFilters>
  );
}
