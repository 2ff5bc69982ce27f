import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { resetToasts } from "@/client/components/ui/toast";
import { mockFetch, renderApp } from "@/client/test/test-utils";
import type { BookingLinkView } from "@/common/schemas/booking-links";

afterEach(() => {
  cleanup();
  act(() => resetToasts());
  vi.unstubAllGlobals();
});

const TOKEN = "abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG";
const PATH = `/booking/shared/${TOKEN}`;
const API = `GET /api/booking-links/${TOKEN}`;

function view(overrides: Partial<BookingLinkView> = {}): BookingLinkView {
  return {
    booking: {
      id: 123,
      status: "confirmed",
      serviceType: "service",
      date: "2027-01-25",
      timeSlot: "15:30-17:30",
      heatpumpModel: "Nibe F2120",
      description: "Årlig service.",
      customerName: "Karin Berg",
      address: "Storgatan 12",
      postalCode: "753 20",
      city: "Uppsala",
    },
    technician: { name: "Erik Johansson", phone: "070-111 22 33" },
    images: [],
    updatesAllowed: false,
    selfService: { canChange: true, deadline: "2027-01-24T14:30:00.000Z", reason: null },
    calendarUrl: `/api/booking-links/${TOKEN}/calendar.ics`,
    company: { name: "Värmepumpsservice i Sverige AB", phone: "08-123 456 70", email: "info@varmepumpsservice.se", openingHours: "Måndag–fredag 08:00–17:00, helger stängt" },
    ...overrides,
  };
}

