import { useCallback } from "react";
import { AGREEMENT_STATUSES } from "@/common/agreements/terms";
import { FilterSelect, ListFilters } from "../../components/list-filters";
import type { AgreementListFilter, AgreementListQuery } from "../api/get-agreements";
import { AGREEMENT_FILTER_LABELS, agreementsText } from "../text";

const text = agreementsText.list;

const STATUS_OPTIONS = (["all", ...AGREEMENT_STATUSES] as const).map((value) => ({
  value: value as AgreementListFilter,
  label: AGREEMENT_FILTER_LABELS[value],
}));

/** Search (debounced) and the status filter of the agreement list; the values come from the URL. */
export function AgreementFilters({
  query,
  onChange,
}: {
  query: AgreementListQuery;
  onChange: (change: Partial<AgreementListQuery>, options?: { replace?: boolean }) => void;
}) {
  const onSearch = useCallback((q: string, options?: { replace?: boolean }) => onChange({ q }, options), [onChange]);
  return (
    <ListFilters
      search={query.q}
      onSearch={onSearch}
      filtered={query.q !== "" || query.status !== "all"}
      onClear={() => onChange({ q: "", status: "all" })}
      text={text}
      className="sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]"
      clearClassName="sm:col-span-2"
    >
      <FilterSelect label={text.statusLabel} value={query.status} options={STATUS_OPTIONS} onChange={(status) => onChange({ status })} />
    </ListFilters>
  );
}
