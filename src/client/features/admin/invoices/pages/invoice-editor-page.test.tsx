import { act, cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent, { type UserEvent } from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { resetToasts } from "@/client/components/ui/toast";
import { invoiceFixture, rotInvoiceFixture, TEST_PERSONAL_NUMBER } from "@/client/test/invoice-fixtures";
import { adminUser, mockFetch, renderApp, type FetchHandler } from "@/client/test/test-utils";
import { todayIn } from "@/common/booking-rules";
import { rotRuleOn } from "@/common/invoicing/tax-rules";

afterEach(() => {
  cleanup();
  act(() => resetToasts());
  vi.unstubAllGlobals();
});

const main = () => within(screen.getByRole("main"));
const field = (name: string) => main().getByRole("textbox", { name }) as HTMLInputElement;
const totalsRegion = () => main().getByRole("region", { name: "Summa" });
/** The amount of a row of the totals ('Att betala' → '1 750,00 kr'). */
const total = (label: string | RegExp) => within(totalsRegion()).getByText(label).closest("div")!.querySelector("dd")!.textContent;

const lars = {
  id: 4,
  name: "Lars Andersson",
  email: "lars.andersson@exempel.se",
  phone: "070-123 45 67",
  address: "Storgatan 12",
  postalCode: "753 20",
  city: "Uppsala",
};

function sent(fetchMock: ReturnType<typeof mockFetch>, method: string, path: string) {
  return fetchMock.mock.calls.filter(([url, init]) => url === path && init?.method === method).map(([, init]) => JSON.parse(String(init?.body)));
}

async function pickLars(user: UserEvent) {
  await user.type(await main().findByRole("searchbox", { name: "Sök kund" }), "Lars");
  await user.click(await main().findByRole("button", { name: /Lars Andersson/ }));
}

async function fillLine(user: UserEvent, { description, quantity, price }: { description: string; quantity: string; price: string }) {
  await user.type(field("Beskrivning rad 1"), description);
  await user.clear(field("Antal rad 1"));
  await user.type(field("Antal rad 1"), quantity);
  await user.type(field("À-pris exkl. moms (kr) rad 1"), price);
}

describe("/admin/invoices/new", () => {
  it("computes the totals as the fields change and sends the draft in öre, with the ROT buyer's 12-digit number", async () => {
    const user = userEvent.setup();
    const created = rotInvoiceFixture({ id: 9, status: "draft", number: null, ocr: null, issueDate: null, dueDate: null });
    const fetchMock = mockFetch({
      "GET /api/admin/customers/search": { body: [lars] },
      "POST /api/admin/invoices": { status: 201, body: created },
      "GET /api/admin/invoices/9": { body: created },
    });
    const { router } = renderApp("/admin/invoices/new", { user: adminUser });
    expect(await screen.findByRole("heading", { level: 1, name: "Ny faktura" })).toBeInTheDocument();
    await pickLars(user);
    expect(main().getByText(/Fakturan ställs till: Lars Andersson/)).toBeInTheDocument();

    await fillLine(user, { description: "Service av värmepump", quantity: "2", price: "1 000" });
    expect(main().getByText("2 000,00 kr", { selector: "span" })).toBeInTheDocument();
    expect(total("Summa exkl. moms")).toBe("2 000,00 kr");
    expect(total("Moms 25 % (på 2 000,00 kr)")).toBe("500,00 kr");
    expect(total("Summa inkl. moms")).toBe("2 500,00 kr");
    expect(total("Att betala")).toBe("2 500,00 kr");

    // A VAT rate of 12 % on the line: the VAT follows at once.
    await user.selectOptions(main().getByRole("combobox", { name: "Moms rad 1" }), "12");
    expect(total("Moms 12 % (på 2 000,00 kr)")).toBe("240,00 kr");
    await user.selectOptions(main().getByRole("combobox", { name: "Moms rad 1" }), "25");

    // A discount on the line (issue 26): the line's amount and the totals are after it.
    await user.type(field("Rabatt (%) rad 1"), "10");
    expect(main().getByText("1 800,00 kr", { selector: "span" })).toBeInTheDocument();
    expect(total("Summa exkl. moms")).toBe("1 800,00 kr");
    await user.clear(field("Rabatt (%) rad 1"));
    expect(total("Summa exkl. moms")).toBe("2 000,00 kr");

    await user.click(main().getByRole("checkbox", { name: "Arbete rad 1" }));
    await user.click(main().getByRole("checkbox", { name: "Rotavdrag" }));
    const rate = rotRuleOn(todayIn(new Date())).ratePercent;
    const rotOre = Math.floor((250_000 * rate) / 100 / 100) * 100;
    expect(total("Arbetskostnad inkl. moms (underlag för rotavdrag)")).toBe("2 500,00 kr");
    expect(total(`Rotavdrag ${rate} %`)).toBe(`-${(rotOre / 100).toLocaleString("sv-SE").replace(/\s/g, " ")},00 kr`);
    expect(total("Att betala")).toBe(`${((250_000 - rotOre) / 100).toLocaleString("sv-SE").replace(/\s/g, " ")},00 kr`);

    await user.type(field("Personnummer (köpare 1)"), TEST_PERSONAL_NUMBER);
    await user.type(field("Fastighetsbeteckning"), "Uppsala Kåbo 1:23");
    await user.type(field("Antal arbetstimmar"), "4");
    await user.click(main().getByRole("button", { name: "Spara utkast" }));

    await waitFor(() => expect(router.state.location.pathname).toBe("/admin/invoices/9"));
    expect(sent(fetchMock, "POST", "/api/admin/invoices")).toEqual([
      {
        customerId: 4,
        bookingId: null,
        workDate: null,
        lines: [{ description: "Service av värmepump", quantity: 2, unit: "st", unitPriceOre: 100_000, vatRate: 25, labour: true, discountPercent: 0 }],
        rot: {
          basis: "lines",
          buyers: [{ personalNumber: "191212121212", name: null, sharePercent: 100 }],
          property: { kind: "house", designation: "Uppsala Kåbo 1:23" },
          workType: "Vvs",
          hours: 4,
        },
      },
    ]);
    expect(await screen.findByRole("heading", { level: 1, name: "Utkast #9" })).toBeInTheDocument();
  });

  it("shows the shared schema's messages inline and sends nothing while the form is incomplete", async () => {
    const user = userEvent.setup();
    const fetchMock = mockFetch({});
    renderApp("/admin/invoices/new", { user: adminUser });
    await screen.findByRole("heading", { level: 1, name: "Ny faktura" });
    await user.type(field("Antal rad 1"), "x");
    await user.type(field("À-pris exkl. moms (kr) rad 1"), "12,345");
    await user.click(main().getByRole("checkbox", { name: "Rotavdrag" }));
    await user.click(main().getByRole("button", { name: "Spara utkast" }));

    for (const message of [
      "Välj kund",
      "Skriv vad raden gäller",
      "Ange antalet som ett tal, t.ex. 1 eller 2,5",
      "Ange ett à-pris mellan 0 och 10 000 000 kr med högst två decimaler",
      "Rotavdrag räknas på arbetskostnaden – markera minst en rad som arbete",
      "Personnumret ska ha 10 eller 12 siffror",
      "Ange fastighetsbeteckningen",
      "Ange antal arbetstimmar mellan 0 och 999",
    ]) {
      expect(await main().findByText(message)).toBeInTheDocument();
    }
    expect(field("Beskrivning rad 1")).toHaveAttribute("aria-invalid", "true");
    expect(field("Beskrivning rad 1")).toHaveAttribute("aria-describedby", expect.stringContaining("error"));
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === "POST")).toEqual([]);
  });

  it("adds and removes lines and a second buyer, whose shares must add up to 100 %", async () => {
    const user = userEvent.setup();
    mockFetch({});
    renderApp("/admin/invoices/new", { user: adminUser });
    await screen.findByRole("heading", { level: 1, name: "Ny faktura" });
    expect(main().getByRole("button", { name: "Ta bort rad 1" })).toBeDisabled();
    await user.click(main().getByRole("button", { name: "Lägg till rad" }));
    expect(field("Beskrivning rad 2")).toBeInTheDocument();
    expect(main().getByRole("combobox", { name: "Moms rad 2" })).toHaveValue("25");
    await user.click(main().getByRole("button", { name: "Ta bort rad 2" }));
    expect(main().queryByRole("textbox", { name: "Beskrivning rad 2" })).not.toBeInTheDocument();

    await user.click(main().getByRole("checkbox", { name: "Rotavdrag" }));
    await user.click(main().getByRole("button", { name: "Lägg till en andra köpare" }));
    expect(field("Andel (%) (köpare 1)")).toHaveValue("50");
    expect(field("Andel (%) (köpare 2)")).toHaveValue("50");
    await user.clear(field("Andel (%) (köpare 2)"));
    await user.type(field("Andel (%) (köpare 2)"), "60");
    await user.click(main().getByRole("button", { name: "Spara utkast" }));
    expect(await main().findByText("Köparnas andelar ska vara 100 % tillsammans")).toBeInTheDocument();
    await user.click(main().getByRole("button", { name: "Ta bort köpare 2" }));
    expect(field("Andel (%) (köpare 1)")).toHaveValue("100");

    // A flat instead of a house: the association's number and the flat's.
    await user.click(main().getByRole("radio", { name: "Bostadsrätt" }));
    expect(field("Bostadsrättsföreningens organisationsnummer")).toBeInTheDocument();
    expect(field("Lägenhetsnummer")).toBeInTheDocument();
    expect(main().queryByRole("textbox", { name: "Fastighetsbeteckning" })).not.toBeInTheDocument();
  });

  it("shows the server's refusal above the buttons", async () => {
    const user = userEvent.setup();
    mockFetch({
      "GET /api/admin/customers/search": { body: [lars] },
      "POST /api/admin/invoices": { status: 400, body: { message: "Kunden finns inte (eller är raderad)" } },
    });
    renderApp("/admin/invoices/new", { user: adminUser });
    await pickLars(user);
    await fillLine(user, { description: "Felsökning", quantity: "1", price: "800" });
    await user.click(main().getByRole("button", { name: "Spara utkast" }));
    expect(await within(main().getByRole("alert")).findByText("Kunden finns inte (eller är raderad)")).toBeInTheDocument();
  });
});

