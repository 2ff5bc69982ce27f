import { act, cleanup, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { resetToasts } from "@/client/components/ui/toast";
import { adminUser, mockFetch, renderApp } from "@/client/test/test-utils";
import type { RegisterEntry, RegisterList } from "@/common/schemas/refrigerant";

afterEach(() => {
  cleanup();
  act(() => resetToasts());
  vi.unstubAllGlobals();
});

function entry(overrides: Partial<RegisterEntry>): RegisterEntry {
  return {
    productId: 7,
    customerId: 4,
    customerName: "Lars Andersson",
    customerCity: "Uppsala",
    product: "Nibe F2120",
    type: "luftvärmepump",
    serialNumber: "12345",
    installedOn: "2024-05-01",
    refrigerant: "R410A",
    chargeKg: 3.2,
    leakDetection: false,
    hermeticallySealed: false,
    source: "product",
    co2eTonnes: 6.68,
    intervalMonths: 12,
    lastCheck: { date: "2025-10-01", result: "tight", method: "direct" },
    nextDue: "2026-10-01",
    status: "overdue",
    followUp: null,
    ...overrides,
  };
}

const list: RegisterList = {
  entries: [
    entry({}),
    entry({
      productId: 8,
      customerId: 5,
      customerName: "Karin Berg",
      customerCity: "Knivsta",
      product: "Thermia Atlas",
      serialNumber: null,
      refrigerant: "R407C",
      chargeKg: 6,
      co2eTonnes: 10.643,
      leakDetection: true,
      intervalMonths: 24,
      lastCheck: { date: "2026-11-20", result: "repaired", method: "detector" },
      nextDue: "2026-12-20",
      status: "ok",
      followUp: { repairedOn: "2026-11-20", earliest: "2026-11-21", latest: "2026-12-20" },
      source: "protocol",
    }),
  ],
  counts: { ok: 1, "due-soon": 0, overdue: 1, "follow-up": 1 },
};

describe("/admin/refrigerant-register (issue 26)", () => {
  it("lists each unit with its refrigerant, CO2e, interval, last check and due date, overdue first, with the customer's yearly report", async () => {
    mockFetch({ "GET /api/admin/refrigerant-register": { body: list } });
    renderApp("/admin/refrigerant-register", { user: adminUser });
    expect(await screen.findByRole("heading", { level: 1, name: "Köldmedieregister" })).toBeInTheDocument();
    const results = await screen.findByRole("region", { name: "2 aggregat" });
    const [lars, karin] = within(results).getAllByRole("listitem");
    expect(lars).toHaveTextContent("Lars Andersson");
    expect(lars).toHaveTextContent("Försenad");
    expect(lars).toHaveTextContent("R410A · 3,2 kg · 6,680 ton CO₂e");
    expect(lars).toHaveTextContent("Kontroll minst var 12:e månad");
    expect(lars).toHaveTextContent("Senaste kontroll: 1 okt. 2025, tät");
    expect(lars).toHaveTextContent("Nästa kontroll senast: 1 okt. 2026");
    const year = new Date().getFullYear();
    expect(within(lars).getByRole("link", { name: `Årsrapport ${year} för Lars Andersson (PDF)` })).toHaveAttribute(
      "href",
      `/api/admin/customers/4/refrigerant-report/${year}.pdf`,
    );
    expect(karin).toHaveTextContent("R407C · 6 kg · 10,643 ton CO₂e");
    expect(karin).toHaveTextContent("Kontroll minst var 24:e månad · Läckagevarningssystem");
    expect(karin).toHaveTextContent("Uppföljande kontroll efter åtgärdad läcka senast 20 dec. 2026");
    expect(karin).toHaveTextContent("Uppgifterna kommer från installationsprotokollet.");
  });

  it("filters by status through the server and keeps the choice in the URL", async () => {
    const user = userEvent.setup();
    const asked: string[] = [];
    mockFetch({
      "GET /api/admin/refrigerant-register": (_init, url) => {
        const status = new URL(url, "http://localhost").searchParams.get("status") ?? "";
        asked.push(status);
        return { body: status === "overdue" ? { ...list, entries: [list.entries[0]] } : list };
      },
    });
    const { router } = renderApp("/admin/refrigerant-register", { user: adminUser });
    await screen.findByRole("region", { name: "2 aggregat" });
    expect(screen.getByRole("option", { name: "Försenade (1)" })).toBeInTheDocument();
    await user.selectOptions(screen.getByRole("combobox", { name: "Visa" }), "overdue");
    expect(await screen.findByRole("region", { name: "1 aggregat" })).toBeInTheDocument();
    expect(router.state.location.search).toBe("?status=overdue");
    expect(asked).toEqual(["all", "overdue"]);
  });
});
