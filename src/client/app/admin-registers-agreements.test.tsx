import { act, cleanup, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { resetToasts } from "@/client/components/ui/toast";
import { listItemFixture } from "@/client/test/agreement-fixtures";
import { adminUser, mockFetch, renderApp } from "@/client/test/test-utils";
import type { AgreementList } from "@/common/schemas/agreements";
import type { CustomerDetail, CustomerSummary } from "@/common/schemas/customers";
import type { Product } from "@/common/schemas/products";

afterEach(() => {
  cleanup();
  act(() => resetToasts());
  vi.unstubAllGlobals();
});

const lars: CustomerSummary = {
  id: 4,
  name: "Lars Andersson",
  email: "lars.andersson@exempel.se",
  phone: "070-123 45 67",
  address: "Storgatan 12",
  postalCode: "753 20",
  city: "Uppsala",
  notes: null,
  productCount: 1,
  bookingCount: 0,
  anonymized: false,
  createdAt: "2026-01-10T09:00:00.000Z",
};

const product: Product = {
  id: 7,
  customerId: 4,
  customerName: "Lars Andersson",
  customerCity: "Uppsala",
  type: "luftvärmepump",
  brand: "Nibe",
  model: "F2120",
  serialNumber: "12345",
  installationDate: null,
  warrantyExpiry: null,
  notes: null,
  createdAt: "2026-01-10T09:00:00.000Z",
};

/** The agreements endpoint; the asked queries are collected. */
function agreementsHandler(asked: Record<string, string>[]) {
  return (_init: RequestInit | undefined, url: string) => {
    asked.push(Object.fromEntries(new URL(url, "http://localhost").searchParams));
    return { body: { agreements: [listItemFixture({ id: 12, nextVisitMonth: "2027-05" })], yearlyValueOre: 240_000 } satisfies AgreementList };
  };
}

describe("the service agreements in the customer's and the product's dialogs (issue 26)", () => {
  it("lists the customer's agreements with links, and starts a new one for the customer", async () => {
    const user = userEvent.setup();
    const asked: Record<string, string>[] = [];
    const detail: CustomerDetail = { customer: lars, products: [], bookings: [], visitsAhead: [], serviceHistory: [], changes: [] };
    mockFetch({
      "GET /api/customers": { body: { items: [lars], total: 1, suggestion: null, pageSize: 24 } },
      "GET /api/customers/4": { body: detail },
      "GET /api/admin/agreements": agreementsHandler(asked),
    });
    renderApp("/admin/customers", { user: adminUser });
    await user.click(await screen.findByRole("button", { name: /Lars Andersson/ }));
    const section = await within(await screen.findByRole("dialog")).findByRole("region", { name: "Serviceavtal" });
    expect(await within(section).findByRole("link", { name: "Avtal #12: Nibe F2120 (SN 12345)" })).toHaveAttribute("href", "/admin/agreements/12");
    expect(section).toHaveTextContent("Aktivt");
    expect(section).toHaveTextContent("2 400,00 kr per år · nästa besök maj 2027");
    expect(within(section).getByRole("link", { name: "Nytt avtal" })).toHaveAttribute("href", "/admin/agreements/new?customerId=4");
    expect(asked).toEqual([{ customerId: "4" }]);
  });

  it("lists the product's agreements, and starts a new one for the product and its owner", async () => {
    const user = userEvent.setup();
    const asked: Record<string, string>[] = [];
    mockFetch({
      "GET /api/products": { body: [product] },
      "GET /api/products/7": { body: { ...product, changes: [] } },
      "GET /api/admin/agreements": agreementsHandler(asked),
    });
    renderApp("/admin/products", { user: adminUser });
    await user.click(await screen.findByRole("button", { name: /Nibe F2120/ }));
    const section = await within(await screen.findByRole("dialog")).findByRole("region", { name: "Serviceavtal" });
    expect(await within(section).findByRole("link", { name: "Avtal #12: Lars Andersson" })).toHaveAttribute("href", "/admin/agreements/12");
    expect(within(section).getByRole("link", { name: "Nytt avtal" })).toHaveAttribute("href", "/admin/agreements/new?customerId=4&productId=7");
    expect(asked).toEqual([{ productId: "7" }]);
  });
});
