import { act, cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent, { type UserEvent } from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { resetToasts } from "@/client/components/ui/toast";
import { agreementFixture } from "@/client/test/agreement-fixtures";
import { adminUser, mockFetch, renderApp } from "@/client/test/test-utils";
import type { CustomerDetail } from "@/common/schemas/customers";

afterEach(() => {
  cleanup();
  act(() => resetToasts());
  vi.unstubAllGlobals();
});

const main = () => within(screen.getByRole("main"));

const lars = {
  id: 4,
  name: "Lars Andersson",
  email: "lars.andersson@exempel.se",
  phone: "070-123 45 67",
  address: "Storgatan 12",
  postalCode: "753 20",
  city: "Uppsala",
};

const larsDetail: CustomerDetail = {
  customer: { ...lars, notes: null, productCount: 2, bookingCount: 0, anonymized: false, createdAt: "2026-01-10T09:00:00.000Z" },
  products: [
    { id: 7, brand: "Nibe", model: "F2120", type: "luftvärmepump", serialNumber: "12345", installDate: "2024-05-02", warrantyEnd: null },
    { id: 8, brand: null, model: "Thermia Atlas", type: "bergvärmepump", serialNumber: null, installDate: null, warrantyEnd: null },
  ],
  bookings: [],
  visitsAhead: [],
  serviceHistory: [],
  changes: [],
};

function posted(fetchMock: ReturnType<typeof mockFetch>) {
  return fetchMock.mock.calls
    .filter(([url, init]) => url === "/api/admin/agreements" && init?.method === "POST")
    .map(([, init]) => JSON.parse(String(init?.body)));
}

async function fillTerms(user: UserEvent) {
  await user.clear(main().getByLabelText("Startdatum"));
  await user.type(main().getByLabelText("Startdatum"), "2026-12-01");
  await user.type(main().getByRole("textbox", { name: "Årspris (kr)" }), "2 400,50");
  await user.selectOptions(main().getByRole("combobox", { name: "Besök per år" }), "2");
  await user.selectOptions(main().getByRole("combobox", { name: "Besöksmånad" }), "maj");
  await user.clear(main().getByRole("textbox", { name: "Rabatt på reparationer (%)" }));
  await user.type(main().getByRole("textbox", { name: "Rabatt på reparationer (%)" }), "10");
}

describe("/admin/agreements/new", () => {
  it("picks the customer by search, then one of their products, and sends the terms with the price in öre", async () => {
    const user = userEvent.setup();
    const created = agreementFixture({ id: 21, status: "pending", acceptedAt: null, acceptedFrom: null });
    const fetchMock = mockFetch({
      "GET /api/admin/customers/search": { body: [lars] },
      "GET /api/customers/4": { body: larsDetail },
      "POST /api/admin/agreements": { status: 201, body: created },
      "GET /api/admin/agreements/21": { body: created },
    });
    const { router } = renderApp("/admin/agreements/new", { user: adminUser });
    expect(await screen.findByRole("heading", { level: 1, name: "Nytt serviceavtal" })).toBeInTheDocument();

    await user.type(main().getByRole("searchbox", { name: "Sök kund" }), "Lars");
    await user.click(await main().findByRole("button", { name: /Lars Andersson/ }));
    expect(main().getByText(/Avtalet gäller: Lars Andersson/)).toBeInTheDocument();

    const product = await main().findByRole("combobox", { name: "Produkt" });
    expect(Array.from((product as HTMLSelectElement).options).map((o) => o.textContent)).toEqual(["Välj produkt", "Nibe F2120 (SN 12345)", "Thermia Atlas"]);
    await user.selectOptions(product, "7");
    await fillTerms(user);
    await user.click(main().getByRole("checkbox", { name: "Förnyas automatiskt varje år" }));
    await user.click(main().getByRole("button", { name: "Skapa och skicka avtalet" }));

    await waitFor(() => expect(router.state.location.pathname).toBe("/admin/agreements/21"));
    expect(posted(fetchMock)).toEqual([
      {
        customerId: 4,
        productId: 7,
        startDate: "2026-12-01",
        yearlyPriceOre: 240_050,
        visitsPerYear: 2,
        visitMonth: 5,
        repairDiscountPercent: 10,
        autoRenew: false,
      },
    ]);
  });

  it("shows the schema's messages at the fields and sends nothing while the form is incomplete", async () => {
    const user = userEvent.setup();
    const fetchMock = mockFetch({});
    renderApp("/admin/agreements/new", { user: adminUser });
    await screen.findByRole("heading", { level: 1, name: "Nytt serviceavtal" });
    await user.type(main().getByRole("textbox", { name: "Årspris (kr)" }), "12,345");
    await user.clear(main().getByRole("textbox", { name: "Rabatt på reparationer (%)" }));
    await user.type(main().getByRole("textbox", { name: "Rabatt på reparationer (%)" }), "60");
    await user.click(main().getByRole("button", { name: "Skapa och skicka avtalet" }));

    for (const message of [
      "Välj kund",
      "Ange ett årspris mellan 0 och 1 000 000 kr med högst två decimaler",
      "Välj månad för besöket",
      "Ange rabatt på reparationer, ett heltal 0–50 %",
    ]) {
      expect(await main().findByText(message)).toBeInTheDocument();
    }
    expect(main().getByRole("textbox", { name: "Årspris (kr)" })).toHaveAttribute("aria-invalid", "true");
    expect(posted(fetchMock)).toEqual([]);
  });

  it("starts with the customer and product of the link it came from, and shows the server's refusal", async () => {
    const user = userEvent.setup();
    const fetchMock = mockFetch({
      "GET /api/customers/4": { body: larsDetail },
      "POST /api/admin/agreements": { status: 409, body: { message: "Produkten har redan ett avtal som gäller." } },
    });
    const { router } = renderApp("/admin/agreements/new?customerId=4&productId=8", { user: adminUser });
    expect(await main().findByText(/Avtalet gäller: Lars Andersson/)).toBeInTheDocument();
    expect(main().getByRole("combobox", { name: "Produkt" })).toHaveValue("8");

    await fillTerms(user);
    await user.click(main().getByRole("button", { name: "Skapa och skicka avtalet" }));

    expect(await main().findByRole("alert")).toHaveTextContent("Produkten har redan ett avtal som gäller.");
    expect(posted(fetchMock)).toEqual([
      {
        customerId: 4,
        productId: 8,
        startDate: "2026-12-01",
        yearlyPriceOre: 240_050,
        visitsPerYear: 2,
        visitMonth: 5,
        repairDiscountPercent: 10,
        autoRenew: true,
      },
    ]);
    expect(router.state.location.pathname).toBe("/admin/agreements/new");
  });

  it("says when the customer has no product to make an agreement for", async () => {
    mockFetch({ "GET /api/customers/4": { body: { ...larsDetail, products: [] } } });
    renderApp("/admin/agreements/new?customerId=4", { user: adminUser });
    expect(await main().findByText(/Kunden har inga registrerade produkter/)).toBeInTheDocument();
    expect(main().queryByRole("combobox", { name: "Produkt" })).not.toBeInTheDocument();
    expect(main().getByRole("link", { name: "Till produkter" })).toHaveAttribute("href", "/admin/products");
  });
});
