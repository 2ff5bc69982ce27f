import { Suspense, useState, type ComponentType } from "react";
import { lazyWithReload } from "./chunk-reload";

// Parts of a prerendered page below the fold (the footer, most of the landing page) hydrate only when
// the visitor starts to interact: their HTML is on screen from the start, their code is not part of
// the first download (issue 7: "/" at most 90 KB of JS + CSS before interaction).
//
// React's own selective hydration does the work: each part is a lazy component in a Suspense
// boundary. While hydrating, the lazy component waits for the gate below, so React keeps the
// server's HTML in place; the first pointer, key, touch, focus, scroll or history event opens the
// gate, the chunk loads, and React hydrates the part. Until then its links are ordinary links (a
// click follows the href as a normal page load) and nothing in it runs, so nothing interactive may
// be deferred. Outside hydration (tests, the server, client-side navigation, the shell pages) the
// gate is open and the parts load at once.
//
// A deferred part must not sit below a context whose value changes before the gate opens: React
// would then have to render it at once and show the fallback. The router's context changes only
// in navigations, which are transitions (they wait) and open the gate (popstate, or the click).

let gate: Promise<void> = Promise.resolve();
const preloads: (() => Promise<unknown>)[] = [];

const INTERACTIONS = ["pointerdown", "keydown", "touchstart", "focusin", "wheel", "scroll", "popstate"] as const;

/** Called before hydrating a prerendered page: deferred parts wait for the first interaction. */
export function holdDeferredHydration(target: Window = window) {
  let release: () => void = () => {};
  gate = new Promise<void>((resolve) => (release = resolve));
  const open = () => {
    for (const type of INTERACTIONS) target.removeEventListener(type, open, true);
    release();
    // The parts on screen load now (they wait on the gate); the others (say, the landing page's
    // content while on /booking) when the browser is idle, so a link to them renders at once.
    const idle = globalThis.requestIdleCallback ?? ((callback: () => void) => setTimeout(callback, 1000));
    idle(() => void preloadDeferredParts().catch(() => {}));
  };
  for (const type of INTERACTIONS) target.addEventListener(type, open, { capture: true, passive: true });
}

/** Loads every deferred part (the prerender renders them all). */
export function preloadDeferredParts(): Promise<unknown> {
  return Promise.all(preloads.map((preload) => preload()));
}

/**
 * A part of a page that hydrates on the first interaction; `load` returns its component. Once its
 * code is there (the server preloads it, the browser after the first interaction) it renders at once.
 */
export function deferredPart<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  let loaded: ComponentType<P> | undefined;
  let pending: Promise<ComponentType<P>> | undefined;
  const preload = () =>
    (pending ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        pending = undefined;
        throw error;
      },
    ));
  preloads.push(preload);
  const Lazy = lazyWithReload<P>(async () => {
    await gate;
    return { default: await preload() };
  });
  function DeferredPart(props: P) {
    // Chosen once per mount: while hydrating before the first interaction this is the lazy one.
    const [Part] = useState<ComponentType<P>>(() => loaded ?? Lazy);
    return (
      <Suspense fallback={null}>
        <Part {...props} />
      </Suspense>
    );
  }
  return DeferredPart;
}
