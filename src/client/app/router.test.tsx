import { act, cleanup, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { resetToasts } from "@/client/components/ui/toast";
import { routes } from "@/client/app/router";
import { adminUser, mockFetch, renderApp, technicianUser } from "@/client/test/test-utils";

afterEach(() => {
  cleanup();
  act(() => resetToasts());
  vi.unstubAllGlobals();
});

describe("routes", () => {
  it("shows 'Sidan hittades inte', in Swedish and with its own title, for unknown paths", async () => {
    const { router } = renderApp("/finns-inte", { user: null });
    expect(await screen.findByRole("heading", { level: 1, name: "Sidan hittades inte" })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe("Sidan hittades inte | Värmepumpsservice"));
    expect(screen.queryByText(/Page Not Found/)).not.toBeInTheDocument();
    // Leaving it gives the next page its own title back.
    await act(() => router.navigate("/policies/terms"));
    await waitFor(() => expect(document.title).toBe("Allmänna villkor | Värmepumpsservice"));
  });

  it("loads the booking page lazily inside the public layout", () => {
    // The booking feature tests its own page; here only the wiring matters: a lazy page whose chunk
    // the router can preload before the first render (prerender and hydration).
    const publicGroup = routes[0].children?.[0];
    const booking = publicGroup?.children?.find((route) => route.path === "/booking");
    expect(typeof (booking?.handle as { preload?: unknown } | undefined)?.preload).toBe("function");
  });

  it("puts the customer's invoice page among the public pages and the invoice screens behind the admin guard (issue 25)", () => {
    const [publicGroup, adminGroup, technicianGroup] = routes[0].children ?? [];
    const invoicePage = publicGroup?.children?.find((route) => route.path === "/faktura/:token");
    expect(typeof (invoicePage?.handle as { preload?: unknown } | undefined)?.preload).toBe("function");
    expect(adminGroup?.children?.map((route) => route.path)).toEqual(
      expect.arrayContaining(["/admin/invoices", "/admin/invoices/new", "/admin/invoices/:id", "/admin/invoices/:id/edit"]),
    );
    expect(technicianGroup?.children?.some((route) => route.path?.includes("invoices"))).toBe(false);
  });

  it("puts the customer's agreement page among the public pages and the agreement screens behind the admin guard (issue 26)", () => {
    const [publicGroup, adminGroup, technicianGroup] = routes[0].children ?? [];
    const agreementPage = publicGroup?.children?.find((route) => route.path === "/avtal/:token");
    expect(typeof (agreementPage?.handle as { preload?: unknown } | undefined)?.preload).toBe("function");
    expect(adminGroup?.children?.map((route) => route.path)).toEqual(
      expect.arrayContaining(["/admin/agreements", "/admin/agreements/new", "/admin/agreements/:id"]),
    );
    expect(technicianGroup?.children?.some((route) => route.path?.includes("agreements"))).toBe(false);
  });

  it.each([
    ["/policies/terms", "Allmänna villkor", 13, "2025-05-21"],
    ["/policies/privacy", "Integritetspolicy", 11, "2025-05-18"],
  ])("%s has numbered sections and its effective date", async (path, title, sections, date) => {
    renderApp(path, { user: null });
    const heading = await screen.findByRole("heading", { level: 1, name: title });
    const article = heading.closest("article")!;
    expect(article.querySelectorAll("section > h2")).toHaveLength(sections);
    expect(article.querySelector("time")).toHaveAttribute("datetime", date);
  });

  it("lists the cookies in a table", async () => {
    renderApp("/policies/cookies", { user: null });
    const table = await screen.findByRole("table");
    const rows = within(table)
      .getAllByRole("rowheader")
      .map((cell) => cell.textContent);
    expect(rows).toEqual(["vps.sid", "booking_draft", "_vps_analytics"]);
    expect(screen.getByText("Gäller från", { exact: false }).querySelector("time")).toHaveAttribute("datetime", "2025-05-18");
  });
});

describe("admin guard", () => {
  it("sends anonymous visitors to /login", async () => {
    const { router } = renderApp("/admin", { user: null });
    await waitFor(() => expect(router.state.location.pathname).toBe("/login"));
  });

  it("sends a technician to the start page with 'Åtkomst nekad'", async () => {
    const { router } = renderApp("/admin/dashboard", { user: technicianUser });
    await waitFor(() => expect(router.state.location.pathname).toBe("/"));
    expect((await screen.findAllByText("Åtkomst nekad")).length).toBeGreaterThan(0);
    expect(screen.getAllByText("Du har inte behörighet att se denna sida").length).toBeGreaterThan(0);
  });

  it("lets an admin in and selects the tab from ?tab=", async () => {
    renderApp("/admin?tab=settings", { user: adminUser });
    expect(await screen.findByRole("heading", { level: 1, name: "Administration" })).toBeInTheDocument();
    expect(screen.getByRole("tab", { name: "Inställningar" })).toHaveAttribute("aria-selected", "true");
    const panel = screen.getByRole("tabpanel");
    const hrefs = within(panel)
      .getAllByRole("link")
      .map((link) => link.getAttribute("href"));
    expect(hrefs).toEqual(["/admin/settings", "/admin/users", "/admin/integrations", "/admin/security"]);
  });

  it("defaults to the bookings tab", async () => {
    renderApp("/admin/dashboard", { user: adminUser });
    await screen.findByRole("heading", { level: 1, name: "Administration" });
    const hrefs = within(screen.getByRole("tabpanel"))
      .getAllByRole("link")
      .map((link) => link.getAttribute("href"));
    expect(hrefs).toEqual(["/admin/bookings", "/admin/bookings/new", "/admin/blocked-times", "/admin/invoices"]);
  });

  it("shows a loading state while the user is being fetched, then decides", async () => {
    let answer: (value: { status: number }) => void = () => {};
    mockFetch({ "GET /api/auth/user": () => new Promise((resolve) => (answer = resolve)) });
    const { router } = renderApp("/admin");
    expect(await screen.findByText("Kontrollerar inloggning...")).toBeInTheDocument();
    answer({ status: 401 });
    await waitFor(() => expect(router.state.location.pathname).toBe("/login"));
  });
});

describe("technician guard", () => {
  it("sends anonymous visitors to /login", async () => {
    const { router } = renderApp("/technician", { user: null });
    await waitFor(() => expect(router.state.location.pathname).toBe("/login"));
  });

  it("shows the technician header with name and role", async () => {
    renderApp("/technician", { user: technicianUser });
    expect(await screen.findByRole("heading", { level: 1, name: "Tekniker Dashboard" })).toBeInTheDocument();
    expect(screen.getByText("Erik Johansson")).toBeInTheDocument();
    const main = within(screen.getByRole("main"));
    expect(main.getByText("Tekniker")).toBeInTheDocument();
    expect(main.getByRole("button", { name: "Logga ut" })).toBeInTheDocument();
  });

  it("lets an admin use the technician pages", async () => {
    renderApp("/technician", { user: adminUser });
    expect(await screen.findByRole("heading", { level: 1, name: "Tekniker Dashboard" })).toBeInTheDocument();
  });

  it("logs out a session with an unknown role and sends it to /login", async () => {
    const fetchMock = mockFetch({ "POST /api/auth/logout": { body: { ok: true } } });
    const { router } = renderApp("/technician", { user: { ...technicianUser, role: "customer" as never } });
    await waitFor(() => expect(router.state.location.pathname).toBe("/login"));
    expect(fetchMock.mock.calls.some(([url]) => url === "/api/auth/logout")).toBe(true);
  });
});
