import { describe, expect, it } from "vitest";
import { safeReturnPath } from "./return-path";

const FALLBACK = "/admin/dashboard?tab=settings";

describe("safeReturnPath (rules §2 /admin/security ?return=)", () => {
  it.each(["/admin/dashboard?tab=settings", "/technician", "/admin/users#lista", "/admin/bookings?q=%C3%A5sa"])("keeps the same-site path %s", (path) => {
    expect(safeReturnPath(path, FALLBACK)).toBe(path);
  });

  it.each([
    null,
    "",
    "admin",
    "//evil.example",
    "//evil.example/admin",
    "/\\evil.example",
    "\\\\evil.example",
    "https://evil.example",
    "http:evil.example",
    "javascript:alert(1)",
    "/%2F%2Fevil.example",
    "/%5Cevil.example",
    "/\tevil",
    " //evil.example",
  ])("refuses %j and answers the fallback", (path) => {
    expect(safeReturnPath(path, FALLBACK)).toBe(FALLBACK);
  });
});
