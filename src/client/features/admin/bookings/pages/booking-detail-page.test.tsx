import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { resetToasts } from "@/client/components/ui/toast";
import { adminUser, mockFetch, renderApp } from "@/client/test/test-utils";
import { addDays, rescheduleSlots, todayIn } from "@/common/booking-rules";
import type { AdminBookingDetail, AdminSlot, AdminSlots } from "@/common/schemas/admin-bookings";

afterEach(() => {
  cleanup();
  act(() => resetToasts());
  vi.unstubAllGlobals();
});

const contact = {
  name: "Lars Andersson",
  email: "lars.andersson@exempel.se",
  phone: "070-123 45 67",
  address: "Storgatan 12",
  postalCode: "753 20",
  city: "Uppsala",
};

function detail(overrides: Partial<AdminBookingDetail> = {}): AdminBookingDetail {
  return {
    booking: {
      id: 42,
      serviceType: "service",
      status: "confirmed",
      date: "2026-12-07",
      timeSlot: "10:00-12:00",
      endTime: "12:00",
      description: "Årlig service.",
      heatpumpModel: "Toshiba Haori",
      notes: null,
      createdAt: "2026-11-20T09:15:00.000Z",
      technician: { id: 2, name: "Erik Johansson", phone: "070-555 12 34" },
    },
    contact,
    customer: { id: 4, ...contact, notes: "Hunden är snäll." },
    images: [],
    link: null,
    history: [
      {
        id: 1,
        at: "2026-11-20T09:15:00.000Z",
        actor: "customer",
        actorName: "Lars Andersson",
        kind: "created",
        from: null,
        to: "2026-12-07 10:00-12:00",
        note: null,
      },
      { id: 2, at: "2026-11-21T08:00:00.000Z", actor: "admin", actorName: "Anna Lindqvist", kind: "status", from: "planned", to: "confirmed", note: null },
    ],
    ...overrides,
  };
}

const main = () => within(screen.getByRole("main"));

/** The reschedule dialog's times of `date` as the server answers them; `states` changes some. */
function slotsAnswer(date: string, states: Record<string, Partial<AdminSlot>> = {}): AdminSlots {
  const slots = rescheduleSlots("service", date).map((s) => ({
    ...s,
    state: "free" as const,
    takenBy: [],
    blockedBy: [],
    freeTechnicians: [],
    ...states[s.label],
  }));
  return { date, serviceType: "service", maxPerDay: 8, slots };
}
const slotsHandler =
  (states: (date: string) => Record<string, Partial<AdminSlot>> = () => ({})) =>
  (_init: RequestInit | undefined, url: string) => {
    const date = new URL(url, "http://localhost").searchParams.get("date")!;
    return { body: slotsAnswer(date, states(date)) };
  };

async function findToast(text: string) {
  return within(await screen.findByRole("region", { name: "Aviseringar (F8)", hidden: true })).findByText(text);
}

