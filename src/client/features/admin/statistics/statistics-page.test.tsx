import { cleanup, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { adminUser, mockFetch, renderApp } from "@/client/test/test-utils";
import type { Statistics } from "@/common/schemas/statistics";

// happy-dom lays nothing out, so the charts' containers measure 0 × 0 and recharts warns about it;
// that one warning is expected here, any other still shows.
beforeEach(() => {
  const warn = console.warn.bind(console);
  vi.spyOn(console, "warn").mockImplementation((message: unknown, ...rest: unknown[]) => {
    if (typeof message === "string" && message.includes("of chart should be greater than 0")) return;
    warn(message, ...rest);
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const count = (key: string, label: string, n: number) => ({ key, label, count: n });

/** GET /api/statistics as the server answers it for a month with a few visits. */
const statistics = (utilisation: Statistics["utilisation"]): Statistics => ({
  period: "month",
  from: "2026-11-01",
  to: "2026-11-30",
  total: 4,
  completed: 2,
  completionRate: 50,
  customers: 3,
  visitsPerCustomer: 1.3,
  revenue: 4500,
  byStatus: [count("completed", "Slutförd", 2), count("planned", "Planerad", 2)],
  byServiceType: [count("service", "Service", 4)],
  byWeekday: [count("1", "Måndag", 4)],
  busiestTimeSlots: [count("10:00-12:00", "10:00–12:00", 4)],
  remindersSent: 1,
  remindersBooked: 0,
  agreements: { active: 12, new: 3, ended: 1, yearlyValueOre: 2_880_000 },
  utilisation,
});

const utilisationRegion = () => screen.findByRole("region", { name: "Beläggning per tekniker" });

describe("/admin/statistics: utilisation per technician (rules D25)", () => {
  it("shows each technician's booked hours of the bookable ones and the percent, in Swedish numbers", async () => {
    const fetchMock = mockFetch({
      "GET /api/statistics": {
        body: statistics([
          { technicianId: 2, name: "Erik Johansson", bookedHours: 37.5, availableHours: 150, percent: 25 },
          { technicianId: 3, name: "Anna Ek", bookedHours: 1200.5, availableHours: 1000, percent: 120 },
          { technicianId: 4, name: "Bo Berg", bookedHours: 2, availableHours: 0, percent: null },
        ]),
      },
    });
    renderApp("/admin/statistics", { user: adminUser });
    const table = within(await utilisationRegion()).getByRole("table", { name: "Beläggning per tekniker" });

    expect(
      within(table)
        .getAllByRole("columnheader")
        .map((th) => th.textContent),
    ).toEqual(["Tekniker", "Bokade timmar", "Beläggning"]);
    const rows = within(table).getAllByRole("row").slice(1);
    expect(rows.map((row) => within(row).getByRole("rowheader").textContent)).toEqual(["Erik Johansson", "Anna Ek", "Bo Berg"]);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole("cell")
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ["37,5 av 150 timmar", "25 %"],
      // sv-SE groups thousands with a non-breaking space.
      ["1\u00a0200,5 av 1\u00a0000 timmar", "120 %"],
      ["2 av 0 timmar", "–Ingen, inga bokningsbara timmar"],
    ]);
    // Without bookable hours: a dash to the eye, words to a screen reader.
    expect(within(rows[2]!).getByText("–")).toHaveAttribute("aria-hidden", "true");

    // The bars are for the eye only, and never longer than the row (120 % fills it).
    const bars = rows.map((row) => row.querySelector<HTMLElement>("[aria-hidden='true'] > div"));
    expect(bars.map((bar) => bar?.style.width)).toEqual(["25%", "100%", undefined]);
    expect(fetchMock.mock.calls.some(([url]) => String(url) === "/api/statistics?period=month")).toBe(true);
  });

  it("says so when nobody could be booked in the period", async () => {
    mockFetch({ "GET /api/statistics": { body: statistics([]) } });
    renderApp("/admin/statistics", { user: adminUser });
    const region = await utilisationRegion();
    expect(within(region).getByText("Inga bokningsbara tekniker under perioden.")).toBeInTheDocument();
    expect(within(region).queryByRole("table")).not.toBeInTheDocument();
  });
});

describe("/admin/statistics: service agreements (issue 26)", () => {
  it("shows the agreements in force, new and ending in the period, and their yearly value", async () => {
    mockFetch({ "GET /api/statistics": { body: statistics([]) } });
    renderApp("/admin/statistics", { user: adminUser });
    const card = (await screen.findByText("Serviceavtal", { selector: "p" })).parentElement!;
    expect(card).toHaveTextContent("12");
    expect(card).toHaveTextContent("3 nya, 1 upphör i perioden");
    const value = screen.getByText("Avtalens årsvärde", { selector: "p" }).parentElement!;
    // 28 800 kr (sv-SE groups with a non-breaking space).
    expect(value.textContent?.replace(/\s/g, " ")).toContain("28 800 kr");
  });
});
