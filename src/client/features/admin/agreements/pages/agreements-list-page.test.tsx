import { act, cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { resetToasts } from "@/client/components/ui/toast";
import { listItemFixture } from "@/client/test/agreement-fixtures";
import { adminUser, mockFetch, renderApp } from "@/client/test/test-utils";
import type { AgreementList } from "@/common/schemas/agreements";

afterEach(() => {
  cleanup();
  act(() => resetToasts());
  vi.unstubAllGlobals();
});

/** The list endpoint answering `agreements` for every query; the asked queries are collected. */
function mockList(agreements: AgreementList["agreements"], yearlyValueOre = 0) {
  const asked: Record<string, string>[] = [];
  const fetchMock = mockFetch({
    "GET /api/admin/agreements": (_init, url) => {
      asked.push(Object.fromEntries(new URL(url, "http://localhost").searchParams));
      return { body: { agreements, yearlyValueOre } satisfies AgreementList };
    },
  });
  return { asked, fetchMock };
}

const AGREEMENTS = [
  listItemFixture({ id: 12, customerName: "Lars Andersson", status: "active", nextVisitMonth: "2027-05", yearlyPriceOre: 240_000 }),
  listItemFixture({
    id: 13,
    customerName: "Karin Berg",
    productLabel: "Thermia Atlas (SN 998877)",
    status: "pending",
    acceptedAt: null,
    nextVisitMonth: "2027-09",
    yearlyPriceOre: 199_950,
  }),
  listItemFixture({ id: 14, customerName: "Eva Ek", status: "paused", nextVisitMonth: "2027-11" }),
  listItemFixture({ id: 15, customerName: "Olle Holm", status: "ended", nextVisitMonth: null, endsOn: "2026-10-31" }),
];

/** Stubs matchMedia so that the list is laid out for a phone (cards) or a wide screen (a table). */
function screenWidth(wide: boolean) {
  vi.stubGlobal(
    "matchMedia",
    (query: string) => ({ matches: wide, media: query, addEventListener: () => {}, removeEventListener: () => {} }) as unknown as MediaQueryList,
  );
}

describe("/admin/agreements", () => {
  it("lists the agreements as a table: customer, product, status in words, next visit month and yearly price, with the active ones' yearly value", async () => {
    screenWidth(true);
    mockList(AGREEMENTS, 480_000);
    renderApp("/admin/agreements", { user: adminUser });
    expect(await screen.findByRole("heading", { level: 1, name: "Serviceavtal" })).toBeInTheDocument();
    const table = await screen.findByRole("table", { name: "Serviceavtal" });
    const rows = within(table).getAllByRole("row").slice(1);
    expect(rows).toHaveLength(4);

    const first = within(rows[0]);
    expect(first.getByRole("rowheader", { name: "Lars Andersson" })).toBeInTheDocument();
    expect(rows[0]).toHaveTextContent("Nibe F2120 (SN 12345)");
    expect(first.getByText("Aktivt")).toBeInTheDocument();
    expect(first.getByRole("cell", { name: "maj 2027" })).toBeInTheDocument();
    expect(rows[0]).toHaveTextContent("2 400,00 kr");
    expect(first.getByRole("link", { name: "Visa Avtal #12, Lars Andersson" })).toHaveAttribute("href", "/admin/agreements/12");

    expect(within(rows[1]).getByText("Väntar på godkännande")).toBeInTheDocument();
    expect(within(rows[1]).getByRole("cell", { name: "september 2027" })).toBeInTheDocument();
    expect(rows[1]).toHaveTextContent("1 999,50 kr");
    expect(within(rows[2]).getByText("Pausat")).toBeInTheDocument();
    expect(within(rows[2]).getByRole("cell", { name: "november 2027" })).toBeInTheDocument();
    expect(within(rows[3]).getByText("Upphört")).toBeInTheDocument();
    expect(within(rows[3]).getByRole("cell", { name: "Inget planerat" })).toBeInTheDocument();

    expect(screen.getByText("Årsvärde för aktiva avtal i listan").nextElementSibling).toHaveTextContent("4 800,00 kr");
    expect(screen.getByRole("status")).toHaveTextContent("4 serviceavtal");
    expect(screen.getByRole("link", { name: "Nytt avtal" })).toHaveAttribute("href", "/admin/agreements/new");
  });

  it("shows cards on a phone, with the same facts", async () => {
    screenWidth(false);
    mockList(AGREEMENTS.slice(1, 2));
    renderApp("/admin/agreements", { user: adminUser });
    const card = await screen.findByRole("article", { name: "Karin Berg" });
    expect(screen.queryByRole("table")).not.toBeInTheDocument();
    expect(card).toHaveTextContent("Thermia Atlas (SN 998877)");
    expect(card).toHaveTextContent("Nästa besökseptember 2027");
    expect(card).toHaveTextContent("Årspris1 999,50 kr");
    expect(within(card).getByText("Väntar på godkännande")).toBeInTheDocument();
    expect(within(card).getByRole("link", { name: "Visa Avtal #13, Karin Berg" })).toHaveAttribute("href", "/admin/agreements/13");
  });

  it("filters by status and searches, sending only what narrows the list and keeping it in the URL", async () => {
    screenWidth(true);
    const user = userEvent.setup();
    const { asked } = mockList(AGREEMENTS);
    const { router } = renderApp("/admin/agreements", { user: adminUser });
    await screen.findByRole("table", { name: "Serviceavtal" });
    expect(asked.at(-1)).toEqual({});

    const filter = screen.getByRole("combobox", { name: "Visa" });
    expect(Array.from((filter as HTMLSelectElement).options).map((o) => o.textContent)).toEqual([
      "Alla",
      "Väntar på godkännande",
      "Aktiva",
      "Pausade",
      "Upphörda",
    ]);
    await user.selectOptions(filter, "paused");
    await waitFor(() => expect(asked.at(-1)).toEqual({ status: "paused" }));
    expect(router.state.location.search).toBe("?status=paused");

    await user.type(screen.getByRole("searchbox", { name: "Sök" }), "Andersson");
    await waitFor(() => expect(asked.at(-1)).toEqual({ status: "paused", q: "Andersson" }));

    await user.click(screen.getByRole("button", { name: "Rensa filter" }));
    await waitFor(() => expect(asked.at(-1)).toEqual({}));
  });

  it("says so when nothing matches, and offers a retry when the list cannot be read", async () => {
    screenWidth(true);
    const user = userEvent.setup();
    let failing = true;
    mockFetch({
      "GET /api/admin/agreements": () => (failing ? { status: 500, body: { message: "Internt fel" } } : { body: { agreements: [], yearlyValueOre: 0 } }),
    });
    renderApp("/admin/agreements", { user: adminUser });
    expect(await screen.findByText("Kunde inte hämta serviceavtalen")).toBeInTheDocument();
    failing = false;
    await user.click(screen.getByRole("button", { name: "Försök igen" }));
    expect(await screen.findByText("Inga serviceavtal hittades med angivna filter")).toBeInTheDocument();
  });
});
