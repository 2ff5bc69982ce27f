import { forwardRef, type AnchorHTMLAttributes, type MouseEvent } from "react";
import { useHref, useLinkClickHandler, useLocation, useResolvedPath, type To } from "react-router";
import { prefetchRoute } from "@/client/lib/route-prefetch";

// The app's links to its own pages. React Router's <Link> also carries framework-mode prefetching
// and view transitions, which this app does not use: ~3 KB gzip on every page (issue 7 budget).
// These do what the app needs: a real href (works without JavaScript and with a modifier key),
// client-side navigation on a plain click, and the next page's code fetched on intent (pointer over,
// focus, touch; lib/route-prefetch). Import Link and NavLink from here, not from react-router.

export type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> & {
  to: To;
  replace?: boolean;
  /** History state for the next page (e.g. the role tab the login page should open). */
  state?: unknown;
};

export const Link = forwardRef<HTMLAnchorElement, LinkProps>(function Link({ to, replace, state, onClick, target, ...props }, ref) {
  const href = useHref(to);
  const { pathname } = useResolvedPath(to);
  const navigate = useLinkClickHandler<HTMLAnchorElement>(to, { replace, state, target });
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (!event.defaultPrevented) navigate(event);
  };
  const prefetch = () => prefetchRoute(pathname);
  return <a {...props} ref={ref} href={href} target={target} onClick={handleClick} onPointerEnter={prefetch} onFocus={prefetch} onTouchStart={prefetch} />;
});

export type NavLinkProps = Omit<LinkProps, "className"> & {
  className: (state: { isActive: boolean }) => string;
  /** Active only on this exact path, not on the paths below it. */
  end?: boolean;
};

/** A navigation link that knows whether it points at the current page (aria-current="page"). */
export const NavLink = forwardRef<HTMLAnchorElement, NavLinkProps>(function NavLink({ to, end = false, className, ...props }, ref) {
  const current = useLocation().pathname.toLowerCase();
  const target = useResolvedPath(to).pathname.toLowerCase();
  const isActive = current === target || (!end && target !== "/" && current.startsWith(target.endsWith("/") ? target : `${target}/`));
  return <Link {...props} ref={ref} to={to} aria-current={isActive ? "page" : undefined} className={className({ isActive })} />;
});
