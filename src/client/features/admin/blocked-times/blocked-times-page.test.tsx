import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { resetToasts } from "@/client/components/ui/toast";
import { adminUser, mockFetch, renderApp } from "@/client/test/test-utils";
import type { BlockedTime, BlockedTimeSaved } from "@/common/schemas/blocked-times";

afterEach(() => {
  cleanup();
  act(() => resetToasts());
  vi.unstubAllGlobals();
});

const FUTURE = "2099-03-02";

const blocked: BlockedTime = {
  id: 7,
  date: FUTURE,
  startTime: "08:00",
  endTime: "17:00",
  reason: "Utbildning hos tillverkaren",
  serviceTypes: ["service", "installation", "troubleshooting"],
  createdAt: "2026-11-01T10:00:00.000Z",
};

async function openCreateDialog() {
  fireEvent.click(await screen.findByRole("button", { name: "Blockera tid" }));
  return screen.findByRole("dialog", { name: "Blockera tid" });
}

const field = (dialog: HTMLElement, label: string) => within(dialog).getByLabelText(label) as HTMLInputElement;
const submit = (dialog: HTMLElement) => fireEvent.click(within(dialog).getByRole("button", { name: "Blockera tid" }));
/** The toast region (mounted with the first toast). */
// `hidden`: while a dialog is open, Radix hides everything outside it from the accessibility tree.
const toasts = () => screen.findByRole("region", { name: /Aviseringar/, hidden: true });

