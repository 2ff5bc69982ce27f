import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { resetToasts } from "@/client/components/ui/toast";
import { adminUser, mockFetch, renderApp } from "@/client/test/test-utils";
import { addDays, todayIn } from "@/common/booking-rules";
import type { AdminBookingDetail } from "@/common/schemas/admin-bookings";

afterEach(() => {
  cleanup();
  act(() => resetToasts());
  vi.unstubAllGlobals();
});

const contact = { name: "Lars Andersson", email: "lars.andersson@exempel.se", phone: "070-123 45 67", address: "Storgatan 12", postalCode: "753 20", city: "Uppsala" };

function detail(overrides: Partial<AdminBookingDetail> = {}): AdminBookingDetail {
  return {
    booking: {
      id: 42,
      serviceType: "service",
      status: "confirmed",
      date: "2026-12-07",
      timeSlot: "10:00-12:00",
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
      { id: 1, at: "2026-11-20T09:15:00.000Z", actor: "customer", actorName: "Lars Andersson", kind: "created", from: null, to: "2026-12-07 10:00-12:00" },
      { id: 2, at: "2026-11-21T08:00:00.000Z", actor: "admin", actorName: "Anna Lindqvist", kind: "status", from: "planned", to: "confirmed" },
    ],
    ...overrides,
  };
}

const main = () => within(screen.getByRole("main"));

async function findToast(text: string) {
  return within(await screen.findByRole("region", { name: "Aviseringar (F8)", hidden: true })).findByText(text);
}

