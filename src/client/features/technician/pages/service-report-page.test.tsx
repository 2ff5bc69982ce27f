import { act, cleanup, fireEvent, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { resetToasts } from "@/client/components/ui/toast";
import { mockFetch, renderApp, technicianUser } from "@/client/test/test-utils";
import type { RegisterEntry } from "@/common/schemas/refrigerant";
import type { CustomerProduct, ServiceReportResult, TechnicianBooking } from "@/common/schemas/technician";

// The service report's leak check (issue 26): 'Läckagekontroll utförd' opens the F-gas fields, the
// amounts are typed the Swedish way, an incomplete check is caught before anything is sent, and the
// page says when the unit's next check (or the follow-up of a repaired leak) is due. A visit without
// a product (an online booking), or of a customer with several, asks which heat pump the report is about.

afterEach(() => {
  cleanup();
  act(() => resetToasts());
  vi.unstubAllGlobals();
});

const visit = (
  product: TechnicianBooking["product"],
  customerProducts: CustomerProduct[] = product ? [{ ...product, checkIntervalMonths: 12 }] : [],
): TechnicianBooking => ({
  booking: {
    id: 7,
    serviceType: "service",
    status: "in_progress",
    date: "2026-11-22",
    timeSlot: "08:00-10:00",
    endTime: "10:00",
    description: "Årlig service",
    heatpumpModel: null,
    notes: null,
    createdAt: "2026-11-01T10:00:00.000Z",
    technician: { id: 2, name: "Erik Johansson", phone: null },
  },
  contact: { name: "Greta Kund", email: "greta@exempel.se", phone: "070-222 33 44", address: "Kundvägen 3", postalCode: "733 30", city: "Sala" },
  customer: { id: 3, notes: null },
  product,
  customerProducts,
  images: [],
});
const PRODUCT = { id: 11, brand: "Nibe", model: "F2120", type: "luftvärmepump", serialNumber: "SN-1", installDate: "2024-05-02" };
/** The customer's two heat pumps: the Nibe with a check duty (12 months), a Thermia without. */
const NIBE: CustomerProduct = { ...PRODUCT, checkIntervalMonths: 12 };
const THERMIA: CustomerProduct = {
  id: 12,
  brand: "Thermia",
  model: "Atlas",
  type: "bergvärmepump",
  serialNumber: null,
  installDate: null,
  checkIntervalMonths: null,
};
const PRODUCT_QUESTION = "Vilken värmepump gäller rapporten?";

const entry = (fields: Partial<RegisterEntry>): RegisterEntry => ({
  productId: 11,
  customerId: 3,
  customerName: "Greta Kund",
  customerCity: "Sala",
  product: "Nibe F2120",
  type: "luftvärmepump",
  serialNumber: "SN-1",
  installedOn: "2024-05-02",
  refrigerant: "R410A",
  chargeKg: 3.2,
  leakDetection: false,
  hermeticallySealed: false,
  source: "product",
  co2eTonnes: 6.68,
  intervalMonths: 12,
  lastCheck: { date: "2026-11-22", result: "repaired", method: "detector" },
  nextDue: "2026-12-22",
  status: "due-soon",
  followUp: null,
  ...fields,
});

function answer(leakCheck: ServiceReportResult["leakCheck"], booking: TechnicianBooking = visit(PRODUCT)) {
  const sent: unknown[] = [];
  const fetchMock = mockFetch({
    "GET /api/technician/booking/7": { body: booking },
    "POST /api/technician/service-history": (init) => {
      sent.push(JSON.parse(String(init?.body)));
      return { status: 201, body: { id: 99, bookingId: 7, status: "completed", leakCheck } satisfies ServiceReportResult };
    },
  });
  return { sent, fetchMock };
}

const fill = (label: string | RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe("the leak check of the service report", () => {
  it("sends the check with the report, amounts in kg from Swedish decimals, and says when the follow-up is due", async () => {
    const followUp = { repairedOn: "2026-11-22", earliest: "2026-11-23", latest: "2026-12-22" };
    const { sent } = answer({
      check: {
        id: 5,
        checkedOn: "2026-11-22",
        method: "detector",
        result: "repaired",
        addedKg: 0.4,
        recoveredKg: 0,
        technicianName: "Erik Johansson",
        certificate: "INCERT-4711",
        followUp: false,
        bookingId: 7,
      },
      entry: entry({ followUp }),
    });
    renderApp("/technician/service/7", { user: technicianUser });
    const group = await screen.findByRole("group", { name: "Läckagekontroll (F-gas)" });
    expect(group).toHaveTextContent("Gäller Nibe F2120. Läckagekontroll krävs minst var 12:e månad.");
    // The booking's own pump is the customer's only one: nothing to choose.
    expect(screen.queryByRole("combobox", { name: PRODUCT_QUESTION })).toBeNull();
    // Closed until the technician says a check was made.
    expect(screen.queryByLabelText("Metod *")).toBeNull();
    fireEvent.click(screen.getByLabelText("Läckagekontroll utförd"));
    fill("Metod *", "detector");
    fill("Resultat *", "repaired");
    fill("Påfyllt köldmedium (kg)", "0,4");
    fill("Ditt certifikatnummer *", " INCERT-4711 ");
    fill("Utförda åtgärder *", "Tätat flänsförband, läcksökt");
    fireEvent.click(screen.getByRole("button", { name: "Registrera service" }));

    expect(await screen.findByRole("status")).toHaveTextContent(
      "Läckagekontrollen är registrerad. Uppföljande kontroll efter den åtgärdade läckan: tidigast måndag 23 november 2026, senast tisdag 22 december 2026.",
    );
    expect(sent).toEqual([
      {
        serviceType: "maintenance",
        issues: "",
        actions: "Tätat flänsförband, läcksökt",
        parts: "",
        followUpNeeded: false,
        bookingId: 7,
        productId: 11,
        leakCheck: { checked: true, method: "detector", result: "repaired", addedKg: 0.4, recoveredKg: 0, certificate: "INCERT-4711" },
      },
    ]);
  });

  it("says when the next check is due after a tight unit", async () => {
    answer({
      check: {
        id: 6,
        checkedOn: "2026-11-22",
        method: "direct",
        result: "tight",
        addedKg: 0,
        recoveredKg: 0,
        technicianName: "Erik Johansson",
        certificate: "INCERT-4711",
        followUp: false,
        bookingId: 7,
      },
      entry: entry({ lastCheck: { date: "2026-11-22", result: "tight", method: "direct" }, nextDue: "2027-11-22", status: "ok" }),
    });
    renderApp("/technician/service/7", { user: technicianUser });
    fireEvent.click(await screen.findByLabelText("Läckagekontroll utförd"));
    fill("Metod *", "direct");
    fill("Resultat *", "tight");
    fill("Ditt certifikatnummer *", "INCERT-4711");
    fill("Utförda åtgärder *", "Läcksökt");
    fireEvent.click(screen.getByRole("button", { name: "Registrera service" }));
    expect(await screen.findByRole("status")).toHaveTextContent("Läckagekontrollen är registrerad. Nästa läckagekontroll senast måndag 22 november 2027.");
  });

  it("catches an incomplete check before sending anything", async () => {
    const { sent } = answer(null);
    renderApp("/technician/service/7", { user: technicianUser });
    fireEvent.click(await screen.findByLabelText("Läckagekontroll utförd"));
    fill("Påfyllt köldmedium (kg)", "0,4567");
    fill("Utförda åtgärder *", "Läcksökt");
    fireEvent.click(screen.getByRole("button", { name: "Registrera service" }));
    expect(await screen.findByText("Välj hur läckagekontrollen gjordes")).toBeInTheDocument();
    expect(screen.getByText("Välj resultatet av läckagekontrollen")).toBeInTheDocument();
    expect(screen.getByText("Ange mängden i kg, till exempel 0,5 (högst tre decimaler, högst 9 999,999)")).toBeInTheDocument();
    expect(screen.getByText("Ange ditt certifikatnummer")).toBeInTheDocument();
    expect(screen.getByLabelText("Metod *")).toHaveAttribute("aria-invalid", "true");
    expect(sent).toEqual([]);
  });

  it("sends no check when none was made, and offers none for a visit without a product", async () => {
    const { sent } = answer(null);
    renderApp("/technician/service/7", { user: technicianUser });
    await screen.findByLabelText("Utförda åtgärder *");
    fill("Utförda åtgärder *", "Rengjort filter");
    fireEvent.click(screen.getByRole("button", { name: "Registrera service" }));
    expect(await screen.findByRole("status")).toHaveTextContent("Service registrerad");
    expect(screen.getByRole("status")).not.toHaveTextContent("Läckagekontrollen");
    expect(sent).toHaveLength(1);
    expect(sent[0]).not.toHaveProperty("leakCheck");
    cleanup();

    mockFetch({ "GET /api/technician/booking/7": { body: visit(null) } });
    renderApp("/technician/service/7", { user: technicianUser });
    const group = await screen.findByRole("group", { name: "Läckagekontroll (F-gas)" });
    expect(group).toHaveTextContent("Besöket har ingen registrerad värmepump.");
    expect(screen.queryByLabelText("Läckagekontroll utförd")).toBeNull();
  });
});

const TIGHT: ServiceReportResult["leakCheck"] = {
  check: {
    id: 8,
    checkedOn: "2026-11-22",
    method: "direct",
    result: "tight",
    addedKg: 0,
    recoveredKg: 0,
    technicianName: "Erik Johansson",
    certificate: "INCERT-4711",
    followUp: false,
    bookingId: 7,
  },
  entry: entry({ lastCheck: { date: "2026-11-22", result: "tight", method: "direct" }, nextDue: "2027-11-22", status: "ok" }),
};

describe("which heat pump the report is about", () => {
  it("asks for it when the booking has none, and records the leak check on the one chosen", async () => {
    const user = userEvent.setup();
    const { sent } = answer(TIGHT, visit(null, [NIBE, THERMIA]));
    renderApp("/technician/service/7", { user: technicianUser });
    const select = await screen.findByRole("combobox", { name: PRODUCT_QUESTION });
    // Nothing chosen for the technician: the booking names no pump.
    expect(select).toHaveValue("");
    expect(select).toHaveAccessibleDescription(
      "Bokningen har ingen värmepump kopplad. Välj den du har servat, så hamnar rapporten och läckagekontrollen på rätt aggregat.",
    );
    expect(
      within(select)
        .getAllByRole("option")
        .map((o) => o.textContent),
    ).toEqual(["Nibe F2120 · SN SN-1 · installerad 2 maj 2024", "Thermia Atlas", "Ingen av dem / okänd"]);
    const group = screen.getByRole("group", { name: "Läckagekontroll (F-gas)" });
    expect(group).toHaveTextContent("Välj värmepumpen ovan för att registrera en läckagekontroll.");
    expect(screen.queryByLabelText("Läckagekontroll utförd")).toBeNull();

    await user.selectOptions(select, "Nibe F2120 · SN SN-1 · installerad 2 maj 2024");
    expect(group).toHaveTextContent("Gäller Nibe F2120. Läckagekontroll krävs minst var 12:e månad.");
    await user.click(screen.getByLabelText("Läckagekontroll utförd"));
    await user.selectOptions(screen.getByLabelText("Metod *"), "Direkt metod");
    await user.selectOptions(screen.getByLabelText("Resultat *"), "Tät");
    await user.type(screen.getByLabelText("Ditt certifikatnummer *"), "INCERT-4711");
    await user.type(screen.getByLabelText("Utförda åtgärder *"), "Läcksökt och rengjort");
    await user.click(screen.getByRole("button", { name: "Registrera service" }));

    expect(await screen.findByRole("status")).toHaveTextContent("Nästa läckagekontroll senast måndag 22 november 2027.");
    expect(sent).toEqual([
      {
        serviceType: "maintenance",
        issues: "",
        actions: "Läcksökt och rengjort",
        parts: "",
        followUpNeeded: false,
        bookingId: 7,
        productId: 11,
        leakCheck: { checked: true, method: "direct", result: "tight", addedKg: 0, recoveredKg: 0, certificate: "INCERT-4711" },
      },
    ]);
  });

  it("starts from the booking's pump among several; another shows its own duty, and 'Ingen av dem / okänd' sends no product and no check", async () => {
    const user = userEvent.setup();
    const { sent } = answer(null, visit(PRODUCT, [THERMIA, NIBE]));
    renderApp("/technician/service/7", { user: technicianUser });
    const select = await screen.findByRole("combobox", { name: PRODUCT_QUESTION });
    expect(select).toHaveValue("11");
    expect(select).toHaveAccessibleDescription("Kunden har flera värmepumpar. Bokningens är förvald.");
    const group = screen.getByRole("group", { name: "Läckagekontroll (F-gas)" });
    expect(group).toHaveTextContent("Gäller Nibe F2120. Läckagekontroll krävs minst var 12:e månad.");

    // The Thermia has no check duty on record: its name, no interval.
    await user.selectOptions(select, "Thermia Atlas");
    expect(group).toHaveTextContent("Gäller Thermia Atlas.");
    expect(group).not.toHaveTextContent("Läckagekontroll krävs");

    // A check begun, then none of the pumps: the check goes with it, nothing half-filled blocks the report.
    await user.click(screen.getByLabelText("Läckagekontroll utförd"));
    await user.selectOptions(screen.getByLabelText("Metod *"), "Läcksökare");
    await user.selectOptions(select, "Ingen av dem / okänd");
    expect(screen.queryByLabelText("Läckagekontroll utförd")).toBeNull();
    expect(screen.queryByLabelText("Metod *")).toBeNull();
    await user.type(screen.getByLabelText("Utförda åtgärder *"), "Rengjort filter");
    await user.click(screen.getByRole("button", { name: "Registrera service" }));

    expect(await screen.findByRole("status")).toHaveTextContent("Service registrerad");
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ bookingId: 7, productId: null, actions: "Rengjort filter" });
    expect(sent[0]).not.toHaveProperty("leakCheck");
  });

  it("says the server's refusal of a pump that is not the customer's", async () => {
    const user = userEvent.setup();
    mockFetch({
      "GET /api/technician/booking/7": { body: visit(null, [NIBE, THERMIA]) },
      "POST /api/technician/service-history": { status: 422, body: { message: "Produkten hör inte till bokningens kund." } },
    });
    renderApp("/technician/service/7", { user: technicianUser });
    await user.selectOptions(await screen.findByRole("combobox", { name: PRODUCT_QUESTION }), "Thermia Atlas");
    await user.type(screen.getByLabelText("Utförda åtgärder *"), "Rengjort filter");
    await user.click(screen.getByRole("button", { name: "Registrera service" }));
    expect(await screen.findByText("Kunde inte registrera service: Produkten hör inte till bokningens kund.")).toBeInTheDocument();
    // The report stays, as typed, for another try.
    expect(screen.getByLabelText("Utförda åtgärder *")).toHaveValue("Rengjort filter");
    expect(screen.queryByText("Service registrerad")).toBeNull();
  });
});
