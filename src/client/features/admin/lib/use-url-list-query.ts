import { useCallback, useMemo } from "react";
import { useSearchParams } from "react-router";

/** How an admin list changes its query: `replace` for a search still being typed, `scrollToTop` for a new page. */
export type ListQueryChange<Q> = (change: Partial<Q>, options?: { replace?: boolean; scrollToTop?: boolean }) => void;

/**
 * An admin list's search, filters and page kept in the URL, so a reload, a shared address and Back
 * show the same list. `fromParams` and `toParams` must be stable (module functions).
 */
export function useUrlListQuery<Q>(fromParams: (params: URLSearchParams) => Q, toParams: (query: Q) => URLSearchParams): [Q, ListQueryChange<Q>] {
  const [searchParams, setSearchParams] = useSearchParams();
  const query = useMemo(() => fromParams(searchParams), [fromParams, searchParams]);

  const update = useCallback<ListQueryChange<Q>>(
    (change, options = {}) => {
      setSearchParams((current) => toParams({ ...fromParams(current), ...change }), {
        replace: options.replace ?? false,
        // Filtering keeps the page where it is; a new page of results starts at the top (app ScrollToTop).
        state: options.scrollToTop ? undefined : { keepScroll: true },
      });
    },
    [fromParams, toParams, setSearchParams],
  );

  return [query, update];
}
