import { act, cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent, { type UserEvent } from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { resetToasts } from "@/client/components/ui/toast";
import { adminUser, mockFetch, renderApp } from "@/client/test/test-utils";
import { addDays, adminSlots, todayIn } from "@/common/booking-rules";
import type { ServiceType } from "@/common/constants";
import type { AdminSlot, AdminSlots } from "@/common/schemas/admin-bookings";

afterEach(() => {
  cleanup();
  act(() => resetToasts());
  vi.unstubAllGlobals();
});

const main = () => within(screen.getByRole("main"));
const submit = (user: UserEvent) => user.click(main().getByRole("button", { name: "Skapa bokning" }));
const field = (label: string) => main().getByLabelText(label) as HTMLInputElement;
const tomorrow = () => addDays(todayIn(new Date()), 1);

async function findToast(text: string) {
  return within(await screen.findByRole("region", { name: "Aviseringar (F8)" })).findByText(text);
}

async function fillCustomer(user: UserEvent) {
  await user.type(field("Namn"), "Greta Telefon");
  await user.type(field("E-post"), "greta@exempel.se");
  await user.type(field("Telefon"), "070-111 22 33");
  await user.type(field("Adress"), "Ringvägen 1");
  await user.type(field("Postnummer"), "111 22");
  await user.type(field("Ort"), "Stockholm");
}

async function fillBooking(user: UserEvent, date = tomorrow()) {
  await user.selectOptions(field("Typ av tjänst"), "service");
  await user.type(field("Datum"), date);
  await user.click(await main().findByRole("radio", { name: "10:00–12:00" }));
}

/** GET /api/admin/slots as the server answers it: the admin slots of the asked service and date, free unless `states` says otherwise. */
const slotsHandler =
  (states: Record<string, Partial<AdminSlot>> = {}) =>
  (_init: RequestInit | undefined, url: string) => {
    const query = new URL(url, "http://localhost").searchParams;
    const serviceType = query.get("serviceType") as ServiceType;
    const date = query.get("date")!;
    const slots = adminSlots(serviceType, date).map((s) => ({
      ...s,
      state: "free" as const,
      takenBy: [],
      blockedBy: [],
      freeTechnicians: [],
      ...states[s.label],
    }));
    return { body: { date, serviceType, maxPerDay: 8, slots } satisfies AdminSlots };
  };

const anna = { id: 3, name: "Anna Ek" };
const bo = { id: 5, name: "Bo Berg" };
const technicianSelect = () => main().getByLabelText("Tekniker") as HTMLSelectElement;
const optionTexts = (select: HTMLSelectElement) => Array.from(select.options).map((option) => option.textContent);

function posted(fetchMock: ReturnType<typeof mockFetch>) {
  return fetchMock.mock.calls
    .filter(([url, init]) => url === "/api/admin/bookings" && init?.method === "POST")
    .map(([, init]) => JSON.parse(String(init?.body)));
}

describe("/admin/bookings/new", () => {
  it("shows every §5 message inline and sends nothing when the form is empty", async () => {
    const user = userEvent.setup();
    const fetchMock = mockFetch({});
    renderApp("/admin/bookings/new", { user: adminUser });
    await screen.findByRole("heading", { level: 1, name: "Ny bokning" });
    await submit(user);
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
      expect(await main().findByText(message)).toBeInTheDocument();
    }
    // The service select's own message (its first option says the same, hence two).
    expect(main().getAllByText("Välj en tjänst").length).toBe(2);
    expect(field("Namn")).toHaveAttribute("aria-invalid", "true");
    expect(field("Namn")).toHaveAttribute("aria-describedby", expect.stringContaining("error"));
    expect(posted(fetchMock)).toEqual([]);
  });

  it("checks the minimum lengths of §5, not only presence", async () => {
    const user = userEvent.setup();
    mockFetch({});
    renderApp("/admin/bookings/new", { user: adminUser });
    await screen.findByRole("heading", { level: 1, name: "Ny bokning" });
    await user.type(field("Namn"), "G");
    await user.type(field("E-post"), "greta@");
    await user.type(field("Telefon"), "070");
    await user.type(field("Postnummer"), "111");
    await submit(user);
    expect(await main().findByText("Kundens namn måste vara minst 2 tecken")).toBeInTheDocument();
    expect(main().getByText("Ogiltig e-postadress")).toBeInTheDocument();
    expect(main().getByText("Telefonnummer måste vara minst 6 tecken")).toBeInTheDocument();
    expect(main().getByText("Postnumret måste vara minst 5 tecken")).toBeInTheDocument();
    // Fixing a field removes its message as soon as it is valid.
    await user.clear(field("Namn"));
    await user.type(field("Namn"), "Greta");
    await waitFor(() => expect(main().queryByText("Kundens namn måste vara minst 2 tecken")).not.toBeInTheDocument());
  });

  it("refuses a date before today", async () => {
    const user = userEvent.setup();
    const fetchMock = mockFetch({});
    renderApp("/admin/bookings/new", { user: adminUser });
    await screen.findByRole("heading", { level: 1, name: "Ny bokning" });
    await fillCustomer(user);
    await user.selectOptions(field("Typ av tjänst"), "service");
    await user.type(field("Datum"), addDays(todayIn(new Date()), -1));
    expect(field("Datum")).toHaveAttribute("min", todayIn(new Date()));
    await submit(user);
    expect(await main().findByText("Det går inte att boka ett datum som redan har passerat.")).toBeInTheDocument();
    expect(posted(fetchMock)).toEqual([]);
  });

  it("offers the admin slots of the service, and no heat pump model for a home visit", async () => {
    const user = userEvent.setup();
    mockFetch({ "GET /api/admin/slots": slotsHandler() });
    renderApp("/admin/bookings/new", { user: adminUser });
    await screen.findByRole("heading", { level: 1, name: "Ny bokning" });
    expect(main().getByText("Välj först tjänst och datum")).toBeInTheDocument();
    await user.type(field("Datum"), tomorrow());
    await user.selectOptions(field("Typ av tjänst"), "installation");
    const times = await main().findAllByRole("radio");
    expect(times.map((radio) => (radio as HTMLInputElement).value)).toEqual(["08:00-10:00", "09:00-11:00", "10:00-12:00"]);
    expect(main().getByLabelText("Värmepumpsmodell (valfritt)")).toBeInTheDocument();
    await user.selectOptions(field("Typ av tjänst"), "hembesok");
    await waitFor(() => expect(main().queryByLabelText("Värmepumpsmodell (valfritt)")).not.toBeInTheDocument());
    expect(await main().findByRole("radio", { name: "10:00–10:30" })).toBeInTheDocument();
  });

  it("shows a taken time disabled with who has it, and never sends it (issue 23 point 7)", async () => {
    const user = userEvent.setup();
    const fetchMock = mockFetch({
      "GET /api/admin/slots": slotsHandler({
        // rules D24: an installation at 08:00 holds the rest of its day.
        "10:00-12:00": {
          state: "taken",
          takenBy: [{ id: 12, customerName: "Greta Upptagen", serviceType: "installation", status: "planned", timeSlot: "08:00-10:00", endTime: "17:00" }],
        },
      }),
    });
    renderApp("/admin/bookings/new", { user: adminUser });
    await screen.findByRole("heading", { level: 1, name: "Ny bokning" });
    await fillCustomer(user);
    await user.selectOptions(field("Typ av tjänst"), "service");
    await user.type(field("Datum"), tomorrow());
    const taken = (await main().findByRole("radio", { name: "10:00–12:00" })) as HTMLInputElement;
    expect(taken).toBeDisabled();
    expect(main().getByText("Upptagen – Greta Upptagen")).toBeInTheDocument();
    expect(main().getByText("Installation 08:00–17:00 (ankomst 08:00–10:00), planerad")).toBeInTheDocument();
    expect(main().getByRole("link", { name: /Visa bokning #12/ })).toHaveAttribute("href", "/admin/bookings/12");
    await user.click(taken);
    await submit(user);
    expect(await main().findByText("Välj en tid för bokningen")).toBeInTheDocument();
    expect(posted(fetchMock)).toEqual([]);
    expect(fetchMock.mock.calls.filter(([url]) => String(url).startsWith("/api/admin/slots")).map(([url]) => String(url))).toEqual([
      `/api/admin/slots?serviceType=service&date=${tomorrow()}`,
    ]);
  });

  it("shows the server's Swedish message inline and in a 'Fel' toast when the time is taken (409)", async () => {
    const user = userEvent.setup();
    const message = "Den valda tiden är inte längre tillgänglig. Välj en annan tid.";
    const fetchMock = mockFetch({ "POST /api/admin/bookings": { status: 409, body: { message } } });
    const { router } = renderApp("/admin/bookings/new", { user: adminUser });
    await screen.findByRole("heading", { level: 1, name: "Ny bokning" });
    await fillCustomer(user);
    await fillBooking(user);
    await submit(user);
    expect(await findToast("Fel")).toBeInTheDocument();
    expect(await main().findByRole("alert")).toHaveTextContent(message);
    expect(posted(fetchMock)).toHaveLength(1);
    expect(router.state.location.pathname).toBe("/admin/bookings/new");
  });

  it("creates a booking for a new customer: 'Bokning skapad', then the list", async () => {
    const user = userEvent.setup();
    const fetchMock = mockFetch({
      "POST /api/admin/bookings": { status: 201, body: { id: 99 } },
      "GET /api/admin/bookings": { body: { items: [], total: 0, page: 1, pageSize: 25 } },
    });
    const { router } = renderApp("/admin/bookings/new", { user: adminUser });
    await screen.findByRole("heading", { level: 1, name: "Ny bokning" });
    await fillCustomer(user);
    await fillBooking(user);
    await user.type(field("Beskrivning (valfritt)"), "Kunden ringde om service.");
    await submit(user);
    expect(await findToast("Bokning skapad")).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe("/admin/bookings"));
    expect(posted(fetchMock)).toEqual([
      {
        customerInfo: {
          name: "Greta Telefon",
          email: "greta@exempel.se",
          phone: "070-111 22 33",
          address: "Ringvägen 1",
          postalCode: "111 22",
          city: "Stockholm",
        },
        serviceType: "service",
        date: tomorrow(),
        timeSlot: "10:00-12:00",
        description: "Kunden ringde om service.",
        status: "planned",
      },
    ]);
  });

  it("fills in a customer picked by search and sends its id; 'Ny kund i stället' empties the fields again", async () => {
    const user = userEvent.setup();
    const lars = {
      id: 4,
      name: "Lars Andersson",
      email: "lars.andersson@exempel.se",
      phone: "070-123 45 67",
      address: "Storgatan 12",
      postalCode: "753 20",
      city: "Uppsala",
    };
    const fetchMock = mockFetch({
      "GET /api/admin/customers/search": (_init, url) => ({ body: new URL(url, "http://localhost").searchParams.get("q") === "Lars" ? [lars] : [] }),
      "POST /api/admin/bookings": { status: 201, body: { id: 100 } },
      "GET /api/admin/bookings": { body: { items: [], total: 0, page: 1, pageSize: 25 } },
    });
    renderApp("/admin/bookings/new", { user: adminUser });
    await user.type(await screen.findByRole("searchbox", { name: "Sök befintlig kund" }), "Lars");
    await user.click(await main().findByRole("button", { name: /Lars Andersson/ }));
    expect(field("Namn")).toHaveValue("Lars Andersson");
    expect(field("Postnummer")).toHaveValue("753 20");
    expect(main().getByText(/Vald kund: Lars Andersson/)).toBeInTheDocument();

    await user.click(main().getByRole("button", { name: "Ny kund i stället" }));
    expect(field("Namn")).toHaveValue("");
    await user.type(screen.getByRole("searchbox", { name: "Sök befintlig kund" }), "Lars");
    await user.click(await main().findByRole("button", { name: /Lars Andersson/ }));

    await fillBooking(user);
    await submit(user);
    await findToast("Bokning skapad");
    expect(posted(fetchMock)[0]).toMatchObject({ customerId: 4, customerInfo: { name: "Lars Andersson", city: "Uppsala" } });
  });

  describe("technician (rules D25)", () => {
    const created = {
      "POST /api/admin/bookings": { status: 201, body: { id: 101 } },
      "GET /api/admin/bookings": { body: { items: [], total: 0, page: 1, pageSize: 25 } },
    };

    it("lists exactly the chosen time's free technicians, the first as next in turn, and sends the one chosen", async () => {
      const user = userEvent.setup();
      const fetchMock = mockFetch({ "GET /api/admin/slots": slotsHandler({ "10:00-12:00": { freeTechnicians: [anna, bo] } }), ...created });
      renderApp("/admin/bookings/new", { user: adminUser });
      await screen.findByRole("heading", { level: 1, name: "Ny bokning" });
      await fillCustomer(user);
      await user.selectOptions(field("Typ av tjänst"), "service");
      await user.type(field("Datum"), tomorrow());
      await main().findByRole("radio", { name: "10:00–12:00" });
      // Nothing to choose before a time is chosen.
      expect(main().queryByLabelText("Tekniker")).not.toBeInTheDocument();
      await user.click(main().getByRole("radio", { name: "10:00–12:00" }));

      expect(optionTexts(technicianSelect())).toEqual(["Den som står på tur (automatiskt)", "Anna Ek (står på tur)", "Bo Berg"]);
      expect(technicianSelect()).toHaveValue("");
      expect(technicianSelect()).toHaveAccessibleDescription(/Bara tekniker som är lediga under hela besöket visas/);
      await user.selectOptions(technicianSelect(), "Bo Berg");
      await submit(user);
      await findToast("Bokning skapad");
      expect(posted(fetchMock)).toEqual([expect.objectContaining({ timeSlot: "10:00-12:00", technicianId: 5 })]);
    });

    it("sends no technician when automatic is kept, or chosen again", async () => {
      const user = userEvent.setup();
      const fetchMock = mockFetch({ "GET /api/admin/slots": slotsHandler({ "10:00-12:00": { freeTechnicians: [anna, bo] } }), ...created });
      renderApp("/admin/bookings/new", { user: adminUser });
      await screen.findByRole("heading", { level: 1, name: "Ny bokning" });
      await fillCustomer(user);
      await fillBooking(user);
      await user.selectOptions(technicianSelect(), "Anna Ek (står på tur)");
      await user.selectOptions(technicianSelect(), "Den som står på tur (automatiskt)");
      await submit(user);
      await findToast("Bokning skapad");
      expect(posted(fetchMock)).toHaveLength(1);
      expect(posted(fetchMock)[0]).not.toHaveProperty("technicianId");
    });

    it("goes back to automatic when the chosen technician is not free at the new time", async () => {
      const user = userEvent.setup();
      mockFetch({
        "GET /api/admin/slots": slotsHandler({
          "10:00-12:00": { freeTechnicians: [anna, bo] },
          "12:00-14:00": { freeTechnicians: [anna] },
          "14:00-16:00": { freeTechnicians: [bo, anna] },
        }),
      });
      renderApp("/admin/bookings/new", { user: adminUser });
      await screen.findByRole("heading", { level: 1, name: "Ny bokning" });
      await fillBooking(user);
      await user.selectOptions(technicianSelect(), "Bo Berg");

      // Bo is free at 14:00 too: the choice stays, and he is next in turn there.
      await user.click(main().getByRole("radio", { name: "14:00–16:00" }));
      expect(technicianSelect()).toHaveValue("5");
      expect(optionTexts(technicianSelect())).toEqual(["Den som står på tur (automatiskt)", "Bo Berg (står på tur)", "Anna Ek"]);

      await user.click(main().getByRole("radio", { name: "12:00–14:00" }));
      expect(optionTexts(technicianSelect())).toEqual(["Den som står på tur (automatiskt)", "Anna Ek (står på tur)"]);
      expect(technicianSelect()).toHaveValue("");
      // Back at a time where Bo is free, the choice stays automatic.
      await user.click(main().getByRole("radio", { name: "10:00–12:00" }));
      expect(technicianSelect()).toHaveValue("");
    });

    it("has no technician select when nobody is free or bookable at the chosen time", async () => {
      const user = userEvent.setup();
      const fetchMock = mockFetch({ "GET /api/admin/slots": slotsHandler(), ...created });
      renderApp("/admin/bookings/new", { user: adminUser });
      await screen.findByRole("heading", { level: 1, name: "Ny bokning" });
      await fillCustomer(user);
      await fillBooking(user);
      expect(main().getByRole("radio", { name: "10:00–12:00" })).toBeChecked();
      expect(main().queryByLabelText("Tekniker")).not.toBeInTheDocument();
      await submit(user);
      await findToast("Bokning skapad");
      expect(posted(fetchMock)[0]).not.toHaveProperty("technicianId");
    });

    it("shows the server's refusal of the technician once, and the refreshed times without them", async () => {
      const user = userEvent.setup();
      const message = "Teknikern har redan ett besök som överlappar den här tiden";
      let asked = 0;
      const fetchMock = mockFetch({
        // Someone gave Bo a visit a moment ago: the states read after the refusal no longer list him.
        "GET /api/admin/slots": (init, url) => slotsHandler({ "10:00-12:00": { freeTechnicians: asked++ === 0 ? [anna, bo] : [anna] } })(init, url),
        "POST /api/admin/bookings": { status: 409, body: { message } },
      });
      const { router } = renderApp("/admin/bookings/new", { user: adminUser });
      await screen.findByRole("heading", { level: 1, name: "Ny bokning" });
      await fillCustomer(user);
      await fillBooking(user);
      await user.selectOptions(technicianSelect(), "Bo Berg");
      await submit(user);

      expect(await findToast("Fel")).toBeInTheDocument();
      expect(await main().findByRole("alert")).toHaveTextContent(message);
      expect(main().getAllByText(message)).toHaveLength(1);
      expect(posted(fetchMock)).toEqual([expect.objectContaining({ technicianId: 5 })]);
      await waitFor(() => expect(optionTexts(technicianSelect())).toEqual(["Den som står på tur (automatiskt)", "Anna Ek (står på tur)"]));
      expect(technicianSelect()).toHaveValue("");
      expect(main().getByRole("radio", { name: "10:00–12:00" })).toBeChecked();
      expect(router.state.location.pathname).toBe("/admin/bookings/new");
      // Sent again as it now stands: automatic, so no technician.
      await submit(user);
      await waitFor(() => expect(posted(fetchMock)).toHaveLength(2));
      expect(posted(fetchMock)[1]).not.toHaveProperty("technicianId");
    });
  });
});