describe("/admin/bookings/{id}", () => {
  it("says 'Bokning hittades inte' for a booking that does not exist", async () => {
    mockFetch({ "GET /api/admin/bookings/404": { status: 404, body: { message: "Bokning hittades inte" } } });
    renderApp("/admin/bookings/404", { user: adminUser });
    expect(await screen.findByRole("heading", { level: 1, name: "Bokning hittades inte" })).toBeInTheDocument();
  });

  it("shows the booking card, the customer card with tel: and mailto: links, and who did what in the history", async () => {
    mockFetch({ "GET /api/admin/bookings/42": { body: detail() } });
    renderApp("/admin/bookings/42", { user: adminUser });
    expect(await screen.findByRole("heading", { level: 1, name: "Bokning #42" })).toBeInTheDocument();
    expect(main().getAllByText("Bekräftad").length).toBeGreaterThan(0);
    expect(main().getByText("måndag 7 december 2026")).toBeInTheDocument();
    expect(main().getByText("Toshiba Haori")).toBeInTheDocument();
    expect(main().getByRole("link", { name: "070-123 45 67" })).toHaveAttribute("href", "tel:0701234567");
    expect(main().getByRole("link", { name: "lars.andersson@exempel.se" })).toHaveAttribute("href", "mailto:lars.andersson@exempel.se");
    expect(main().getByText("753 20 Uppsala")).toBeInTheDocument();
    expect(main().getByText("Hunden är snäll.")).toBeInTheDocument();
    // The record matches the booking's copy: shown once.
    expect(main().queryByText("I kundregistret")).not.toBeInTheDocument();
    // History: the customer is 'Kunden', staff by name and role, statuses in Swedish.
    expect(main().getByText(/· Kunden$/)).toBeInTheDocument();
    expect(main().getByText(/Anna Lindqvist \(Administratör\)/)).toBeInTheDocument();
    expect(main().getByText("Från Planerad till Bekräftad")).toBeInTheDocument();
  });

  it("shows the customer record beside the booking's contact copy when they differ", async () => {
    mockFetch({ "GET /api/admin/bookings/42": { body: detail({ customer: { id: 4, ...contact, address: "Nya vägen 1", notes: null } }) } });
    renderApp("/admin/bookings/42", { user: adminUser });
    const record = await main().findByRole("region", { name: "I kundregistret" });
    expect(within(record).getByText("Nya vägen 1")).toBeInTheDocument();
    expect(main().getByText("Storgatan 12")).toBeInTheDocument();
  });

  it("checks the reschedule dialog's fields in the browser before sending (rules §5), also when the times' states cannot be read", async () => {
    const user = userEvent.setup();
    const fetchMock = mockFetch({
      "GET /api/admin/bookings/42": { body: detail() },
      "GET /api/admin/bookings/42/slots": { status: 500, body: { message: "Ett fel uppstod" } },
    });
    renderApp("/admin/bookings/42", { user: adminUser });
    await user.click(await main().findByRole("button", { name: "Omplanera" }));
    const dialog = await screen.findByRole("dialog", { name: "Omplanera bokning" });

    await user.click(within(dialog).getByRole("button", { name: "Spara ny tid" }));
    expect(within(dialog).getByRole("alert")).toHaveTextContent("Både datum och tid måste anges.");
    expect(await findToast("Fyll i alla fält")).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText("Nytt datum"), addDays(todayIn(new Date()), -1));
    // The server's states could not be read: the rules' times are offered and the server decides.
    expect(await within(dialog).findByText("Kunde inte hämta vilka tider som är lediga. Tiden kontrolleras när du sparar.")).toBeInTheDocument();
    expect(
      within(dialog)
        .getAllByRole("radio")
        .map((r) => (r as HTMLInputElement).value),
    ).toEqual(["08:00-10:00", "10:00-12:00", "12:00-14:00", "14:00-16:00", "16:00-18:00"]);
    await user.click(within(dialog).getByRole("radio", { name: "08:00–10:00" }));
    await user.click(within(dialog).getByRole("button", { name: "Spara ny tid" }));
    expect(within(dialog).getByRole("alert")).toHaveTextContent("Du kan inte boka en tid som redan har passerat.");
    expect(await findToast("Ogiltig tid")).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === "PATCH")).toBe(false);
  });

  it("shows the server's message when the new time is taken, and 'Bokning omplanerad' when it is free", async () => {
    const user = userEvent.setup();
    const message = "Den valda tiden är inte längre tillgänglig. Välj en annan tid.";
    const target = addDays(todayIn(new Date()), 30);
    const sent: unknown[] = [];
    mockFetch({
      "GET /api/admin/bookings/42": { body: detail() },
      "GET /api/admin/bookings/42/slots": slotsHandler(),
      "PATCH /api/admin/bookings/42": (init) => {
        const body = JSON.parse(String(init?.body)) as { date: string; timeSlot: string };
        sent.push(body);
        if (body.timeSlot === "08:00-10:00") return { status: 409, body: { message } };
        return { body: detail({ booking: { ...detail().booking, date: body.date, timeSlot: body.timeSlot, status: "rescheduled" } }) };
      },
    });
    renderApp("/admin/bookings/42", { user: adminUser });
    await user.click(await main().findByRole("button", { name: "Omplanera" }));
    const dialog = await screen.findByRole("dialog", { name: "Omplanera bokning" });
    await user.type(within(dialog).getByLabelText("Nytt datum"), target);
    await user.click(await within(dialog).findByRole("radio", { name: "08:00–10:00" }));
    await user.click(within(dialog).getByRole("button", { name: "Spara ny tid" }));
    await waitFor(() => expect(within(dialog).getByRole("alert")).toHaveTextContent(message));
    expect(await findToast("Fel vid omplanering")).toBeInTheDocument();

    await user.click(within(dialog).getByRole("radio", { name: "14:00–16:00" }));
    await user.click(within(dialog).getByRole("button", { name: "Spara ny tid" }));
    expect(await findToast("Bokning omplanerad")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(sent).toEqual([
      { date: target, timeSlot: "08:00-10:00" },
      { date: target, timeSlot: "14:00-16:00" },
    ]);
  });

  it("shows the dialog's taken, blocked and passed times disabled, saying who has a taken one (issue 23 point 7)", async () => {
    const user = userEvent.setup();
    const target = addDays(todayIn(new Date()), 30);
    const fetchMock = mockFetch({
      "GET /api/admin/bookings/42": { body: detail() },
      "GET /api/admin/bookings/42/slots": slotsHandler(() => ({
        "08:00-10:00": { state: "past" },
        "10:00-12:00": {
          state: "taken",
          takenBy: [{ id: 77, customerName: "Greta Upptagen", serviceType: "troubleshooting", status: "confirmed", timeSlot: "10:00-12:00", endTime: "12:00" }],
        },
        "12:00-14:00": { state: "blocked", blockedBy: [{ id: 3, reason: "Utbildning", startTime: "12:00", endTime: "13:00" }] },
        "16:00-18:00": { state: "full" },
      })),
    });
    renderApp("/admin/bookings/42", { user: adminUser });
    await user.click(await main().findByRole("button", { name: "Omplanera" }));
    const dialog = await screen.findByRole("dialog", { name: "Omplanera bokning" });
    await user.type(within(dialog).getByLabelText("Nytt datum"), target);

    const taken = (await within(dialog).findByRole("radio", { name: "10:00–12:00" })) as HTMLInputElement;
    expect(taken).toBeDisabled();
    const note = document.getElementById(taken.getAttribute("aria-describedby")!)!;
    expect(note).toHaveTextContent("Upptagen – Greta Upptagen");
    expect(note).toHaveTextContent("Felsökning 10:00–12:00, bekräftad");
    expect(within(note).getByRole("link", { name: /Visa bokning #77/ })).toHaveAttribute("href", "/admin/bookings/77");
    expect(within(note).getByRole("link", { name: /Visa bokning #77/ })).toHaveAttribute("target", "_blank");
    const describedBy = (label: string) => {
      const radio = within(dialog).getByRole("radio", { name: label }) as HTMLInputElement;
      expect(radio, label).toBeDisabled();
      return document.getElementById(radio.getAttribute("aria-describedby")!)!.textContent;
    };
    expect(describedBy("08:00–10:00")).toBe("Har passerat");
    expect(describedBy("12:00–14:00")).toBe("Blockerad – Utbildning");
    expect(describedBy("16:00–18:00")).toBe("Dagen är fullbokad (högst 8 bokningar)");
    expect(within(dialog).getByRole("radio", { name: "14:00–16:00" })).toBeEnabled();
    expect(fetchMock.mock.calls.filter(([url]) => String(url).startsWith("/api/admin/bookings/42/slots")).map(([url]) => String(url))).toEqual([
      `/api/admin/bookings/42/slots?date=${target}`,
    ]);
  });

  it("changes the technician on the page; a busy technician's 409 shows under the select and the old choice stays", async () => {
    const user = userEvent.setup();
    const busy = "Teknikern har redan ett besök som överlappar den här tiden";
    const technicians = [
      { id: 2, name: "Erik Johansson", username: "tekniker" },
      { id: 3, name: "Sara Nilsson", username: "sara" },
    ];
    const sent: unknown[] = [];
    let current = detail();
    mockFetch({
      "GET /api/admin/bookings/42": () => ({ body: current }),
      "GET /api/technicians": { body: technicians },
      "PUT /api/admin/bookings/42/technician": (init) => {
        const body = JSON.parse(String(init?.body)) as { technicianId: number | null };
        sent.push(body);
        if (body.technicianId === 3) return { status: 409, body: { message: busy } };
        current = detail({ booking: { ...current.booking, technician: null } });
        return { body: { id: 42, technicianId: null, technicianName: null } };
      },
    });
    renderApp("/admin/bookings/42", { user: adminUser });
    const select = (await main().findByRole("combobox", { name: "Tekniker" })) as HTMLSelectElement;
    await waitFor(() =>
      expect(
        within(select)
          .getAllByRole("option")
          .map((o) => o.textContent),
      ).toEqual(["Ingen tekniker", "Erik Johansson", "Sara Nilsson"]),
    );
    expect(select).toHaveValue("2");

    await user.selectOptions(select, "3");
    await waitFor(() => expect(main().getByText(busy)).toBeInTheDocument());
    expect(select).toHaveAttribute("aria-invalid", "true");
    expect(select).toHaveAttribute("aria-describedby", main().getByText(busy).id);
    expect(select).toHaveValue("2");

    await user.selectOptions(select, "");
    expect(await findToast("Besöket har ingen tekniker.")).toBeInTheDocument();
    await waitFor(() => expect(select).toHaveValue(""));
    expect(main().queryByText(busy)).not.toBeInTheDocument();
    expect(select).not.toHaveAttribute("aria-invalid");
    expect(sent).toEqual([{ technicianId: 3 }, { technicianId: null }]);
  });

  it("offers no technician choice for a cancelled booking", async () => {
    mockFetch({ "GET /api/admin/bookings/42": { body: detail({ booking: { ...detail().booking, status: "cancelled" } }) } });
    renderApp("/admin/bookings/42", { user: adminUser });
    expect(await screen.findByRole("heading", { level: 1, name: "Bokning #42" })).toBeInTheDocument();
    expect(main().queryByRole("combobox", { name: "Tekniker" })).not.toBeInTheDocument();
  });

  it("offers 'Skapa faktura' for a completed visit only (issue 25), to the invoice editor with the booking", async () => {
    mockFetch({ "GET /api/admin/bookings/42": { body: detail({ booking: { ...detail().booking, status: "completed" } }) } });
    renderApp("/admin/bookings/42", { user: adminUser });
    expect(await main().findByRole("link", { name: "Skapa faktura" })).toHaveAttribute("href", "/admin/invoices/new?bookingId=42");
    cleanup();
    mockFetch({ "GET /api/admin/bookings/42": { body: detail() } });
    renderApp("/admin/bookings/42", { user: adminUser });
    expect(await screen.findByRole("heading", { level: 1, name: "Bokning #42" })).toBeInTheDocument();
    expect(main().queryByRole("link", { name: "Skapa faktura" })).not.toBeInTheDocument();
  });

  it("shows a cancellation's reason in the history", async () => {
    const cancelled = {
      id: 3,
      at: "2026-11-22T08:00:00.000Z",
      actor: "technician" as const,
      actorName: "Erik Johansson",
      kind: "cancelled" as const,
      from: "confirmed",
      to: "cancelled",
      note: "Reservdelen har inte kommit.",
    };
    mockFetch({ "GET /api/admin/bookings/42": { body: detail({ history: [...detail().history, cancelled] }) } });
    renderApp("/admin/bookings/42", { user: adminUser });
    const history = await main().findByRole("region", { name: "Historik" });
    expect(within(history).getByText("Anledning: Reservdelen har inte kommit.")).toBeInTheDocument();
    expect(within(history).getByText(/Erik Johansson \(Tekniker\)/)).toBeInTheDocument();
  });

  it("opens an image in the enlarge dialog with caption, uploader and time, and a fallback when it cannot load", async () => {
    const user = userEvent.setup();
    const image = {
      id: 7,
      imageUrl: "/api/booking/images/7/file",
      caption: "Utedelen",
      uploadedBy: "customer" as const,
      uploadedByName: null,
      createdAt: "2026-11-21T10:00:00.000Z",
    };
    mockFetch({ "GET /api/admin/bookings/42": { body: detail({ images: [image] }) } });
    renderApp("/admin/bookings/42", { user: adminUser });
    await user.click(await main().findByRole("button", { name: "Visa bild: Utedelen" }));
    const dialog = await screen.findByRole("dialog", { name: "Utedelen" });
    expect(within(dialog).getByText("Kunden")).toBeInTheDocument();
    expect(within(dialog).getAllByText(/21 nov\. 2026 kl\. 11:00/).length).toBeGreaterThan(0);
    const img = within(dialog).getByRole("img", { name: "Utedelen" });
    // A failed image load is the browser's event, not something a person does: user-event has none.
    fireEvent.error(img);
    expect(await within(dialog).findByRole("img", { name: "Utedelen: Bilden kunde inte visas" })).toBeInTheDocument();
  });
});
