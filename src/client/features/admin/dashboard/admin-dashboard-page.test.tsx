import { act, cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
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
    const user = userEvent.setup();
    const { router } = renderApp("/admin", { user: adminUser });
    const planning = await screen.findByRole("tab", { name: "Planering" });
    await user.click(planning);
    await waitFor(() => expect(router.state.location.search).toBe("?tab=planning"));
    const hrefs = within(screen.getByRole("tabpanel"))
      .getAllByRole("link")
      .map((link) => link.getAttribute("href"));
    expect(hrefs).toEqual(["/admin/route-optimization", "/admin/technicians", "/admin/protocols", "/admin/statistics"]);
  });

  it("describes the service reminders card", async () => {
    renderApp("/admin?tab=customers", { user: adminUser });
    const card = await screen.findByRole("link", { name: /Servicepåminnelser/ });
    expect(card).toHaveAttribute("href", "/admin/service-reminders");
    expect(card).toHaveTextContent("Påminnelser efter 24 månader");
  });

  it("links the service agreements from the customers tab (issue 26)", async () => {
    renderApp("/admin?tab=customers", { user: adminUser });
    const card = await screen.findByRole("link", { name: /Serviceavtal/ });
    expect(card).toHaveAttribute("href", "/admin/agreements");
    expect(card).toHaveTextContent("Avtal om återkommande service");
  });

  it("falls back to the bookings tab for an unknown ?tab=", async () => {
    renderApp("/admin?tab=okand", { user: adminUser });
    expect(await screen.findByRole("tab", { name: "Bokningar" })).toHaveAttribute("aria-selected", "true");
  });
});

const visit = (id: number, customerName: string, timeSlot: string, technician: string | null) => ({
  id,
  date: "2026-11-22",
  timeSlot,
  endTime: timeSlot.slice(6),
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
      failedEmails: [
        { id: 9, to: "karin@exempel.se", subject: "Bokningsbekräftelse", lastError: "Anslutningen nekades", createdAt: "2026-11-21T10:00:00.000Z" },
      ],
      busyDays: [{ date: "2026-12-09", bookedHours: 7.5, availableHours: 9, percent: 83 }],
      overdueInvoices: { count: 2, leftOre: 1_234_550 },
    },
    alerts: [],
  };

  it("shows today's visits, new bookings and what needs attention from one request, each booking linking to its page", async () => {
    const fetchMock = mockFetch({ "GET /api/admin/overview": { body: overview } });
    renderApp("/admin", { user: adminUser });
    const today = await screen.findByRole("region", { name: /^Dagens besök/ });
    const first = within(today).getByRole("link", { name: /Lars Andersson/ });
    expect(first).toHaveAttribute("href", "/admin/bookings/1");
    expect(first).toHaveTextContent("08:00–10:00");
    expect(first).toHaveTextContent("Uppsala");
    expect(first).toHaveTextContent("Erik Johansson");
    expect(within(today).getByRole("link", { name: /Maria Karlsson/ })).toHaveTextContent("Ingen tekniker");

    const fresh = screen.getByRole("region", { name: /^Nya bokningar/ });
    expect(within(fresh).getByRole("link", { name: /Johan Nilsson/ })).toHaveAttribute("href", "/admin/bookings/3");
    const attention = screen.getByRole("region", { name: /^Behöver åtgärd/ });
    expect(within(attention).getByRole("link", { name: /Maria Karlsson/ })).toHaveAttribute("href", "/admin/bookings/2");
    expect(within(attention).getByText(/Anslutningen nekades/)).toBeInTheDocument();
    // rules D25: a nearly booked day, linking to its week's planning.
    const busy = within(attention).getByRole("region", { name: /Nästan fullbokade dagar/ });
    expect(busy).toHaveTextContent("9 dec. 2026: 7,5 av 9 timmar bokade (83 %)");
    expect(within(busy).getByRole("link", { name: "9 dec. 2026" })).toHaveAttribute("href", "/admin/technicians?vecka=2026-12-07");
    // rules D26: overdue invoices, linking to the list of them.
    const overdue = within(attention).getByRole("region", { name: "Förfallna fakturor" });
    expect(overdue).toHaveTextContent("2 fakturor har passerat förfallodagen, 12 345,50 kr kvar att betala.");
    expect(within(overdue).getByRole("link", { name: "Visa förfallna fakturor" })).toHaveAttribute("href", "/admin/invoices?status=overdue");
    expect(fetchMock.mock.calls.filter(([url]) => String(url).startsWith("/api/admin/overview"))).toHaveLength(1);
    // The tabs of cards are still below.
    expect(screen.getByRole("tab", { name: "Bokningar" })).toBeInTheDocument();
  });

  it("says so in Swedish when there is nothing to show", async () => {
    mockFetch({
      "GET /api/admin/overview": {
        body: {
          today: [],
          newBookings: { since: "2026-11-22T07:00:00.000Z", items: [] },
          attention: { unassignedNextWeek: [], failedEmails: [], busyDays: [], overdueInvoices: { count: 0, leftOre: 0 } },
          alerts: [],
        },
      },
    });
    renderApp("/admin", { user: adminUser });
    expect(await screen.findByText("Inga besök i dag.")).toBeInTheDocument();
    expect(screen.getByText("Inga nya bokningar sedan du senast tittade.")).toBeInTheDocument();
    expect(screen.getByText("Inget behöver åtgärdas just nu.")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Markera som sedda" })).not.toBeInTheDocument();
    // Nothing wrong, nothing in red.
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });

  it("says in red, above everything, that e-mail has failed for over an hour, linking to the outbox, and that the backup failed", async () => {
    mockFetch({
      "GET /api/admin/overview": {
        body: {
          ...overview,
          alerts: [
            { kind: "outbox-failing", count: 3, since: "2026-11-21T09:15:00.000Z" },
            { kind: "backup-failed", since: "2026-11-22T02:00:00.000Z", message: "Disken är full" },
          ],
        } satisfies AdminOverview,
      },
    });
    renderApp("/admin", { user: adminUser });
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("E-post fastnar: 3 meddelanden har inte kunnat skickas på över en timme.");
    expect(alert).toHaveTextContent("Det äldsta skrevs 21 nov. 2026 kl. 10:15.");
    expect(within(alert).getByRole("link", { name: "Se utkorgen under Integrationer" })).toHaveAttribute("href", "/admin/integrations");
    expect(alert).toHaveTextContent("Säkerhetskopieringen misslyckades 22 nov. 2026 kl. 03:00.");
    expect(alert).toHaveTextContent("Orsak: Disken är full");
    // Above the overview's cards.
    const today = screen.getByRole("region", { name: /^Dagens besök/ });
    expect(alert.compareDocumentPosition(today) & Node.DOCUMENT_POSITION_FOLLOWING).toBe(Node.DOCUMENT_POSITION_FOLLOWING);
  });

  it("'Markera som sedda' tells the server and fetches the overview again", async () => {
    const user = userEvent.setup();
    let seen = false;
    const fetchMock = mockFetch({
      "GET /api/admin/overview": () => ({ body: seen ? { ...overview, newBookings: { since: "2026-11-22T08:00:00.000Z", items: [] } } : overview }),
      "POST /api/admin/overview/seen": () => {
        seen = true;
        return { body: { ok: true } };
      },
    });
    renderApp("/admin", { user: adminUser });
    await user.click(await screen.findByRole("button", { name: "Markera som sedda" }));
    expect(await screen.findByText("Inga nya bokningar sedan du senast tittade.")).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url, init]) => url === "/api/admin/overview/seen" && init?.method === "POST")).toBe(true);
  });
});
