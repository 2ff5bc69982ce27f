import { act, cleanup, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { resetToasts } from "@/client/components/ui/toast";
import { adminUser, mockFetch, renderApp } from "@/client/test/test-utils";
import type { Product } from "@/common/schemas/products";
import type { ProductTimeline, RegisterEntry } from "@/common/schemas/refrigerant";

afterEach(() => {
  cleanup();
  act(() => resetToasts());
  vi.unstubAllGlobals();
});

const product: Product = {
  id: 7,
  customerId: 4,
  customerName: "Lars Andersson",
  customerCity: "Uppsala",
  type: "luftvärmepump",
  brand: "Nibe",
  model: "F2120",
  serialNumber: "12345",
  installationDate: "2024-05-01",
  warrantyExpiry: null,
  notes: null,
  createdAt: "2026-01-10T09:00:00.000Z",
};

const entry: RegisterEntry = {
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
  source: "protocol",
  co2eTonnes: 6.68,
  intervalMonths: 12,
  lastCheck: { date: "2025-10-01", result: "repaired", method: "detector" },
  nextDue: "2025-11-01",
  status: "overdue",
  followUp: { repairedOn: "2025-10-01", earliest: "2025-10-02", latest: "2025-11-01" },
};

const timeline: ProductTimeline = {
  entry,
  events: [
    {
      kind: "leak-check",
      date: "2025-10-01",
      check: {
        id: 3,
        checkedOn: "2025-10-01",
        method: "detector",
        result: "repaired",
        addedKg: 0.4,
        recoveredKg: 0,
        technicianName: "Erik Johansson",
        certificate: "INC-1234",
        followUp: false,
        bookingId: 11,
      },
    },
    {
      kind: "service",
      date: "2025-10-01",
      serviceHistoryId: 9,
      serviceType: "maintenance",
      technician: "Erik Johansson",
      actions: "Bytt filter",
      bookingId: 11,
    },
    { kind: "protocol", date: "2024-05-01", protocolId: 2, status: "fully-signed", refrigerant: "R410A", chargeKg: 3.2, technicianName: "Erik Johansson" },
    { kind: "installed", date: "2024-05-01" },
  ],
};

describe("the refrigerant in the product's dialog (issue 26)", () => {
  it("shows the charge, the duty, the pending follow-up and the timeline, and saves an edit", async () => {
    const user = userEvent.setup();
    let saved: unknown;
    mockFetch({
      "GET /api/products": { body: [product] },
      "GET /api/products/7": { body: { ...product, changes: [] } },
      "GET /api/admin/agreements": { body: { agreements: [], yearlyValueOre: 0 } },
      "GET /api/admin/products/7/timeline": { body: timeline },
      "PUT /api/admin/products/7/refrigerant": (init) => {
        saved = JSON.parse(String(init?.body));
        return { body: { ...entry, source: "product", leakDetection: true, intervalMonths: 24 } };
      },
    });
    renderApp("/admin/products", { user: adminUser });
    await user.click(await screen.findByRole("button", { name: /Nibe F2120/ }));
    const section = await within(await screen.findByRole("dialog")).findByRole("region", { name: "Köldmedium och läckagekontroller" });
    expect(await within(section).findByText("R410A · 3,2 kg · 6,680 ton CO₂e")).toBeInTheDocument();
    expect(section).toHaveTextContent("Kontroll minst var 12:e månad");
    expect(section).toHaveTextContent("Uppföljande kontroll efter åtgärdad läcka senast 1 nov. 2025");
    expect(section).toHaveTextContent("Uppgifterna kommer från installationsprotokollet.");
    const items = within(section).getAllByRole("listitem");
    expect(items.map((item) => item.textContent)).toEqual([
      "1 okt. 2025 · Läckagekontroll: läcka åtgärdad (läcksökare)Påfyllt 0,4 kg, omhändertaget 0 kgErik Johansson, certifikat INC-1234",
      "1 okt. 2025 · Servicebesök (underhåll)Erik JohanssonBytt filter",
      "1 maj 2024 · Installationsprotokoll: R410A, 3,2 kgErik Johansson",
      "1 maj 2024 · Installerad",
    ]);

    await user.click(within(section).getByRole("button", { name: "Ändra köldmedium" }));
    await user.selectOptions(within(section).getByRole("combobox", { name: "Köldmedium" }), "R410A");
    await user.type(within(section).getByLabelText("Mängd (kg)"), "3,2");
    await user.click(within(section).getByRole("checkbox", { name: "Läckagevarningssystem installerat" }));
    await user.click(within(section).getByRole("button", { name: "Spara köldmedium" }));
    expect(await screen.findByText("Köldmediet är sparat")).toBeInTheDocument();
    expect(saved).toEqual({ refrigerant: "R410A", chargeKg: 3.2, leakDetection: true, hermeticallySealed: false });
  });

  it("shows the server's refusal in Swedish", async () => {
    const user = userEvent.setup();
    mockFetch({
      "GET /api/products": { body: [product] },
      "GET /api/products/7": { body: { ...product, changes: [] } },
      "GET /api/admin/agreements": { body: { agreements: [], yearlyValueOre: 0 } },
      "GET /api/admin/products/7/timeline": { body: { ...timeline, events: [] } },
      "PUT /api/admin/products/7/refrigerant": { status: 400, body: { message: "Ange både köldmedium och mängd, eller ingetdera" } },
    });
    renderApp("/admin/products", { user: adminUser });
    await user.click(await screen.findByRole("button", { name: /Nibe F2120/ }));
    const section = await within(await screen.findByRole("dialog")).findByRole("region", { name: "Köldmedium och läckagekontroller" });
    await user.click(await within(section).findByRole("button", { name: "Ändra köldmedium" }));
    await user.selectOptions(within(section).getByRole("combobox", { name: "Köldmedium" }), "R32");
    await user.click(within(section).getByRole("button", { name: "Spara köldmedium" }));
    expect(await within(section).findByRole("alert")).toHaveTextContent("Ange både köldmedium och mängd, eller ingetdera");
  });
});
