import { startTransition, StrictMode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { BrowserRouter } from "react-router";
import { App } from "./app/app";
import { preloadRoute } from "./app/router";
import { installChunkReload } from "./lib/chunk-reload";
import { holdDeferredHydration } from "./lib/deferred-hydration";
import "./styles.css";

// zod (loaded with the forms) otherwise probes `new Function` once, which our CSP (no 'unsafe-eval')
// reports as a violation; jitless parsing needs no eval. zod reads this global when it loads.
(globalThis as { __zod_globalConfig?: Record<string, unknown> }).__zod_globalConfig ??= { jitless: true };

installChunkReload();

const container = document.getElementById("root");
if (!container) throw new Error("Missing #root element");

const app = (
  <StrictMode>
    <BrowserRouter>
      <App />
    </BrowserRouter>
  </StrictMode>
);

// The public pages arrive prerendered (scripts/build-client.mjs) and are hydrated; every other path
// gets the empty shell and renders here. Either way the page's chunk is loaded first so the first
// render does not suspend (and hydration sees the tree the build rendered).
void preloadRoute(window.location.pathname)
  .catch(() => {}) // a chunk that cannot load: lib/chunk-reload reloads, or the page shows RouteError
  .then(() => {
    if (container.firstElementChild) {
      holdDeferredHydration();
      // As a transition, hydration yields to the browser every few milliseconds instead of holding
      // the main thread for the whole page (Total Blocking Time); the HTML is on screen meanwhile.
      startTransition(() => {
        hydrateRoot(container, app);
      });
    } else {
      createRoot(container).render(app);
    }
  });
