import { useState, type ComponentType } from "react";
import { lazyWithReload } from "@/client/lib/chunk-reload";

export type LazyPage = ComponentType & {
  /**
   * Loads the page's chunk; resolves once it can render without suspending. A failure only rejects:
   * rendering the page (lazyWithReload) is what reloads after a deploy, never a prefetch on hover.
   */
  preload: () => Promise<void>;
};

/**
 * A page (or a portal's guard) in its own chunk. Before the first render the router preloads the
 * chunks of the matched routes (`preloadRoute`): the server then renders the page itself and the
 * client hydrates the same tree without suspending. A page reached later by a link suspends once
 * (RootLayout's Suspense; navigations are transitions, so the old page stays until it is there).
 */
export function lazyPage(load: () => Promise<{ default: ComponentType }>): LazyPage {
  let loaded: ComponentType | undefined;
  let pending: Promise<void> | undefined;
  const preload = () =>
    (pending ??= load()
      .then((module) => {
        // Undefined when Vite's preload error was answered with a reload (lib/chunk-reload).
        if (!module?.default) throw new Error("Page chunk did not load");
        loaded = module.default;
      })
      .catch((error: unknown) => {
        pending = undefined; // a later attempt may succeed
        throw error;
      }));
  const Suspending = lazyWithReload(async () => {
    await preload();
    return { default: loaded as ComponentType };
  });
  function Page() {
    // Chosen once per mount, so a page never switches component type (and loses its state) midway.
    const [Component] = useState<ComponentType>(() => loaded ?? Suspending);
    return <Component />;
  }
  Page.preload = preload;
  return Page;
}
