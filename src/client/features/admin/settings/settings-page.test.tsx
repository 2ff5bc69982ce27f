import { act, cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { resetToasts } from "@/client/components/ui/toast";
import { adminUser, mockFetch, renderApp } from "@/client/test/test-utils";
import { DEFAULT_SYSTEM_SETTINGS, SIE_ACCOUNT_KEYS, type SystemSettings } from "@/common/schemas/settings";

afterEach(() => {
  cleanup();
  act(() => resetToasts());
  vi.unstubAllGlobals();
});

const main = () => within(screen.getByRole("main"));

function saved(fetchMock: ReturnType<typeof mockFetch>): SystemSettings[] {
  return fetchMock.mock.calls
    .filter(([url, init]) => url === "/api/admin/settings" && init?.method === "PUT")
    .map(([, init]) => JSON.parse(String(init?.body)));
}

describe("/admin/settings: invoicing (issue 25)", () => {
  it("shows the invoicing settings and the eleven bookkeeping accounts, each labelled", async () => {
    mockFetch({ "GET /api/admin/settings": { body: DEFAULT_SYSTEM_SETTINGS } });
    renderApp("/admin/settings", { user: adminUser });
    expect(await main().findByRole("heading", { level: 2, name: "Fakturering" })).toBeInTheDocument();
    expect(main().getByLabelText("Momsregistreringsnummer")).toHaveValue(DEFAULT_SYSTEM_SETTINGS.vatNumber);
    expect(main().getByLabelText("Bankgiro")).toHaveValue("123-4567");
    expect(main().getByLabelText("Betalningsvillkor (dagar)")).toHaveValue(30);
    expect(main().getByLabelText("Första fakturanummer")).toHaveValue(1001);
    expect(main().getByLabelText("Betalningspåminnelse (dagar efter förfallodagen)")).toHaveValue(7);
    expect(main().getByRole("switch", { name: "Godkänd för F-skatt" })).toHaveAttribute("aria-checked", "true");

    expect(main().getByRole("heading", { level: 2, name: "Bokföringskonton (SIE)" })).toBeInTheDocument();
    const accounts: Record<string, string> = {
      Kundfordringar: "1510",
      "Kundfordringar rot (Skatteverket)": "1513",
      Bank: "1930",
      Öresavrundning: "3740",
      "Försäljning 25 %": "3001",
      "Försäljning 12 %": "3002",
      "Försäljning 6 %": "3003",
      "Försäljning momsfri": "3004",
      "Utgående moms 25 %": "2611",
      "Utgående moms 12 %": "2621",
      "Utgående moms 6 %": "2631",
    };
    expect(Object.keys(accounts)).toHaveLength(SIE_ACCOUNT_KEYS.length);
    for (const [label, account] of Object.entries(accounts)) expect(main().getByRole("textbox", { name: label })).toHaveValue(account);
  });

  it("checks the new fields with the shared schema and saves them with the rest", async () => {
    const user = userEvent.setup();
    const fetchMock = mockFetch({
      "GET /api/admin/settings": { body: DEFAULT_SYSTEM_SETTINGS },
      "PUT /api/admin/settings": (init) => ({ body: JSON.parse(String(init?.body)) }),
    });
    renderApp("/admin/settings", { user: adminUser });
    const bankgiro = await main().findByLabelText("Bankgiro");
    await user.clear(bankgiro);
    await user.type(bankgiro, "12-34");
    const bank = main().getByRole("textbox", { name: "Bank" });
    await user.clear(bank);
    await user.type(bank, "19x0");
    await user.click(main().getByRole("button", { name: "Spara inställningar" }));
    expect(await main().findByText("Bankgironumret ska skrivas som 123-4567 eller 1234-5678")).toBeInTheDocument();
    expect(main().getByText("Kontot ska vara fyra siffror (BAS)")).toBeInTheDocument();
    expect(saved(fetchMock)).toEqual([]);

    await user.clear(bankgiro);
    await user.type(bankgiro, "5050-1055");
    await user.clear(bank);
    await user.type(bank, "1940");
    const terms = main().getByLabelText("Betalningsvillkor (dagar)");
    await user.clear(terms);
    await user.type(terms, "20");
    await user.click(main().getByRole("switch", { name: "Godkänd för F-skatt" }));
    await user.click(main().getByRole("button", { name: "Spara inställningar" }));
    await waitFor(() => expect(saved(fetchMock)).toHaveLength(1));
    expect(saved(fetchMock)[0]).toEqual({
      ...DEFAULT_SYSTEM_SETTINGS,
      bankgiro: "5050-1055",
      paymentTermsDays: 20,
      fSkatt: false,
      sieAccounts: { ...DEFAULT_SYSTEM_SETTINGS.sieAccounts, bank: "1940" },
    });
  });
});
