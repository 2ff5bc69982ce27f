import { lazy, Suspense, useSyncExternalStore } from "react";
import { withPublicStyles } from "@/client/lib/with-public-styles";
import { hasShownToast, onFirstToast } from "./toast-signal";

const Toaster = lazy(withPublicStyles(() => import("./toast").then((module) => ({ default: module.Toaster }))));

/**
 * Mounts the toast UI (Radix Toast, with the toast store) with the first toast and keeps it from then
 * on: most visits never show a toast, so its code (and the public stylesheet it is styled by) is not part of any page's first download.
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
