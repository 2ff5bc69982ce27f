import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { resetToasts } from "@/client/components/ui/toast";
import { adminUser, mockFetch, renderApp } from "@/client/test/test-utils";
import type { AdminOverview } from "@/common/schemas/admin-bookings";

afterEach(() => {
  cleanup();
  act(() => resetToasts());
  vi.unstubAllGlobals();
});

describe("admin dashboard", () => {
  it("writes the chosen tab into the URL", async () => {
    const { router } = renderApp("/admin", { user: adminUser });
    const planning = await screen.findByRole("tab", { name: "Planering" });
    fireEvent.mouseDown(planning);
    await waitFor(() => expect(router.state.location.search).toBe("?tab=planning"));
    const hrefs = within(screen.getByRole("tabpanel")).getAllByRole("link").map((link) => link.getAttribute("href"));
    expect(hrefs).toEqual(["/admin/route-optimization", "/admin/technicians", "/admin/protocols", "/admin/statistics"]);
  });

  it("describes the service reminders card", async () => {
    renderApp("/admin?tab=customers", { user: adminUser });
    const card = await screen.findByRole("link", { name: /Servicepåminnelser/ });
    expect(card.getAttribute("href")).toBe("/admin/service-reminders");
    expect(card.textContent).toContain("Påminnelser efter 24 månader");
  });

  it("falls back to the bookings tab for an unknown ?tab=", async () => {
    renderApp("/admin?tab=okand", { user: adminUser });
    expect((await screen.findByRole("tab", { name: "Bokningar" })).getAttribute("aria-selected")).toBe("true");
  });
});

const visit = (id: number, customerName: string, timeSlot: string, technician: string | null) => ({
  id,
  date: "2026-11-22",
  timeSlot,
  serviceType: "service" as const,
  status: "confirmed" as const,
  customerName,
  address: "Storgatan 12",
  city: "Uppsala",
  technician: technician ? { id: 2, name: technician, phone: null } : null,
  createdAt: "2026-11-20T10:00:00.000Z",
});

describe("admin overview", () => {
  const overview: AdminOverview = {
    today: [visit(1, "Lars Andersson", "08:00-10:00", "Erik Johansson"), visit(2, "Maria Karlsson", "10:00-12:00", null)],
    newBookings: { since: null, items: [visit(3, "Johan Nilsson", "12:00-14:00", null)] },
    attention: {
      unassignedNextWeek: [visit(2, "Maria Karlsson", "10:00-12:00", null)],
      failedEmails: [{ id: 9, to: "karin@exempel.se", subject: "Bokningsbekräftelse", lastError: "Anslutningen nekades", createdAt: "2026-11-21T10:00:00.000Z" }],
    },
  };

  it("shows today's visits, new bookings and what needs attention from one request, each booking linking to its page", async () => {
    const fetchMock = mockFetch({ "GET /api/admin/overview": { body: overview } });
    renderApp("/admin", { user: adminUser });
    const today = await screen.findByRole("region", { name: /^Dagens besök/ });
    const first = within(today).getByRole("link", { name: /Lars Andersson/ });
    expect(first.getAttribute("href")).toBe("/admin/bookings/1");
    expect(first.textContent).toContain("08:00–10:00");
    expect(first.textContent).toContain("Uppsala");
    expect(first.textContent).toContain("Erik Johansson");
    expect(within(today).getByRole("link", { name: /Maria Karlsson/ }).textContent).toContain("Ingen tekniker");

    const fresh = screen.getByRole("region", { name: /^Nya bokningar/ });
    expect(within(fresh).getByRole("link", { name: /Johan Nilsson/ }).getAttribute("href")).toBe("/admin/bookings/3");
    const attention = screen.getByRole("region", { name: /^Behöver åtgärd/ });
    expect(within(attention).getByRole("link", { name: /Maria Karlsson/ }).getAttribute("href")).toBe("/admin/bookings/2");
    expect(within(attention).getByText(/Anslutningen nekades/)).toBeTruthy();
    expect(fetchMock.mock.calls.filter(([url]) => String(url).startsWith("/api/admin/overview"))).toHaveLength(1);
    // The tabs of cards are still below.
    expect(screen.getByRole("tab", { name: "Bokningar" })).toBeTruthy();
  });

  it("says so in Swedish when there is nothing to show", async () => {
    mockFetch({ "GET /api/admin/overview": { body: { today: [], newBookings: { since: "2026-11-22T07:00:00.000Z", items: [] }, attention: { unassignedNextWeek: [], failedEmails: [] } } } });
    renderApp("/admin", { user: adminUser });
    expect(await screen.findByText("Inga besök i dag.")).toBeTruthy();
    expect(screen.getByText("Inga nya bokningar sedan du senast tittade.")).toBeTruthy();
    expect(screen.getByText("Inget behöver åtgärdas just nu.")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Markera som sedda" })).toBeNull();
  });

  it("'Markera som sedda' tells the server and fetches the overview again", async () => {
    let seen = false;
    const fetchMock = mockFetch({
      "GET /api/admin/overview": () => ({ body: seen ? { ...overview, newBookings: { since: "2026-11-22T08:00:00.000Z", items: [] } } : overview }),
      "POST /api/admin/overview/seen": () => {
        seen = true;
        return { body: { ok: true } };
      },
    });
    renderApp("/admin", { user: adminUser });
    fireEvent.click(await screen.findByRole("button", { name: "Markera som sedda" }));
    expect(await screen.findByText("Inga nya bokningar sedan du senast tittade.")).toBeTruthy();
    expect(fetchMock.mock.calls.some(([url, init]) => url === "/api/admin/overview/seen" && init?.method === "POST")).toBe(true);
  });
});