describe("blocked times", () => {
  it("lists the upcoming blocked times by default and keeps another filter in the URL", async () => {
    const fetchMock = mockFetch({ "GET /api/admin/blocked-time-slots": { body: [blocked] } });
    const { router } = renderApp("/admin/blocked-times", { user: adminUser });
    const list = await screen.findByRole("list", { name: "Blockerade tider" });
    expect(within(list).getByText("Utbildning hos tillverkaren")).toBeTruthy();
    expect(within(list).getByText("08:00–17:00")).toBeTruthy();
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith("/api/admin/blocked-time-slots?filter=upcoming"))).toBe(true);
    expect(screen.getByRole("button", { name: "Kommande" }).getAttribute("aria-pressed")).toBe("true");
    expect(screen.getByRole("link", { name: /Tillbaka till administrationen/ }).getAttribute("href")).toBe("/admin");

    fireEvent.click(screen.getByRole("button", { name: "Passerade" }));
    await waitFor(() => expect(router.state.location.search).toBe("?filter=past"));
    await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith("?filter=past"))).toBe(true));
  });

  it("shows every SPEC §5 message inline when the form is sent empty", async () => {
    const fetchMock = mockFetch({ "GET /api/admin/blocked-time-slots": { body: [] } });
    renderApp("/admin/blocked-times", { user: adminUser });
    expect(await screen.findByText("Inga kommande blockerade tider.")).toBeTruthy();
    const dialog = await openCreateDialog();

    // SPEC §5 defaults: 08:00 to 17:00, every service type chosen.
    expect(field(dialog, "Starttid").value).toBe("08:00");
    expect(field(dialog, "Sluttid").value).toBe("17:00");
    for (const type of ["Service", "Installation", "Felsökning"]) expect(field(dialog, type).checked).toBe(true);

    fireEvent.change(field(dialog, "Starttid"), { target: { value: "" } });
    for (const type of ["Service", "Installation", "Felsökning"]) fireEvent.click(field(dialog, type));
    submit(dialog);

    expect(await within(dialog).findByText("Datum måste väljas")).toBeTruthy();
    expect(within(dialog).getByText("Ogiltig tid. Använd format HH:MM")).toBeTruthy();
    expect(within(dialog).getByText("Ange en anledning")).toBeTruthy();
    expect(within(dialog).getByText("Välj minst en tjänsttyp")).toBeTruthy();
    const date = field(dialog, "Datum");
    expect(date.getAttribute("aria-invalid")).toBe("true");
    expect(document.getElementById(date.getAttribute("aria-describedby") ?? "")?.textContent).toBe("Datum måste väljas");
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === "POST")).toBe(false);
  });

  it("refuses a past date and an end before the start", async () => {
    const fetchMock = mockFetch({ "GET /api/admin/blocked-time-slots": { body: [] } });
    renderApp("/admin/blocked-times", { user: adminUser });
    const dialog = await openCreateDialog();
    fireEvent.change(field(dialog, "Datum"), { target: { value: "2020-01-07" } });
    fireEvent.change(field(dialog, "Starttid"), { target: { value: "12:00" } });
    fireEvent.change(field(dialog, "Sluttid"), { target: { value: "10:00" } });
    fireEvent.change(field(dialog, "Anledning"), { target: { value: "Semester" } });
    submit(dialog);
    expect(await within(dialog).findByText("Det går inte att blockera en dag som redan har passerat.")).toBeTruthy();
    expect(within(dialog).getByText("Sluttiden måste vara efter starttiden")).toBeTruthy();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === "POST")).toBe(false);
  });

  it("blocks a time, toasts 'Tid blockerad' and lists the bookings inside it with links", async () => {
    let sent: unknown;
    const saved: BlockedTimeSaved = {
      blockedTime: { ...blocked, id: 8, reason: "Semester" },
      overlappingBookings: [
        { id: 41, date: FUTURE, timeSlot: "15:30-17:30", serviceType: "service", status: "confirmed", customerName: "Karin Berg" },
      ],
    };
    mockFetch({
      "GET /api/admin/blocked-time-slots": { body: [] },
      "POST /api/admin/blocked-time-slots": (init) => {
        sent = JSON.parse(String(init?.body));
        return { status: 201, body: saved };
      },
    });
    renderApp("/admin/blocked-times", { user: adminUser });
    const dialog = await openCreateDialog();
    fireEvent.change(field(dialog, "Datum"), { target: { value: FUTURE } });
    fireEvent.change(field(dialog, "Anledning"), { target: { value: "Semester" } });
    fireEvent.click(field(dialog, "Installation"));
    submit(dialog);

    expect(await within(await toasts()).findByText("Tid blockerad")).toBeTruthy();
    expect(sent).toEqual({ date: FUTURE, startTime: "08:00", endTime: "17:00", reason: "Semester", serviceTypes: ["service", "troubleshooting"] });
    const notice = await screen.findByRole("region", { name: "En bokning ligger inom den blockerade tiden" });
    expect(notice.textContent).toContain("Kontakta kunderna");
    const link = within(notice).getByRole("link", { name: /Öppna bokning 41/ });
    expect(link.getAttribute("href")).toBe("/admin/bookings/41");
    expect(link.textContent).toContain("Karin Berg");
  });

  it("shows the server's message when saving fails, and the §8 fallback without one", async () => {
    let answer = { status: 422, body: { message: "Det går inte att blockera en dag som redan har passerat." } as unknown };
    mockFetch({ "GET /api/admin/blocked-time-slots": { body: [] }, "POST /api/admin/blocked-time-slots": () => answer });
    renderApp("/admin/blocked-times", { user: adminUser });
    const dialog = await openCreateDialog();
    fireEvent.change(field(dialog, "Datum"), { target: { value: FUTURE } });
    fireEvent.change(field(dialog, "Anledning"), { target: { value: "Semester" } });
    submit(dialog);
    expect(await within(await toasts()).findByText("Ett fel uppstod")).toBeTruthy();
    expect(within(await toasts()).getByText("Det går inte att blockera en dag som redan har passerat.")).toBeTruthy();
    // Also inside the dialog, which hides the page (and its toasts) from screen readers while open.
    expect(within(dialog).getByRole("alert").textContent).toBe("Det går inte att blockera en dag som redan har passerat.");

    answer = { status: 500, body: "" };
    submit(dialog);
    expect(await within(await toasts()).findByText("Kunde inte blockera tiden")).toBeTruthy();
  });

  it("edits a blocked time with PATCH and deletes one after confirmation", async () => {
    const calls: string[] = [];
    mockFetch({
      "GET /api/admin/blocked-time-slots": { body: [blocked] },
      "PATCH /api/admin/blocked-time-slots/7": (init) => {
        calls.push(`PATCH ${String(init?.body)}`);
        return { body: { blockedTime: { ...blocked, reason: "Ny anledning" }, overlappingBookings: [] } };
      },
      "DELETE /api/admin/blocked-time-slots/7": () => {
        calls.push("DELETE");
        return { status: 500, body: "" };
      },
    });
    renderApp("/admin/blocked-times", { user: adminUser });
    fireEvent.click(await screen.findByRole("button", { name: /^Redigera blockerad tid/ }));
    const dialog = await screen.findByRole("dialog", { name: "Redigera blockerad tid" });
    expect(field(dialog, "Datum").value).toBe(FUTURE);
    fireEvent.change(field(dialog, "Anledning"), { target: { value: "Ny anledning" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Spara ändringar" }));
    expect(await within(await toasts()).findByText("Uppdaterad")).toBeTruthy();
    expect(JSON.parse(calls[0].slice(6))).toMatchObject({ reason: "Ny anledning", date: FUTURE });
    expect(screen.queryByRole("region", { name: /ligger inom den blockerade tiden/ })).toBeNull();

    fireEvent.click(screen.getByRole("button", { name: /^Ta bort blockerad tid/ }));
    const confirm = await screen.findByRole("alertdialog", { name: "Ta bort blockerad tid?" });
    fireEvent.click(within(confirm).getByRole("button", { name: "Ta bort" }));
    expect(await within(await toasts()).findByText("Kunde inte ta bort den blockerade tiden")).toBeTruthy();
    expect(calls).toContain("DELETE");
  });
});