describe("the customer's booking link page", () => {
  it("shows 'Ogiltig länk' and a way to the start page for an unknown, expired or deactivated link", async () => {
    mockFetch({ [API]: { status: 404, body: { message: "Denna länk har upphört att gälla eller tagits bort." } } });
    renderApp(PATH, { user: null });
    expect(await screen.findByRole("heading", { level: 1, name: "Ogiltig länk" })).toBeTruthy();
    expect(screen.getByText("Denna länk har upphört att gälla eller tagits bort.")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Till startsidan" }).getAttribute("href")).toBe("/");
    expect(document.title).toBe("Din bokning | Värmepumpsservice");
  });

  it("tells of any other failure with the SPEC §8 text and lets the customer try again", async () => {
    let answer = { status: 500, body: "" as unknown };
    mockFetch({ [API]: () => answer });
    renderApp(PATH, { user: null });
    expect(await screen.findByText("Kunde inte hämta bokningsinformation. Var god försök igen senare.")).toBeTruthy();
    answer = { status: 200, body: view() };
    fireEvent.click(screen.getByRole("button", { name: "Försök igen" }));
    expect(await screen.findByRole("heading", { level: 1, name: "Din bokning" })).toBeTruthy();
  });

  it("shows the booking: status, Swedish date, time, service, model, customer, address, technician, .ics, contact, terms", async () => {
    mockFetch({ [API]: { body: view() } });
    renderApp(PATH, { user: null });
    const details = await screen.findByRole("region", { name: "Bokningsinformation" });
    expect(screen.getByText("Bekräftad")).toBeTruthy();
    for (const value of ["måndag 25 januari 2027", "15:30–17:30", "Service", "Nibe F2120", "Karin Berg", "Storgatan 12, 753 20 Uppsala", "Erik Johansson"])
      expect(details.textContent).toContain(value);
    expect(within(details).getByRole("link", { name: /Ring Erik Johansson/ }).getAttribute("href")).toBe("tel:+46701112233");
    const ics = within(details).getByRole("link", { name: "Lägg till i kalender (.ics)" });
    expect(ics.getAttribute("href")).toBe(`/api/booking-links/${TOKEN}/calendar.ics`);
    expect(ics.getAttribute("download")).toBe("123.ics");
    expect(screen.getByRole("region", { name: "Kontakta oss" }).textContent).toContain("Måndag–fredag 08:00–17:00, helger stängt");
    expect(screen.getByRole("region", { name: "Avbokning" }).textContent).toContain("senast 24 timmar");
    expect(screen.getByRole("region", { name: "Avbokning" }).textContent).toContain("50\u00a0%");
    expect(screen.getByRole("region", { name: "Om den här länken" })).toBeTruthy();
    // Self-service is open until the deadline (Stockholm time).
    const selfService = screen.getByRole("region", { name: "Ändra eller avboka" });
    expect(selfService.textContent).toMatch(/söndag 24 januari (kl. )?15:30/);
    expect(within(selfService).getByRole("button", { name: "Flytta besöket" })).toBeTruthy();
    expect(within(selfService).getByRole("button", { name: "Avboka besöket" })).toBeTruthy();
    // Not allowed to add images: read-only.
    const images = screen.getByRole("region", { name: "Bilder" });
    expect(within(images).queryByLabelText("Bild")).toBeNull();
    expect(images.textContent).toContain("Du kan inte lägga till eller ta bort bilder");
  });

  it("within 24 hours offers no cancel or move but says why, with the phone number", async () => {
    const reason = "Besöket är om mindre än 24 timmar och kan inte längre ändras här. Ring oss på 08-123 456 70 så hjälper vi dig.";
    mockFetch({ [API]: { body: view({ selfService: { canChange: false, deadline: "2026-11-22T14:30:00.000Z", reason } }) } });
    renderApp(PATH, { user: null });
    const selfService = await screen.findByRole("region", { name: "Ändra eller avboka" });
    expect(selfService.textContent).toContain(reason);
    expect(within(selfService).queryByRole("button")).toBeNull();
  });

  it("asks for a file before uploading and sends image, caption and token as multipart", async () => {
    let sent: FormData | undefined;
    const fetchMock = mockFetch({
      [API]: { body: view({ updatesAllowed: true }) },
      "POST /api/booking/images": (init) => {
        sent = init?.body as FormData;
        return { status: 201, body: { id: 5, imageUrl: "/api/booking/images/5/file", caption: "Typskylt", uploadedBy: "customer", uploadedByName: null, createdAt: "2026-11-22T10:00:00.000Z" } };
      },
    });
    renderApp(PATH, { user: null });
    const images = await screen.findByRole("region", { name: "Bilder" });
    expect(images.textContent).toContain("PNG, JPG, WEBP upp till 10MB");
    fireEvent.click(within(images).getByRole("button", { name: "Ladda upp bild" }));
    expect(await within(images).findByText("Välj en bild att ladda upp")).toBeTruthy();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === "POST")).toBe(false);

    const input = within(images).getByLabelText("Bild") as HTMLInputElement;
    const file = new File([new Uint8Array([137, 80, 78, 71])], "typskylt.png", { type: "image/png" });
    fireEvent.change(input, { target: { files: [file] } });
    fireEvent.change(within(images).getByLabelText("Bildtext (valfritt)"), { target: { value: "Typskylt" } });
    fireEvent.click(within(images).getByRole("button", { name: "Ladda upp bild" }));
    expect(await screen.findByText("Bild uppladdad")).toBeTruthy();
    await waitFor(() => expect(sent).toBeInstanceOf(FormData));
    expect(sent?.get("token")).toBe(TOKEN);
    expect(sent?.get("caption")).toBe("Typskylt");
    expect((sent?.get("image") as File).name).toBe("typskylt.png");
  });

  it("moves the visit in a dialog with the free dates and times, and shows a refusal in Swedish", async () => {
    const moves: unknown[] = [];
    mockFetch({
      [API]: { body: view() },
      // Every date of the window has a free time; the calendar still follows the booking rules.
      "GET /api/availability/range": (_init, url) => {
        const query = new URL(url, "http://localhost").searchParams;
        const dates: { date: string; available: boolean }[] = [];
        for (let d = new Date(`${query.get("from")}T00:00:00Z`); d <= new Date(`${query.get("to")}T00:00:00Z`); d.setUTCDate(d.getUTCDate() + 1))
          dates.push({ date: d.toISOString().slice(0, 10), available: true });
        return { body: { dates } };
      },
      "GET /api/availability/day": (_init, url) => ({
        body: { date: new URL(url, "http://localhost").searchParams.get("date"), slots: [{ label: "15:30-17:30", start: "15:30", end: "17:30", available: true }] },
      }),
      [`POST /api/booking-links/${TOKEN}/reschedule`]: (init) => {
        moves.push(JSON.parse(String(init?.body)));
        return { status: 409, body: { message: "Tiden du valde hann tyvärr bokas av någon annan. Välj en annan tid." } };
      },
    });
    renderApp(PATH, { user: null });
    fireEvent.click(await screen.findByRole("button", { name: "Flytta besöket" }));
    const dialog = await screen.findByRole("dialog", { name: "Flytta besöket" });
    expect(dialog.textContent).toContain("Nuvarande tid: måndag 25 januari 2027 kl. 15:30–17:30");

    // Nothing chosen: the dialog asks for a time instead of sending.
    fireEvent.click(within(dialog).getByRole("button", { name: "Flytta till vald tid" }));
    expect(await within(dialog).findByText("Välj en ny tid först.")).toBeTruthy();

    const day = await waitFor(() => {
      const enabled = dialog.querySelector<HTMLButtonElement>("button[data-date]:not([disabled])");
      expect(enabled).not.toBeNull();
      return enabled!;
    });
    fireEvent.click(day);
    fireEvent.click(await within(dialog).findByRole("radio", { name: "15:30–17:30" }));
    fireEvent.click(within(dialog).getByRole("button", { name: "Flytta till vald tid" }));
    expect(await within(dialog).findByText("Tiden du valde hann tyvärr bokas av någon annan. Välj en annan tid.")).toBeTruthy();
    expect(moves).toEqual([{ date: day.dataset.date, timeSlot: "15:30-17:30" }]);
  });

  it("cancels the visit after confirmation and shows it as cancelled", async () => {
    const cancelled = view({
      booking: { ...view().booking, status: "cancelled" },
      selfService: { canChange: false, deadline: "2027-01-24T14:30:00.000Z", reason: "Bokningen kan inte ändras eftersom den redan är avbokad eller genomförd." },
    });
    mockFetch({ [API]: { body: view() }, [`POST /api/booking-links/${TOKEN}/cancel`]: { body: cancelled } });
    renderApp(PATH, { user: null });
    fireEvent.click(await screen.findByRole("button", { name: "Avboka besöket" }));
    const confirm = await screen.findByRole("alertdialog", { name: "Avboka besöket?" });
    fireEvent.click(within(confirm).getByRole("button", { name: "Avboka besöket" }));
    expect(await screen.findByText("Avbokad")).toBeTruthy();
    expect(screen.getByRole("region", { name: "Ändra eller avboka" }).textContent).toContain("redan är avbokad");
    expect(await screen.findByText("Besöket är avbokat")).toBeTruthy();
  });
});
