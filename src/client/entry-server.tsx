// The build's prerender (scripts/build-client.mjs) renders the public pages with this entry: the same
// <App /> the browser hydrates (main.tsx), inside a StaticRouter. Built by Vite in SSR mode; never
// shipped to browsers.
import { StrictMode } from "react";
import { prerenderToNodeStream } from "react-dom/static";
import { StaticRouter } from "react-router";
import { App } from "./app/app";
import { routePatterns } from "./app/route-patterns";
import { preloadRoute, routes } from "./app/router";
import { renderCompanyAs } from "./lib/company";
import { preloadDeferredParts } from "./lib/deferred-hydration";
import { COMPANY_PLACEHOLDERS } from "@/common/company";

export { NOT_FOUND_HEAD, NOT_FOUND_PAGE, PRERENDERED_PAGES, SPA_SHELL_HEAD, pageHead } from "./app/page-head";

/** The client's route patterns for .vite/routes.json: the server answers every other path with 404. */
export const ROUTE_PATTERNS = routePatterns(routes);

/** The HTML of the app at `path` (what goes inside #root), once every lazy part of it has loaded. */
export async function render(path: string): Promise<string> {
  // The company's details are the settings' at request time: the server fills these in (rules D11).
  renderCompanyAs(COMPANY_PLACEHOLDERS);
  await Promise.all([preloadRoute(path), preloadDeferredParts()]);
  const errors: unknown[] = [];
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <StaticRouter location={path}>
        <App />
      </StaticRouter>
    </StrictMode>,
    {
      onError: (error) => void errors.push(error),
      // Never split a Suspense boundary out into a <template> completed by an inline <script>: the
      // CSP allows no inline scripts, and a static page gains nothing from streaming order.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
    },
  );
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(Buffer.from(chunk as Uint8Array));
  if (errors.length > 0) throw new Error(`Prerendering ${path} failed`, { cause: errors[0] });
  const html = Buffer.concat(chunks).toString("utf8");
  if (/<script(?![^>]*type="application\/ld\+json")/.test(html) || html.includes("<!--$?-->") || html.includes("<!--$!-->")) {
    throw new Error(`Prerendering ${path} left a pending Suspense boundary or an inline script (not allowed by the CSP)`);
  }
  return html;
}
