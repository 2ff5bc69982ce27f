import { act, cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { resetToasts } from "@/client/components/ui/toast";
import { adminUser, mockFetch, renderApp } from "@/client/test/test-utils";
import type { AdminBookingListItem } from "@/common/schemas/admin-bookings";

afterEach(() => {
  cleanup();
  act(() => resetToasts());
  vi.unstubAllGlobals();
});

const item = (id: number, customerName: string, extra: Partial<AdminBookingListItem> = {}): AdminBookingListItem => ({
  id,
  date: "2026-12-07",
  timeSlot: "08:00-10:00",
  endTime: "10:00",
  serviceType: "service",
  status: "confirmed",
  customerName,
  customerPhone: "070-123 45 67",
  address: "Storgatan 12",
  postalCode: "753 20",
  city: "Uppsala",
  technician: null,
  createdAt: "2026-11-20T10:00:00.000Z",
  ...extra,
});

/** The list endpoint answering `items` for every query; the asked queries are collected. */
function mockList(items: AdminBookingListItem[], total = items.length) {
  const asked: URLSearchParams[] = [];
  const fetchMock = mockFetch({
    "GET /api/admin/bookings": (_init, url) => {
      const params = new URL(url, "http://localhost").searchParams;
      asked.push(params);
      return { body: { items, total, page: Number(params.get("page")), pageSize: Number(params.get("pageSize")) } };
    },
  });
  return { asked, fetchMock };
}

async function findToast(text: string) {
  return within(await screen.findByRole("region", { name: "Aviseringar (F8)" })).findByText(text);
}

describe("/admin/bookings", () => {
  it("reads search, filters, sorting and page from the URL and asks the server for exactly those", async () => {
    const { asked } = mockList([item(7, "Lars Andersson")], 60);
    renderApp("/admin/bookings?search=Lars&status=confirmed&type=service&sort=date_asc&page=2", { user: adminUser });

    expect(await screen.findByRole("cell", { name: "#7" })).toBeInTheDocument();
    const params = asked.at(-1)!;
    expect(Object.fromEntries(params)).toEqual({ search: "Lars", status: "confirmed", serviceType: "service", sort: "date_asc", page: "2", pageSize: "25" });

    expect(screen.getByRole("searchbox", { name: "Sök" })).toHaveValue("Lars");
    expect(screen.getByRole("combobox", { name: "Status" })).toHaveValue("confirmed");
    expect(screen.getByRole("combobox", { name: "Typ av tjänst" })).toHaveValue("service");
    expect(screen.getByRole("combobox", { name: "Sortering" })).toHaveValue("date_asc");
    expect(screen.getByText("Sida 2 av 3")).toBeInTheDocument();
  });

  it("shows staff an installation's whole day and the window the customer was given (rules D24)", async () => {
    mockList([
      item(7, "Lars Andersson", { serviceType: "installation", endTime: "17:00" }),
      item(8, "Maria Karlsson", { timeSlot: "15:30-17:30", endTime: "17:30" }),
    ]);
    renderApp("/admin/bookings", { user: adminUser });
    expect((await screen.findAllByText("08:00–17:00 (ankomst 08:00–10:00)")).length).toBeGreaterThan(0);
    expect(screen.getAllByText("15:30–17:30").length).toBeGreaterThan(0);
  });

  it("writes a debounced search into the URL: one request for the whole word, back to page 1", async () => {
    const user = userEvent.setup();
    const { asked } = mockList([item(7, "Lars Andersson")], 60);
    const { router } = renderApp("/admin/bookings?page=3", { user: adminUser });
    const search = await screen.findByRole("searchbox", { name: "Sök" });
    await screen.findByRole("cell", { name: "#7" });
    const before = asked.length;

    await user.type(search, "Ande"); // A, An, And, Ande
    await waitFor(() => expect(router.state.location.search).toBe("?search=Ande"));
    await waitFor(() => expect(asked.at(-1)?.get("search")).toBe("Ande"));
    expect(asked.slice(before).map((p) => p.get("search"))).toEqual(["Ande"]);
    expect(asked.at(-1)?.get("page")).toBe("1");
  });

  it("keeps the filters in the URL, so Back brings the previous list back", async () => {
    const user = userEvent.setup();
    mockList([item(7, "Lars Andersson")]);
    const { router } = renderApp("/admin/bookings", { user: adminUser });
    const status = await screen.findByRole("combobox", { name: "Status" });

    await user.selectOptions(status, "cancelled");
    await waitFor(() => expect(router.state.location.search).toBe("?status=cancelled"));
    await user.selectOptions(screen.getByRole("combobox", { name: "Typ av tjänst" }), "hembesok");
    await waitFor(() => expect(router.state.location.search).toBe("?status=cancelled&type=hembesok"));

    await act(() => router.navigate(-1));
    await waitFor(() => expect(router.state.location.search).toBe("?status=cancelled"));
    expect(screen.getByRole("combobox", { name: "Typ av tjänst" })).toHaveValue("all");
    expect(screen.getByRole("combobox", { name: "Status" })).toHaveValue("cancelled");
  });

  it("puts a search changed by Back into the search field", async () => {
    const user = userEvent.setup();
    mockList([item(7, "Lars Andersson")]);
    const { router } = renderApp("/admin/bookings?search=Lars", { user: adminUser });
    const search = (await screen.findByRole("searchbox", { name: "Sök" })) as HTMLInputElement;
    await user.clear(search);
    await waitFor(() => expect(router.state.location.search).toBe(""));
    await act(() => router.navigate(-1));
    await waitFor(() => expect(search).toHaveValue("Lars"));
  });

  it("shows the §2 columns with the customer's phone and a details link", async () => {
    mockList([item(7, "Lars Andersson")]);
    renderApp("/admin/bookings", { user: adminUser });
    const row = (await screen.findByRole("rowheader", { name: /Lars Andersson/ })).closest("tr")!;
    const cells = within(row);
    expect(cells.getByRole("link", { name: /070-123 45 67/ })).toHaveAttribute("href", "tel:0701234567");
    expect(cells.getByText("Service")).toBeInTheDocument();
    expect(cells.getByText("Uppsala")).toBeInTheDocument();
    expect(cells.getByRole("link", { name: "Detaljer för bokning #7" })).toHaveAttribute("href", "/admin/bookings/7");
    expect(screen.getByRole("link", { name: "Skapa bokning" })).toHaveAttribute("href", "/admin/bookings/new");
  });

  it("says 'Inga bokningar hittades med angivna filter' when nothing matches", async () => {
    mockList([]);
    renderApp("/admin/bookings?search=Ingen", { user: adminUser });
    expect(await screen.findByText("Inga bokningar hittades med angivna filter")).toBeInTheDocument();
  });

  it("changes a status from the list with the §8 toasts", async () => {
    const user = userEvent.setup();
    const { fetchMock } = mockList([item(7, "Lars Andersson")]);
    let answer = 200;
    const patched: unknown[] = [];
    fetchMock.mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (init?.method === "PATCH") {
        patched.push(JSON.parse(String(init.body)));
        return answer === 200
          ? new Response(JSON.stringify({ booking: { id: 7 } }), { status: 200, headers: { "Content-Type": "application/json" } })
          : new Response(JSON.stringify({ message: "Internt fel" }), { status: answer, headers: { "Content-Type": "application/json" } });
      }
      if (url.startsWith("/api/admin/bookings")) {
        return new Response(JSON.stringify({ items: [item(7, "Lars Andersson")], total: 1, page: 1, pageSize: 25 }), {
          status: 200,
          headers: { "Content-Type": "application/json" },
        });
      }
      return new Response("{}", { status: 404, headers: { "Content-Type": "application/json" } });
    });
    renderApp("/admin/bookings", { user: adminUser });
    const select = await screen.findByRole("combobox", { name: "Ändra status för bokning #7" });

    await user.selectOptions(select, "completed");
    expect(await findToast("Status uppdaterad")).toBeInTheDocument();
    expect(await findToast("Bokningens status har uppdaterats")).toBeInTheDocument();
    expect(patched).toEqual([{ status: "completed" }]);

    answer = 500;
    const consoleError = vi.spyOn(console, "error").mockImplementation(() => {});
    await user.selectOptions(await screen.findByRole("combobox", { name: "Ändra status för bokning #7" }), "cancelled");
    expect(await findToast("Kunde inte uppdatera bokningsstatus")).toBeInTheDocument();
    expect(await findToast("Fel")).toBeInTheDocument();
    expect(consoleError).toHaveBeenCalledWith("Kunde inte uppdatera status", expect.anything());
    consoleError.mockRestore();
    // The dropdown goes back to what the server still says.
    await waitFor(() => expect(screen.getByRole("combobox", { name: "Ändra status för bokning #7" })).toHaveValue("confirmed"));
  });
});
