import { act, cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { resetToasts } from "@/client/components/ui/toast";
import { customerInvoiceFixture } from "@/client/test/invoice-fixtures";
import { mockFetch, renderApp } from "@/client/test/test-utils";

afterEach(() => {
  cleanup();
  act(() => resetToasts());
  vi.unstubAllGlobals();
});

const TOKEN = "abcdefghijklmnopqrstuvwxyz012345";
const PATH = `/faktura/${TOKEN}`;
const API = `GET /api/invoices/${TOKEN}`;

describe("the customer's invoice page /faktura/:token", () => {
  it("shows the invoice, the PDF, and how to pay what is left", async () => {
    mockFetch({ [API]: { body: customerInvoiceFixture({ paidOre: 50_000 }) } });
    renderApp(PATH, { user: null });
    expect(await screen.findByRole("heading", { level: 1, name: "Faktura 1001" })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe("Faktura | Värmepumpsservice"));
    expect(screen.getByText("Från Värmepumpsservice i Sverige AB")).toBeInTheDocument();
    expect(screen.getByText("Delbetald")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Ladda ner PDF" })).toHaveAttribute("href", `/api/invoices/${TOKEN}/pdf`);

    const payment = screen.getByRole("region", { name: "Betalning" });
    expect(payment).toHaveTextContent("Bankgiro123-4567");
    expect(payment).toHaveTextContent("OCR-nummer100133");
    expect(payment).toHaveTextContent("Belopp att betala2 000,00 kr");
    expect(payment).toHaveTextContent("Betala senast2 dec. 2026");

    expect(screen.getByRole("list", { name: "Fakturarader" })).toHaveTextContent("Service av värmepump");
    expect(screen.getByRole("region", { name: "Specifikation" })).toHaveTextContent("Att betala2 500,00 kr");
    const seller = screen.getByRole("region", { name: "Säljare" });
    expect(seller).toHaveTextContent("SE556123456701");
    expect(seller).toHaveTextContent("Godkänd för F-skatt");
  });

  it("says 'Förfallen' and asks for payment when the due date has passed", async () => {
    mockFetch({ [API]: { body: customerInvoiceFixture({ overdue: true }) } });
    renderApp(PATH, { user: null });
    expect(await screen.findByText("Förfallen")).toBeInTheDocument();
    expect(within(screen.getByRole("region", { name: "Betalning" })).getByText(/Förfallodagen har passerat/)).toBeInTheDocument();
  });

  it("says 'Betald' with the day, and asks for nothing more", async () => {
    mockFetch({ [API]: { body: customerInvoiceFixture({ status: "paid", paidOre: 250_000, paidOn: "2026-11-20" }) } });
    renderApp(PATH, { user: null });
    expect(await screen.findByText("Betald")).toBeInTheDocument();
    expect(screen.getByText("Betald 20 nov. 2026.")).toBeInTheDocument();
    expect(screen.queryByRole("region", { name: "Betalning" })).not.toBeInTheDocument();
  });

  it("shows a credit note with the invoice it credits, and the ROT deduction where there is one", async () => {
    mockFetch({
      [API]: {
        body: customerInvoiceFixture({
          kind: "credit",
          number: 1002,
          creditedInvoice: { id: 5, number: 1001 },
          rot: { ratePercent: 30, rotOre: -75_000, property: "Fastighet Uppsala Kåbo 1:23" },
        }),
      },
    });
    renderApp(PATH, { user: null });
    expect(await screen.findByRole("heading", { level: 1, name: "Kreditfaktura 1002" })).toBeInTheDocument();
    expect(screen.getByText(/Krediterar faktura 1001\./)).toBeInTheDocument();
    expect(screen.queryByRole("region", { name: "Betalning" })).not.toBeInTheDocument();
    expect(screen.getByRole("region", { name: "Rotavdrag" })).toHaveTextContent("Fastighet Uppsala Kåbo 1:23");
  });

  it("answers an unknown link with 'Fakturan hittades inte', and any other failure with a retry", async () => {
    mockFetch({ [API]: { status: 404, body: { message: "Fakturan finns inte" } } });
    renderApp(PATH, { user: null });
    expect(await screen.findByRole("heading", { level: 1, name: "Fakturan hittades inte" })).toBeInTheDocument();
    cleanup();

    const user = userEvent.setup();
    let failing = true;
    mockFetch({ [API]: () => (failing ? { status: 500, body: "" } : { body: customerInvoiceFixture() }) });
    renderApp(PATH, { user: null });
    expect(await screen.findByText("Kunde inte hämta fakturan. Försök igen om en stund.")).toBeInTheDocument();
    failing = false;
    await user.click(screen.getByRole("button", { name: "Försök igen" }));
    expect(await screen.findByRole("heading", { level: 1, name: "Faktura 1001" })).toBeInTheDocument();
  });
});
