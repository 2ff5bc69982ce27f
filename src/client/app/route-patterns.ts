import type { RouteObject } from "react-router";

/**
 * Every path pattern the client router renders a page of its own for ('/', '/booking/shared/:token',
 * '/admin/bookings/:id', …), taken from the route table itself, without the catch-all '*' (the
 * "Sidan hittades inte" page). The build writes them to .vite/routes.json, and the server answers
 * every other path with HTTP 404 (issue 8), so the list is never kept by hand in two places.
 */
export function routePatterns(routes: readonly RouteObject[], parent = ""): string[] {
  const patterns: string[] = [];
  for (const route of routes) {
    const path = route.path === undefined ? parent : route.path.startsWith("/") ? route.path : joinPath(parent, route.path);
    if (route.path !== undefined && !route.index && !isCatchAll(route.path)) patterns.push(path || "/");
    if (route.index) patterns.push(parent || "/");
    if (route.children) patterns.push(...routePatterns(route.children, path));
  }
  return [...new Set(patterns)];
}

function isCatchAll(path: string): boolean {
  return path === "*" || path === "/*";
}

function joinPath(parent: string, child: string): string {
  return `${parent.replace(/\/+$/, "")}/${child.replace(/^\/+/, "")}`;
}
