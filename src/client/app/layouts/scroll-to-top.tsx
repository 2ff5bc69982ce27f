import { useLayoutEffect, useRef } from "react";
import { useLocation } from "react-router";

/**
 * rules §2: the page scrolls to top on every navigation. Two exceptions: a URL with a #fragment
 * scrolls to that element (skip link, tables of contents), and a navigation may opt out by passing
 * `state: { keepScroll: true }` (e.g. switching tabs that only change the query string). The first
 * page of a visit keeps the position the browser chose: a prerendered page may already have been
 * scrolled before it hydrated.
 */
export function ScrollToTop() {
  const location = useLocation();
  const keepScroll = (location.state as { keepScroll?: boolean } | null)?.keepScroll === true;
  const firstPage = useRef(true);

  useLayoutEffect(() => {
    const initial = firstPage.current;
    firstPage.current = false;
    if (keepScroll) return;
    const target = location.hash ? document.getElementById(decodeURIComponent(location.hash.slice(1))) : null;
    if (target) target.scrollIntoView();
    else if (!initial) window.scrollTo(0, 0);
  }, [location.key, location.hash, keepScroll]);

  return null;
}
