import { act, cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { resetToasts } from "@/client/components/ui/toast";
import { invoiceFixture, rotInvoiceFixture } from "@/client/test/invoice-fixtures";
import { adminUser, mockFetch, renderApp } from "@/client/test/test-utils";
import { todayIn } from "@/common/booking-rules";
import type { Invoice } from "@/common/schemas/invoices";

afterEach(() => {
  cleanup();
  act(() => resetToasts());
  vi.unstubAllGlobals();
});

const main = () => within(screen.getByRole("main"));
const actions = () => within(main().getByRole("group", { name: "Åtgärder" }));
/** The actions offered, by their visible text (a link or a button each). */
const actionNames = () =>
  Array.from(main().getByRole("group", { name: "Åtgärder" }).querySelectorAll("a, button")).map((element) => element.textContent?.trim());

async function findToast(text: string) {
  return within(await screen.findByRole("region", { name: "Aviseringar (F8)" })).findByText(text);
}

function posted(fetchMock: ReturnType<typeof mockFetch>, path: string) {
  return fetchMock.mock.calls
    .filter(([url, init]) => url === path && init?.method === "POST")
    .map(([, init]) => (init?.body ? JSON.parse(String(init.body)) : null));
}

function renderInvoice(invoice: Invoice, handlers: Parameters<typeof mockFetch>[0] = {}) {
  const fetchMock = mockFetch({ [`GET /api/admin/invoices/${invoice.id}`]: { body: invoice }, ...handlers });
  const rendered = renderApp(`/admin/invoices/${invoice.id}`, { user: adminUser });
  return { fetchMock, ...rendered };
}

const draft = invoiceFixture({ status: "draft", number: null, ocr: null, issueDate: null, dueDate: null, sentAt: null });

describe("/admin/invoices/:id", () => {
  it("shows everything on a sent invoice: number, OCR, dates, customer, lines, totals, payments", async () => {
    renderInvoice(invoiceFixture({ payments: [{ id: 1, paidOn: "2026-11-10", amountOre: 100_000 }], paidOre: 100_000 }));
    expect(await screen.findByRole("heading", { level: 1, name: "Faktura 1001" })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe("Faktura 1001 | Värmepumpsservice"));
    const details = main().getByRole("region", { name: "Uppgifter" });
    for (const value of ["1001", "100133", "2 nov. 2026", "2 dec. 2026", "30 okt. 2026", "30 dagar"]) expect(details).toHaveTextContent(value);
    expect(within(details).getByRole("link", { name: "Bokning #7" })).toHaveAttribute("href", "/admin/bookings/7");
    expect(within(details).getByRole("link", { name: /Öppna kundens sida/ })).toHaveAttribute(
      "href",
      "https://boka.example.se/faktura/abcdefghijklmnopqrstuvwxyz012345",
    );
    expect(main().getByRole("region", { name: "Kund" })).toHaveTextContent("Storgatan 12, 753 20 Uppsala");

    const lines = main().getByRole("list", { name: "Fakturarader" });
    expect(lines).toHaveTextContent("Service av värmepump");
    expect(lines).toHaveTextContent("1 st × 2 000,00 kr · moms 25 % · arbete");
    const invoiceLines = main().getByRole("region", { name: "Fakturarader" });
    expect(invoiceLines).toHaveTextContent("Summa inkl. moms2 500,00 kr");
    expect(invoiceLines).toHaveTextContent("Att betala2 500,00 kr");

    const payments = main().getByRole("region", { name: "Betalningar" });
    expect(payments).toHaveTextContent("10 nov. 2026");
    expect(payments).toHaveTextContent("Betalt1 000,00 kr");
    expect(payments).toHaveTextContent("Kvar att betala1 500,00 kr");
    expect(main().getByText("Delbetald")).toBeInTheDocument();
  });

  it("offers a draft's actions: edit, send (after asking), delete; no payment, credit or PDF", async () => {
    const user = userEvent.setup();
    const sentInvoice = invoiceFixture();
    const { fetchMock } = renderInvoice(draft, { "POST /api/admin/invoices/5/send": { body: sentInvoice } });
    expect(await screen.findByRole("heading", { level: 1, name: "Utkast #5" })).toBeInTheDocument();
    expect(actionNames()).toEqual(["Redigera", "Skicka", "Ta bort"]);
    expect(actions().getByRole("link", { name: "Redigera" })).toHaveAttribute("href", "/admin/invoices/5/edit");
    expect(main().getByText(/Utkastet är inte skickat/)).toBeInTheDocument();

    await user.click(actions().getByRole("button", { name: "Skicka" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Skicka fakturan?" });
    expect(dialog).toHaveTextContent("lars.andersson@exempel.se");
    await user.click(within(dialog).getByRole("button", { name: "Skicka fakturan" }));
    await findToast("Fakturan är skickad");
    expect(posted(fetchMock, "/api/admin/invoices/5/send")).toHaveLength(1);
    expect(await screen.findByRole("heading", { level: 1, name: "Faktura 1001" })).toBeInTheDocument();
    expect(actionNames()).toEqual(["Registrera betalning", expect.stringMatching(/^PDF/), "Kreditera"]);
    expect(actions().getByRole("link", { name: "Öppna faktura 1001 som PDF (öppnas i ny flik)" })).toHaveAttribute("href", "/api/admin/invoices/5/pdf");
  });

  it("deletes a draft after asking, and goes back to the list", async () => {
    const user = userEvent.setup();
    const { fetchMock, router } = renderInvoice(draft, {
      "DELETE /api/admin/invoices/5": { body: { ok: true } },
      "GET /api/admin/invoices": { body: { invoices: [], total: 0, page: 1, pageSize: 50 } },
    });
    await screen.findByRole("heading", { level: 1, name: "Utkast #5" });
    await user.click(actions().getByRole("button", { name: "Ta bort" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Ta bort utkastet?" });
    await user.click(within(dialog).getByRole("button", { name: "Ta bort utkastet" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/admin/invoices"));
    expect(fetchMock.mock.calls.some(([url, init]) => url === "/api/admin/invoices/5" && init?.method === "DELETE")).toBe(true);
  });

  it("registers a part payment in kronor as öre, and shows the server's refusal in the dialog", async () => {
    const user = userEvent.setup();
    let refuse = true;
    const { fetchMock } = renderInvoice(invoiceFixture(), {
      "POST /api/admin/invoices/5/payments": () =>
        refuse
          ? { status: 400, body: { message: "Betalningsdatumet kan inte ligga i framtiden" } }
          : { body: invoiceFixture({ payments: [{ id: 1, paidOn: "2026-11-20", amountOre: 123_450 }], paidOre: 123_450 }) },
    });
    await screen.findByRole("heading", { level: 1, name: "Faktura 1001" });
    await user.click(actions().getByRole("button", { name: "Registrera betalning" }));
    const dialog = await screen.findByRole("dialog", { name: "Registrera betalning" });
    expect(within(dialog).getByLabelText("Betalningsdag")).toHaveValue(todayIn(new Date()));
    expect(within(dialog).getByRole("textbox", { name: /Belopp/ })).toHaveValue("2 500,00");

    await user.clear(within(dialog).getByRole("textbox", { name: /Belopp/ }));
    await user.type(within(dialog).getByRole("textbox", { name: /Belopp/ }), "0");
    await user.click(within(dialog).getByRole("button", { name: "Registrera betalningen" }));
    expect(await within(dialog).findByText("Ange ett belopp större än 0 kr med högst två decimaler")).toBeInTheDocument();

    await user.clear(within(dialog).getByRole("textbox", { name: /Belopp/ }));
    await user.type(within(dialog).getByRole("textbox", { name: /Belopp/ }), "1 234,50");
    await user.clear(within(dialog).getByLabelText("Betalningsdag"));
    await user.type(within(dialog).getByLabelText("Betalningsdag"), "2026-11-20");
    await user.click(within(dialog).getByRole("button", { name: "Registrera betalningen" }));
    expect(await within(dialog).findByText("Betalningsdatumet kan inte ligga i framtiden")).toBeInTheDocument();

    refuse = false;
    await user.click(within(dialog).getByRole("button", { name: "Registrera betalningen" }));
    await findToast("Betalningen är registrerad");
    expect(posted(fetchMock, "/api/admin/invoices/5/payments").at(-1)).toEqual({ paidOn: "2026-11-20", amountOre: 123_450 });
    await waitFor(() => expect(main().getByRole("region", { name: "Betalningar" })).toHaveTextContent("Kvar att betala1 265,50 kr"));
  });

  it("credits a sent invoice after asking; the credited invoice then links to its credit note", async () => {
    const user = userEvent.setup();
    const note = invoiceFixture({ id: 6, kind: "credit", number: 1002, creditedInvoice: { id: 5, number: 1001 } });
    let credited = false;
    const { fetchMock } = renderInvoice(invoiceFixture(), {
      "GET /api/admin/invoices/5": () => ({ body: credited ? invoiceFixture({ status: "credited", creditNote: { id: 6, number: 1002 } }) : invoiceFixture() }),
      "POST /api/admin/invoices/5/credit": () => {
        credited = true;
        return { status: 201, body: note };
      },
    });
    await screen.findByRole("heading", { level: 1, name: "Faktura 1001" });
    await user.click(actions().getByRole("button", { name: "Kreditera" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Kreditera fakturan?" });
    await user.click(within(dialog).getByRole("button", { name: "Skapa kreditfaktura" }));
    await findToast("Kreditfakturan är skapad");
    expect(posted(fetchMock, "/api/admin/invoices/5/credit")).toHaveLength(1);
    const link = await main().findByRole("link", { name: "Kreditfaktura 1002" });
    expect(link).toHaveAttribute("href", "/admin/invoices/6");
    expect(main().getByText("Krediterad")).toBeInTheDocument();
    expect(actionNames()).toEqual([expect.stringMatching(/^PDF/)]);
  });

  it("shows a credit note with the invoice it credits, and only its PDF", async () => {
    renderInvoice(invoiceFixture({ id: 6, kind: "credit", number: 1002, creditedInvoice: { id: 5, number: 1001 } }));
    expect(await screen.findByRole("heading", { level: 1, name: "Kreditfaktura 1002" })).toBeInTheDocument();
    expect(main().getByRole("link", { name: "Faktura 1001" })).toHaveAttribute("href", "/admin/invoices/5");
    expect(actions().getByRole("link", { name: /Öppna kreditfaktura 1002 som PDF/ })).toHaveAttribute("href", "/api/admin/invoices/6/pdf");
    expect(actionNames()).toHaveLength(1);
  });

  it("shows the ROT deduction with masked personal numbers; a paid invoice is marked claimed, then the decision registered", async () => {
    const user = userEvent.setup();
    let state: "paid" | "claimed" | "decided" = "paid";
    const claimedAt = "2026-11-21T10:00:00.000Z";
    const current = () =>
      rotInvoiceFixture(
        { status: "paid", paidOre: 175_000, paidOn: "2026-11-15" },
        state === "paid" ? {} : state === "claimed" ? { claimedAt } : { claimedAt, decidedOn: "2026-11-25", approvedOre: 50_000, followUpInvoiceId: 12 },
      );
    const { fetchMock } = renderInvoice(current(), {
      "GET /api/admin/invoices/5": () => ({ body: current() }),
      "POST /api/admin/rot/claims": () => {
        state = "claimed";
        return { body: { marked: 1 } };
      },
      "POST /api/admin/invoices/5/rot-decision": () => {
        state = "decided";
        return { body: current() };
      },
    });
    const rot = await main().findByRole("region", { name: "Rotavdrag" });
    expect(rot).toHaveTextContent("19121212-****");
    expect(rot).not.toHaveTextContent("19121212-1212");
    expect(rot).toHaveTextContent("30 % av arbetskostnaden · 750,00 kr");
    expect(rot).toHaveTextContent("Fastighet Uppsala Kåbo 1:23");
    expect(rot).toHaveTextContent("Inte begärd ännu");
    expect(within(rot).queryByRole("button", { name: "Registrera Skatteverkets beslut" })).not.toBeInTheDocument();

    await user.click(within(rot).getByRole("button", { name: "Markera som begärd" }));
    await findToast("Rotavdraget är markerat som begärt");
    expect(posted(fetchMock, "/api/admin/rot/claims")).toEqual([{ invoiceIds: [5] }]);
    expect(await within(rot).findByText("Begärd 21 nov. 2026")).toBeInTheDocument();

    await user.click(within(rot).getByRole("button", { name: "Registrera Skatteverkets beslut" }));
    const dialog = await screen.findByRole("dialog", { name: "Registrera Skatteverkets beslut" });
    const approved = within(dialog).getByRole("textbox", { name: "Beviljat belopp (hela kronor)" });
    expect(approved).toHaveValue("750");
    await user.clear(approved);
    await user.type(approved, "500,50");
    await user.click(within(dialog).getByRole("button", { name: "Registrera beslutet" }));
    expect(await within(dialog).findByText("Ange beviljat belopp i hela kronor (0 eller mer)")).toBeInTheDocument();
    await user.clear(approved);
    await user.type(approved, "500");
    await user.clear(within(dialog).getByLabelText("Beslutsdatum"));
    await user.type(within(dialog).getByLabelText("Beslutsdatum"), "2026-11-25");
    await user.click(within(dialog).getByRole("button", { name: "Registrera beslutet" }));
    await findToast("Beslutet är registrerat");
    expect(posted(fetchMock, "/api/admin/invoices/5/rot-decision")).toEqual([{ decidedOn: "2026-11-25", approvedOre: 50_000 }]);
    expect(await within(rot).findByText("Beslut 25 nov. 2026: 500,00 kr beviljat")).toBeInTheDocument();
    expect(within(rot).getByRole("link", { name: "Faktura för ej beviljat rotavdrag" })).toHaveAttribute("href", "/admin/invoices/12");
  });

  it("answers an unknown invoice with 'Fakturan finns inte'", async () => {
    mockFetch({ "GET /api/admin/invoices/99": { status: 404, body: { message: "Fakturan finns inte" } } });
    renderApp("/admin/invoices/99", { user: adminUser });
    expect(await screen.findByRole("heading", { level: 1, name: "Fakturan finns inte" })).toBeInTheDocument();
  });
});