describe("/admin/invoices/new?bookingId=", () => {
  const prefill = {
    customerId: 4,
    bookingId: 7,
    workDate: "2026-10-30",
    lines: [
      { description: "Installation av värmepump", quantity: 1, unit: "st", unitPriceOre: 520_000, vatRate: 25, labour: true },
      { description: "Material: rör och kopplingar", quantity: 2.5, unit: "m", unitPriceOre: 12_350, vatRate: 12, labour: false },
    ],
    rotSuggested: true,
    rotBasisSuggested: "standard-air",
  };

  it("starts from the visit's service report: customer, lines, work date, ROT preselected; the booking goes along", async () => {
    const user = userEvent.setup();
    const created = invoiceFixture({ id: 11, status: "draft", number: null });
    const fetchMock = mockFetch({
      "GET /api/admin/invoices/from-booking/7": { body: prefill },
      "GET /api/customers/4": {
        body: { customer: { ...lars, notes: null, productCount: 0, bookingCount: 1, anonymized: false, createdAt: "2026-01-01T00:00:00.000Z" } },
      },
      "POST /api/admin/invoices": { status: 201, body: created },
      "GET /api/admin/invoices/11": { body: created },
    });
    renderApp("/admin/invoices/new?bookingId=7", { user: adminUser });
    expect(await main().findByText(/Fakturan ställs till: Lars Andersson/)).toBeInTheDocument();
    expect(main().getByText("Förifylld från servicerapporten för bokning #7.")).toBeInTheDocument();
    expect(field("Beskrivning rad 1")).toHaveValue("Installation av värmepump");
    expect(field("À-pris exkl. moms (kr) rad 1")).toHaveValue("5 200,00");
    expect(field("Antal rad 2")).toHaveValue("2,5");
    expect(main().getByRole("combobox", { name: "Moms rad 2" })).toHaveValue("12");
    expect(main().getByRole("checkbox", { name: "Arbete rad 1" })).toBeChecked();
    expect(main().getByRole("checkbox", { name: "Rotavdrag" })).toBeChecked();
    expect(main().getByText(/rotavdrag är förvalt/)).toBeInTheDocument();
    expect(main().getByRole("combobox", { name: "Underlag för arbetskostnaden" })).toHaveValue("standard-air");
    expect(main().getByLabelText("Datum för arbetet (valfritt)")).toHaveValue("2026-10-30");
    // 5 200 + 2,5 × 123,50 = 5 508,75 kr net.
    expect(total("Summa exkl. moms")).toBe("5 508,75 kr");

    await user.click(main().getByRole("checkbox", { name: "Rotavdrag" }));
    await user.click(main().getByRole("button", { name: "Spara utkast" }));
    await waitFor(() => expect(sent(fetchMock, "POST", "/api/admin/invoices")).toHaveLength(1));
    expect(sent(fetchMock, "POST", "/api/admin/invoices")[0]).toMatchObject({
      customerId: 4,
      bookingId: 7,
      workDate: "2026-10-30",
      lines: [
        { description: "Installation av värmepump", quantity: 1, unitPriceOre: 520_000, labour: true },
        { description: "Material: rör och kopplingar", quantity: 2.5, unit: "m", unitPriceOre: 12_350, vatRate: 12, labour: false },
      ],
      rot: null,
    });
  });

  it("says why a visit cannot be invoiced yet, with the way back to it", async () => {
    mockFetch({
      "GET /api/admin/invoices/from-booking/7": { status: 400, body: { message: "Besöket är inte slutfört – fakturera när servicerapporten är klar" } },
    });
    renderApp("/admin/invoices/new?bookingId=7", { user: adminUser });
    const alert = await main().findByRole("alert");
    expect(alert).toHaveTextContent("Besöket är inte slutfört – fakturera när servicerapporten är klar");
    expect(within(alert).getByRole("link", { name: "Bokning #7" })).toHaveAttribute("href", "/admin/bookings/7");
    expect(within(alert).getByRole("link", { name: "Ny faktura" })).toHaveAttribute("href", "/admin/invoices/new");
  });
});

