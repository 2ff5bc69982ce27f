import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { resetToasts } from "@/client/components/ui/toast";
import { adminUser, mockFetch, renderApp } from "@/client/test/test-utils";
import { addDays, todayIn } from "@/common/booking-rules";

afterEach(() => {
  cleanup();
  act(() => resetToasts());
  vi.unstubAllGlobals();
});

const main = () => within(screen.getByRole("main"));
const submit = () => fireEvent.click(main().getByRole("button", { name: "Skapa bokning" }));
const field = (label: string) => main().getByLabelText(label) as HTMLInputElement;
const tomorrow = () => addDays(todayIn(new Date()), 1);

async function findToast(text: string) {
  return within(await screen.findByRole("region", { name: "Aviseringar (F8)" })).findByText(text);
}

function fillCustomer() {
  fireEvent.change(field("Namn"), { target: { value: "Greta Telefon" } });
  fireEvent.change(field("E-post"), { target: { value: "greta@exempel.se" } });
  fireEvent.change(field("Telefon"), { target: { value: "070-111 22 33" } });
  fireEvent.change(field("Adress"), { target: { value: "Ringvägen 1" } });
  fireEvent.change(field("Postnummer"), { target: { value: "111 22" } });
  fireEvent.change(field("Ort"), { target: { value: "Stockholm" } });
}

async function fillBooking(date = tomorrow()) {
  fireEvent.change(field("Typ av tjänst"), { target: { value: "service" } });
  fireEvent.change(field("Datum"), { target: { value: date } });
  fireEvent.click(await main().findByRole("radio", { name: "10:00–12:00" }));
}

function posted(fetchMock: ReturnType<typeof mockFetch>) {
  return fetchMock.mock.calls.filter(([url, init]) => url === "/api/admin/bookings" && init?.method === "POST").map(([, init]) => JSON.parse(String(init?.body)));
}

