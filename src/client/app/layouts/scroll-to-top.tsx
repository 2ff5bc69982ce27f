import { useLayoutEffect } from "react";
import { useLocation } from "react-router";

/**
 * SPEC §2: the page scrolls to top on every navigation. Two exceptions: a URL with a #fragment
 * scrolls to that element (skip link, tables of contents), and a navigation may opt out by passing
 * `state: { keepScroll: true }` (e.g. switching tabs that only change the query string).
 */
export function ScrollToTop() {
  const location = useLocation();
  const keepScroll = (location.state as { keepScroll?: boolean } | null)?.keepScroll === true;

  useLayoutEffect(() => {
    if (keepScroll) return;
    const target = location.hash ? document.getElementById(decodeURIComponent(location.hash.slice(1))) : null;
    if (target) target.scrollIntoView();
    else window.scrollTo(0, 0);
  }, [location.key, location.hash, keepScroll]);

  return null;
}
