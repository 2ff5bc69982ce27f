import { act, cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { resetToasts } from "@/client/components/ui/toast";
import { listItemFixture } from "@/client/test/invoice-fixtures";
import { adminUser, mockFetch, renderApp } from "@/client/test/test-utils";
import type { InvoiceListItem } from "@/common/schemas/invoices";

afterEach(() => {
  cleanup();
  act(() => resetToasts());
  vi.unstubAllGlobals();
});

/** The list endpoint answering `invoices` for every query; the asked queries are collected. */
function mockList(invoices: InvoiceListItem[], total = invoices.length) {
  const asked: Record<string, string>[] = [];
  const fetchMock = mockFetch({
    "GET /api/admin/invoices": (_init, url) => {
      const params = new URL(url, "http://localhost").searchParams;
      asked.push(Object.fromEntries(params));
      return { body: { invoices, total, page: Number(params.get("page")), pageSize: 50 } };
    },
  });
  return { asked, fetchMock };
}

const INVOICES = [
  listItemFixture({ id: 5, number: 1001, customerName: "Lars Andersson", overdue: true, paidOre: 50_000, rot: true, toPayOre: 175_000 }),
  listItemFixture({ id: 6, number: null, status: "draft", customerName: "Karin Berg", issueDate: null, dueDate: null, toPayOre: 123_450 }),
  listItemFixture({ id: 7, number: 1002, status: "paid", customerName: "Eva Ek" }),
  listItemFixture({ id: 8, number: 1003, kind: "credit", status: "sent", customerName: "Eva Ek", toPayOre: -250_000 }),
];

/** Stubs matchMedia so that the list is laid out for a phone (cards) or a wide screen (a table). */
function screenWidth(wide: boolean) {
  vi.stubGlobal(
    "matchMedia",
    (query: string) => ({ matches: wide, media: query, addEventListener: () => {}, removeEventListener: () => {} }) as unknown as MediaQueryList,
  );
}

describe("/admin/invoices", () => {
  it("lists the invoices as a table: number, customer, dates, amount to pay, status badges and the ROT marker", async () => {
    screenWidth(true);
    mockList(INVOICES);
    renderApp("/admin/invoices", { user: adminUser });
    expect(await screen.findByRole("heading", { level: 1, name: "Fakturor" })).toBeInTheDocument();
    const table = await screen.findByRole("table", { name: "Fakturor" });
    const rows = within(table).getAllByRole("row").slice(1);
    expect(rows).toHaveLength(4);

    const first = within(rows[0]);
    expect(first.getByRole("cell", { name: "Faktura 1001" })).toBeInTheDocument();
    expect(first.getByRole("rowheader", { name: "Lars Andersson" })).toBeInTheDocument();
    expect(rows[0]).toHaveTextContent("2 nov. 2026");
    expect(rows[0]).toHaveTextContent("2 dec. 2026");
    expect(rows[0]).toHaveTextContent("1 750,00 kr");
    // A sent invoice past its due date with a part paid says both; ROT is marked.
    expect(first.getByText("Förfallen")).toBeInTheDocument();
    expect(first.getByText("Delbetald")).toBeInTheDocument();
    expect(first.getByText("Med rotavdrag")).toBeInTheDocument();
    expect(first.getByRole("link", { name: "Visa Faktura 1001" })).toHaveAttribute("href", "/admin/invoices/5");

    expect(within(rows[1]).getByRole("cell", { name: "Utkast #6" })).toBeInTheDocument();
    expect(within(rows[1]).getByText("Utkast")).toBeInTheDocument();
    expect(rows[1]).toHaveTextContent("1 234,50 kr");
    expect(within(rows[2]).getByText("Betald")).toBeInTheDocument();
    expect(within(rows[3]).getByRole("cell", { name: "Kreditfaktura 1003" })).toBeInTheDocument();
    expect(rows[3]).toHaveTextContent("-2 500,00 kr");

    expect(screen.getByRole("status")).toHaveTextContent("4 fakturor");
    expect(screen.getByRole("link", { name: "Ny faktura" })).toHaveAttribute("href", "/admin/invoices/new");
  });

  it("shows cards on a phone, with the same facts", async () => {
    screenWidth(false);
    mockList(INVOICES.slice(0, 1));
    renderApp("/admin/invoices", { user: adminUser });
    const card = await screen.findByRole("article", { name: "Lars Andersson" });
    expect(screen.queryByRole("table")).not.toBeInTheDocument();
    expect(card).toHaveTextContent("Faktura 1001");
    expect(card).toHaveTextContent("1 750,00 kr");
    expect(within(card).getByText("Förfallen")).toBeInTheDocument();
    expect(within(card).getByRole("link", { name: "Visa Faktura 1001" })).toHaveAttribute("href", "/admin/invoices/5");
  });

  it("filters by status and searches, sending exactly that to the server and keeping it in the URL", async () => {
    screenWidth(true);
    const user = userEvent.setup();
    const { asked } = mockList(INVOICES);
    const { router } = renderApp("/admin/invoices", { user: adminUser });
    await screen.findByRole("table", { name: "Fakturor" });
    expect(asked.at(-1)).toEqual({ status: "all", page: "1" });

    const filter = screen.getByRole("combobox", { name: "Visa" });
    expect(Array.from((filter as HTMLSelectElement).options).map((o) => o.textContent)).toEqual([
      "Alla",
      "Utkast",
      "Obetalda",
      "Förfallna",
      "Betalda",
      "Krediterade",
    ]);
    await user.selectOptions(filter, "overdue");
    await waitFor(() => expect(asked.at(-1)).toEqual({ status: "overdue", page: "1" }));
    expect(router.state.location.search).toBe("?status=overdue");

    await user.type(screen.getByRole("searchbox", { name: "Sök" }), "Andersson");
    await waitFor(() => expect(asked.at(-1)).toEqual({ status: "overdue", page: "1", q: "Andersson" }));
    expect(new URLSearchParams(router.state.location.search).get("q")).toBe("Andersson");

    await user.click(screen.getByRole("button", { name: "Rensa filter" }));
    await waitFor(() => expect(asked.at(-1)).toEqual({ status: "all", page: "1" }));
  });

  it("pages through the list", async () => {
    screenWidth(true);
    const user = userEvent.setup();
    const { asked } = mockList(INVOICES, 120);
    renderApp("/admin/invoices?page=2", { user: adminUser });
    expect(await screen.findByText("Sida 2 av 3")).toBeInTheDocument();
    expect(asked.at(-1)).toMatchObject({ page: "2" });
    await user.click(screen.getByRole("button", { name: "Nästa" }));
    await waitFor(() => expect(asked.at(-1)).toMatchObject({ page: "3" }));
  });

  it("says so when nothing matches, and offers a retry when the list cannot be read", async () => {
    screenWidth(true);
    const user = userEvent.setup();
    let failing = true;
    mockFetch({
      "GET /api/admin/invoices": () =>
        failing ? { status: 500, body: { message: "Internt fel" } } : { body: { invoices: [], total: 0, page: 1, pageSize: 50 } },
    });
    renderApp("/admin/invoices", { user: adminUser });
    expect(await screen.findByText("Kunde inte hämta fakturorna")).toBeInTheDocument();
    failing = false;
    await user.click(screen.getByRole("button", { name: "Försök igen" }));
    expect(await screen.findByText("Inga fakturor hittades med angivna filter")).toBeInTheDocument();
  });

  it("links the ROT claim file and exports the bookkeeping (SIE) for a checked period", async () => {
    screenWidth(true);
    const user = userEvent.setup();
    mockList([]);
    renderApp("/admin/invoices", { user: adminUser });
    const exportsRegion = await screen.findByRole("region", { name: "Rotavdrag och bokföring" });
    expect(within(exportsRegion).getByRole("link", { name: "Rotbegäran (XML)" })).toHaveAttribute("href", "/api/admin/rot/claims.xml");

    const form = within(exportsRegion).getByRole("form", { name: "Bokföring (SIE)" });
    expect(form).toHaveAttribute("action", "/api/admin/exports/sie");
    expect(form).toHaveAttribute("method", "get");
    const from = within(form).getByLabelText("Från och med");
    const to = within(form).getByLabelText("Till och med");
    expect(from).toHaveAttribute("name", "from");
    expect(to).toHaveAttribute("name", "to");
    // The previous month is filled in.
    expect((from as HTMLInputElement).value).toMatch(/^\d{4}-\d{2}-01$/);

    await user.clear(from);
    await user.type(from, "2026-11-30");
    await user.clear(to);
    await user.type(to, "2026-11-01");
    await user.click(within(form).getByRole("button", { name: "Ladda ner SIE-fil" }));
    expect(await within(form).findByText("Periodens slut måste komma efter dess början")).toBeInTheDocument();
    expect(to).toHaveAttribute("aria-invalid", "true");
  });
});
