// Links fetch the code of the page they point to as soon as the visitor shows intent (pointer over,
// focus, touch), so the page is usually there by the click. The router registers how (app/router);
// links only know this module, which keeps components free of the route table.

let prefetcher: ((pathname: string) => Promise<void>) | null = null;

export function registerRoutePrefetcher(prefetch: (pathname: string) => Promise<void>) {
  prefetcher = prefetch;
}

/** Starts loading the chunks of the page at `pathname`; failures are left to the navigation itself. */
export function prefetchRoute(pathname: string) {
  prefetcher?.(pathname).catch(() => {});
}
