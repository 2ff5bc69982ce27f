import { Search, X } from "lucide-react";
import { useEffect, useId, useState, type ReactNode } from "react";
import { Button } from "@/client/components/ui/button";
import { Input } from "@/client/components/ui/input";
import { Label } from "@/client/components/ui/label";
import { Select } from "@/client/components/ui/select";
import { cn } from "@/client/lib/cn";

/** How long typing must pause before the search is sent (and written into the URL). */
export const SEARCH_DEBOUNCE_MS = 300;

/** The filter form's Swedish texts: each admin list passes its own. */
export type ListFiltersText = {
  filtersLabel: string;
  searchLabel: string;
  searchPlaceholder: string;
  searchHint: string;
  clearFilters: string;
};

type SearchChange = (search: string, options?: { replace?: boolean }) => void;

/**
 * The search field's own text, sent after a pause in typing. Typing more of the same search replaces
 * the history entry, so Back goes to the previous search rather than through every keystroke.
 * `onSearch` must be stable (useCallback): a new one restarts the pause.
 */
function useSearchDraft(search: string, onSearch: SearchChange) {
  const [draft, setDraft] = useState(search);
  const [urlSearch, setUrlSearch] = useState(search);

  // The URL changed from outside (Back, a link, "Rensa filter"): the field follows it, unless it
  // already says the same (a trailing space being typed is kept).
  if (search !== urlSearch) {
    setUrlSearch(search);
    if (draft.trim() !== search) setDraft(search);
  }

  useEffect(() => {
    const next = draft.trim();
    if (next === search) return;
    const timer = setTimeout(() => onSearch(next, { replace: next !== "" && search !== "" }), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [draft, search, onSearch]);

  return [draft, setDraft] as const;
}

/**
 * An admin list's search form: the search (debounced, Enter at once), the list's own selects as
 * children, and "Rensa filter" while anything narrows the list. The values come from the URL.
 */
export function ListFilters({
  search,
  onSearch,
  filtered,
  onClear,
  text,
  className,
  searchClassName,
  clearClassName,
  children,
}: {
  search: string;
  onSearch: SearchChange;
  filtered: boolean;
  onClear: () => void;
  text: ListFiltersText;
  className: string;
  searchClassName?: string;
  clearClassName: string;
  children: ReactNode;
}) {
  const id = useId();
  const [draft, setDraft] = useSearchDraft(search, onSearch);

  return (
    <form
      role="search"
      aria-label={text.filtersLabel}
      className={cn("grid gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm", className)}
      onSubmit={(event) => {
        // Enter searches at once.
        event.preventDefault();
        if (draft.trim() !== search) onSearch(draft.trim());
      }}
    >
      <div className={cn("grid gap-1.5", searchClassName)}>
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

      {children}

      {filtered && (
        <div className={clearClassName}>
          <Button
            variant="ghost"
            size="sm"
            onClick={() => {
              setDraft("");
              onClear();
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

/** One labelled select of a list's filters; a change goes back through `onChange` with the chosen value. */
export function FilterSelect<T extends string>({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: T;
  options: readonly { value: T; label: string }[];
  onChange: (value: T) => void;
}) {
  const id = useId();
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Select id={id} value={value} onChange={(event) => onChange(event.target.value as T)}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </Select>
    </div>
  );
}
