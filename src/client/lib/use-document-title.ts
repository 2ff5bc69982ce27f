import { useEffect } from "react";
import { COMPANY } from "@/common/constants";

/**
 * Sets the document title of a page whose path has no fixed title in app/page-titles.ts (e.g.
 * /admin/bookings/123). RootLayout sets the title from the path in its own effect, which runs after
 * the page's effects of the same commit; setting it again in a microtask lets the page's title win.
 */
export function useDocumentTitle(title: string | null) {
  useEffect(() => {
    if (!title) return;
    const full = `${title} | ${COMPANY.shortName}`;
    document.title = full;
    let active = true;
    queueMicrotask(() => {
      if (active) document.title = full;
    });
    return () => {
      active = false;
    };
  }, [title]);
}