describe("/admin/bookings/{id}", () => {
  it("says 'Bokning hittades inte' for a booking that does not exist", async () => {
    mockFetch({ "GET /api/admin/bookings/404": { status: 404, body: { message: "Bokning hittades inte" } } });
    renderApp("/admin/bookings/404", { user: adminUser });
    expect(await screen.findByRole("heading", { level: 1, name: "Bokning hittades inte" })).toBeTruthy();
  });

  it("shows the booking card, the customer card with tel: and mailto: links, and who did what in the history", async () => {
    mockFetch({ "GET /api/admin/bookings/42": { body: detail() } });
    renderApp("/admin/bookings/42", { user: adminUser });
    expect(await screen.findByRole("heading", { level: 1, name: "Bokning #42" })).toBeTruthy();
    expect(main().getAllByText("Bekräftad").length).toBeGreaterThan(0);
    expect(main().getByText("måndag 7 december 2026")).toBeTruthy();
    expect(main().getByText("Toshiba Haori")).toBeTruthy();
    expect(main().getByRole("link", { name: "070-123 45 67" }).getAttribute("href")).toBe("tel:0701234567");
    expect(main().getByRole("link", { name: "lars.andersson@exempel.se" }).getAttribute("href")).toBe("mailto:lars.andersson@exempel.se");
    expect(main().getByText("753 20 Uppsala")).toBeTruthy();
    expect(main().getByText("Hunden är snäll.")).toBeTruthy();
    // The record matches the booking's copy: shown once.
    expect(main().queryByText("I kundregistret")).toBeNull();
    // History: the customer is 'Kunden', staff by name and role, statuses in Swedish.
    expect(main().getByText(/· Kunden$/)).toBeTruthy();
    expect(main().getByText(/Anna Lindqvist \(Administratör\)/)).toBeTruthy();
    expect(main().getByText("Från Planerad till Bekräftad")).toBeTruthy();
  });

  it("shows the customer record beside the booking's contact copy when they differ", async () => {
    mockFetch({ "GET /api/admin/bookings/42": { body: detail({ customer: { id: 4, ...contact, address: "Nya vägen 1", notes: null } }) } });
    renderApp("/admin/bookings/42", { user: adminUser });
    const record = await main().findByRole("region", { name: "I kundregistret" });
    expect(within(record).getByText("Nya vägen 1")).toBeTruthy();
    expect(main().getByText("Storgatan 12")).toBeTruthy();
  });

  it("checks the reschedule dialog's fields in the browser before sending (SPEC §5)", async () => {
    const fetchMock = mockFetch({ "GET /api/admin/bookings/42": { body: detail() } });
    renderApp("/admin/bookings/42", { user: adminUser });
    fireEvent.click(await main().findByRole("button", { name: "Omplanera" }));
    const dialog = await screen.findByRole("dialog", { name: "Omplanera bokning" });

    fireEvent.click(within(dialog).getByRole("button", { name: "Spara ny tid" }));
    expect(within(dialog).getByRole("alert").textContent).toContain("Både datum och tid måste anges.");
    expect(await findToast("Fyll i alla fält")).toBeTruthy();

    fireEvent.change(within(dialog).getByLabelText("Nytt datum"), { target: { value: addDays(todayIn(new Date()), -1) } });
    expect(within(dialog).getAllByRole("radio").map((r) => (r as HTMLInputElement).value)).toEqual(["08:00-10:00", "10:00-12:00", "12:00-14:00", "14:00-16:00", "16:00-18:00"]);
    fireEvent.click(within(dialog).getByRole("radio", { name: "08:00–10:00" }));
    fireEvent.click(within(dialog).getByRole("button", { name: "Spara ny tid" }));
    expect(within(dialog).getByRole("alert").textContent).toContain("Du kan inte boka en tid som redan har passerat.");
    expect(await findToast("Ogiltig tid")).toBeTruthy();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === "PATCH")).toBe(false);
  });

  it("shows the server's message when the new time is taken, and 'Bokning omplanerad' when it is free", async () => {
    const message = "Den valda tiden är inte längre tillgänglig. Välj en annan tid.";
    const target = addDays(todayIn(new Date()), 30);
    const sent: unknown[] = [];
    mockFetch({
      "GET /api/admin/bookings/42": { body: detail() },
      "PATCH /api/admin/bookings/42": (init) => {
        const body = JSON.parse(String(init?.body)) as { date: string; timeSlot: string };
        sent.push(body);
        if (body.timeSlot === "08:00-10:00") return { status: 409, body: { message } };
        return { body: detail({ booking: { ...detail().booking, date: body.date, timeSlot: body.timeSlot, status: "rescheduled" } }) };
      },
    });
    renderApp("/admin/bookings/42", { user: adminUser });
    fireEvent.click(await main().findByRole("button", { name: "Omplanera" }));
    const dialog = await screen.findByRole("dialog", { name: "Omplanera bokning" });
    fireEvent.change(within(dialog).getByLabelText("Nytt datum"), { target: { value: target } });
    fireEvent.click(within(dialog).getByRole("radio", { name: "08:00–10:00" }));
    fireEvent.click(within(dialog).getByRole("button", { name: "Spara ny tid" }));
    await waitFor(() => expect(within(dialog).getByRole("alert").textContent).toContain(message));
    expect(await findToast("Fel vid omplanering")).toBeTruthy();

    fireEvent.click(within(dialog).getByRole("radio", { name: "14:00–16:00" }));
    fireEvent.click(within(dialog).getByRole("button", { name: "Spara ny tid" }));
    expect(await findToast("Bokning omplanerad")).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(sent).toEqual([
      { date: target, timeSlot: "08:00-10:00" },
      { date: target, timeSlot: "14:00-16:00" },
    ]);
  });

  it("opens an image in the enlarge dialog with caption, uploader and time, and a fallback when it cannot load", async () => {
    const image = { id: 7, imageUrl: "/api/booking/images/7/file", caption: "Utedelen", uploadedBy: "customer" as const, uploadedByName: null, createdAt: "2026-11-21T10:00:00.000Z" };
    mockFetch({ "GET /api/admin/bookings/42": { body: detail({ images: [image] }) } });
    renderApp("/admin/bookings/42", { user: adminUser });
    fireEvent.click(await main().findByRole("button", { name: "Visa bild: Utedelen" }));
    const dialog = await screen.findByRole("dialog", { name: "Utedelen" });
    expect(within(dialog).getByText("Kunden")).toBeTruthy();
    expect(within(dialog).getAllByText(/21 nov\. 2026 kl\. 11:00/).length).toBeGreaterThan(0);
    const img = within(dialog).getByRole("img", { name: "Utedelen" });
    fireEvent.error(img);
    expect(await within(dialog).findByRole("img", { name: "Utedelen: Bilden kunde inte visas" })).toBeTruthy();
  });
});
