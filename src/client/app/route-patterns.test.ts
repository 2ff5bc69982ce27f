import { describe, expect, it } from "vitest";
import { routePatterns } from "./route-patterns";
import { routes } from "./router";

describe("routePatterns: the paths the server answers 200 for (issue 8: every other path is a 404)", () => {
  it("lists every page of the route table, with its parameters, and leaves out the catch-all", () => {
    const patterns = routePatterns(routes);
    for (const path of [
      "/",
      "/booking",
      "/login",
      "/admin/login",
      "/policies/terms",
      "/policies/privacy",
      "/policies/cookies",
      "/admin",
      "/admin/dashboard",
      "/admin/invoices",
      "/admin/invoices/new",
      "/admin/invoices/:id",
      "/admin/invoices/:id/edit",
      "/faktura/:token",
      "/admin/agreements",
      "/admin/agreements/new",
      "/admin/agreements/:id",
      "/avtal/:token",
      "/technician",
    ]) {
      expect(patterns).toContain(path);
    }
    expect(patterns).not.toContain("*");
    expect(patterns.every((p) => p.startsWith("/"))).toBe(true);
    expect(new Set(patterns).size).toBe(patterns.length);
  });

  it("joins relative child paths and index routes to their parents", () => {
    expect(
      routePatterns([
        {
          path: "/a",
          children: [{ index: true }, { path: "b" }, { path: ":id/c" }, { path: "*" }],
        },
        { children: [{ path: "/x/:token" }] },
        { path: "*" },
      ]),
    ).toEqual(["/a", "/a/b", "/a/:id/c", "/x/:token"]);
  });
});