describe("/admin/bookings/new", () => {
  it("shows every §5 message inline and sends nothing when the form is empty", async () => {
    const fetchMock = mockFetch({});
    renderApp("/admin/bookings/new", { user: adminUser });
    await screen.findByRole("heading", { level: 1, name: "Ny bokning" });
    submit();
    for (const message of [
      "Kundens namn måste vara minst 2 tecken",
      "Ogiltig e-postadress",
      "Telefonnummer måste vara minst 6 tecken",
      "Adressen måste vara minst 2 tecken",
      "Orten måste vara minst 2 tecken",
      "Postnumret måste vara minst 5 tecken",
      "Välj ett datum för bokningen",
      "Välj en tid för bokningen",
    ]) {
      expect(await main().findByText(message)).toBeTruthy();
    }
    // The service select's own message (its first option says the same, hence two).
    expect(main().getAllByText("Välj en tjänst").length).toBe(2);
    expect(field("Namn").getAttribute("aria-invalid")).toBe("true");
    expect(field("Namn").getAttribute("aria-describedby")).toContain("error");
    expect(posted(fetchMock)).toEqual([]);
  });

  it("checks the minimum lengths of §5, not only presence", async () => {
    mockFetch({});
    renderApp("/admin/bookings/new", { user: adminUser });
    await screen.findByRole("heading", { level: 1, name: "Ny bokning" });
    fireEvent.change(field("Namn"), { target: { value: "G" } });
    fireEvent.change(field("E-post"), { target: { value: "greta@" } });
    fireEvent.change(field("Telefon"), { target: { value: "070" } });
    fireEvent.change(field("Postnummer"), { target: { value: "111" } });
    submit();
    expect(await main().findByText("Kundens namn måste vara minst 2 tecken")).toBeTruthy();
    expect(main().getByText("Ogiltig e-postadress")).toBeTruthy();
    expect(main().getByText("Telefonnummer måste vara minst 6 tecken")).toBeTruthy();
    expect(main().getByText("Postnumret måste vara minst 5 tecken")).toBeTruthy();
    // Fixing a field removes its message as soon as it is valid.
    fireEvent.change(field("Namn"), { target: { value: "Greta" } });
    await waitFor(() => expect(main().queryByText("Kundens namn måste vara minst 2 tecken")).toBeNull());
  });

  it("refuses a date before today", async () => {
    const fetchMock = mockFetch({});
    renderApp("/admin/bookings/new", { user: adminUser });
    await screen.findByRole("heading", { level: 1, name: "Ny bokning" });
    fillCustomer();
    fireEvent.change(field("Typ av tjänst"), { target: { value: "service" } });
    fireEvent.change(field("Datum"), { target: { value: addDays(todayIn(new Date()), -1) } });
    expect(field("Datum").getAttribute("min")).toBe(todayIn(new Date()));
    submit();
    expect(await main().findByText("Det går inte att boka ett datum som redan har passerat.")).toBeTruthy();
    expect(posted(fetchMock)).toEqual([]);
  });

  it("offers the admin slots of the service, and no heat pump model for a home visit", async () => {
    mockFetch({});
    renderApp("/admin/bookings/new", { user: adminUser });
    await screen.findByRole("heading", { level: 1, name: "Ny bokning" });
    expect(main().getByText("Välj först tjänst och datum")).toBeTruthy();
    fireEvent.change(field("Datum"), { target: { value: tomorrow() } });
    fireEvent.change(field("Typ av tjänst"), { target: { value: "installation" } });
    const times = await main().findAllByRole("radio");
    expect(times.map((radio) => (radio as HTMLInputElement).value)).toEqual(["08:00-10:00", "09:00-11:00", "10:00-12:00"]);
    expect(main().getByLabelText("Värmepumpsmodell (valfritt)")).toBeTruthy();
    fireEvent.change(field("Typ av tjänst"), { target: { value: "hembesok" } });
    await waitFor(() => expect(main().queryByLabelText("Värmepumpsmodell (valfritt)")).toBeNull());
    expect(main().getByRole("radio", { name: "10:00–10:30" })).toBeTruthy();
  });

  it("shows the server's Swedish message inline and in a 'Fel' toast when the time is taken (409)", async () => {
    const message = "Den valda tiden är inte längre tillgänglig. Välj en annan tid.";
    const fetchMock = mockFetch({ "POST /api/admin/bookings": { status: 409, body: { message } } });
    const { router } = renderApp("/admin/bookings/new", { user: adminUser });
    await screen.findByRole("heading", { level: 1, name: "Ny bokning" });
    fillCustomer();
    await fillBooking();
    submit();
    expect(await findToast("Fel")).toBeTruthy();
    expect((await main().findByRole("alert")).textContent).toContain(message);
    expect(posted(fetchMock)).toHaveLength(1);
    expect(router.state.location.pathname).toBe("/admin/bookings/new");
  });

  it("creates a booking for a new customer: 'Bokning skapad', then the list", async () => {
    const fetchMock = mockFetch({
      "POST /api/admin/bookings": { status: 201, body: { id: 99 } },
      "GET /api/admin/bookings": { body: { items: [], total: 0, page: 1, pageSize: 25 } },
    });
    const { router } = renderApp("/admin/bookings/new", { user: adminUser });
    await screen.findByRole("heading", { level: 1, name: "Ny bokning" });
    fillCustomer();
    await fillBooking();
    fireEvent.change(field("Beskrivning (valfritt)"), { target: { value: "Kunden ringde om service." } });
    submit();
    expect(await findToast("Bokning skapad")).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe("/admin/bookings"));
    expect(posted(fetchMock)).toEqual([
      {
        customerInfo: { name: "Greta Telefon", email: "greta@exempel.se", phone: "070-111 22 33", address: "Ringvägen 1", postalCode: "111 22", city: "Stockholm" },
        serviceType: "service",
        date: tomorrow(),
        timeSlot: "10:00-12:00",
        description: "Kunden ringde om service.",
        status: "planned",
      },
    ]);
  });

  it("fills in a customer picked by search and sends its id; 'Ny kund i stället' empties the fields again", async () => {
    const lars = { id: 4, name: "Lars Andersson", email: "lars.andersson@exempel.se", phone: "070-123 45 67", address: "Storgatan 12", postalCode: "753 20", city: "Uppsala" };
    const fetchMock = mockFetch({
      "GET /api/admin/customers/search": (_init, url) => ({ body: new URL(url, "http://localhost").searchParams.get("q") === "Lars" ? [lars] : [] }),
      "POST /api/admin/bookings": { status: 201, body: { id: 100 } },
      "GET /api/admin/bookings": { body: { items: [], total: 0, page: 1, pageSize: 25 } },
    });
    renderApp("/admin/bookings/new", { user: adminUser });
    fireEvent.change(await screen.findByRole("searchbox", { name: "Sök befintlig kund" }), { target: { value: "Lars" } });
    fireEvent.click(await main().findByRole("button", { name: /Lars Andersson/ }));
    expect(field("Namn").value).toBe("Lars Andersson");
    expect(field("Postnummer").value).toBe("753 20");
    expect(main().getByText(/Vald kund: Lars Andersson/)).toBeTruthy();

    fireEvent.click(main().getByRole("button", { name: "Ny kund i stället" }));
    expect(field("Namn").value).toBe("");
    fireEvent.change(screen.getByRole("searchbox", { name: "Sök befintlig kund" }), { target: { value: "Lars" } });
    fireEvent.click(await main().findByRole("button", { name: /Lars Andersson/ }));

    await fillBooking();
    submit();
    await findToast("Bokning skapad");
    expect(posted(fetchMock)[0]).toMatchObject({ customerId: 4, customerInfo: { name: "Lars Andersson", city: "Uppsala" } });
  });
});