describe("/admin/invoices/:id/edit", () => {
  it("edits a draft: the saved buyer's number is masked and must be typed again; PUT sends the new content", async () => {
    const user = userEvent.setup();
    const draft = rotInvoiceFixture({ status: "draft", number: null, ocr: null, issueDate: null, dueDate: null });
    const fetchMock = mockFetch({
      "GET /api/admin/invoices/5": { body: draft },
      "PUT /api/admin/invoices/5": ((init) => ({ body: { ...draft, ...JSON.parse(String(init?.body)), rot: draft.rot } })) satisfies FetchHandler,
    });
    const { router } = renderApp("/admin/invoices/5/edit", { user: adminUser });
    expect(await screen.findByRole("heading", { level: 1, name: "Redigera utkast #5" })).toBeInTheDocument();
    expect(main().getByText(/Fakturan ställs till: Lars Andersson/)).toBeInTheDocument();
    expect(field("À-pris exkl. moms (kr) rad 1")).toHaveValue("2 000,00");
    expect(main().getByText("Sparat: 19121212-****. Skriv in hela personnumret igen för att spara utkastet.")).toBeInTheDocument();
    expect(field("Fastighetsbeteckning")).toHaveValue("Uppsala Kåbo 1:23");
    expect(field("Antal arbetstimmar")).toHaveValue("4");

    await user.click(main().getByRole("button", { name: "Spara utkast" }));
    expect(await main().findByText("Personnumret ska ha 10 eller 12 siffror")).toBeInTheDocument();
    await user.type(field("Personnummer (köpare 1)"), "191212121212");
    await user.clear(field("À-pris exkl. moms (kr) rad 1"));
    await user.type(field("À-pris exkl. moms (kr) rad 1"), "2100");
    await user.click(main().getByRole("button", { name: "Spara utkast" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/admin/invoices/5"));
    const [body] = sent(fetchMock, "PUT", "/api/admin/invoices/5");
    expect(body.lines[0].unitPriceOre).toBe(210_000);
    expect(body.rot.buyers).toEqual([{ personalNumber: "191212121212", name: null, sharePercent: 100 }]);
  });

  it("does not edit a sent invoice", async () => {
    mockFetch({ "GET /api/admin/invoices/5": { body: invoiceFixture() } });
    renderApp("/admin/invoices/5/edit", { user: adminUser });
    const alert = await main().findByRole("alert");
    expect(alert).toHaveTextContent("Fakturan är skickad och kan inte ändras");
    expect(within(alert).getByRole("link", { name: "Till fakturan" })).toHaveAttribute("href", "/admin/invoices/5");
  });
});
