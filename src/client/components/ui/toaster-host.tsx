import { lazy, Suspense, useSyncExternalStore } from "react";
import { hasShownToast, onFirstToast } from "./toast-signal";

const Toaster = lazy(() => import("./toast").then((module) => ({ default: module.Toaster })));

/**
 * Mounts the toast UI (Radix Toast, with the toast store) with the first toast and keeps it from then
 * on: most visits never show a toast, so its code is not part of any page's first download.
 */
export function ToasterHost() {
  const needed = useSyncExternalStore(onFirstToast, hasShownToast, () => false);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
