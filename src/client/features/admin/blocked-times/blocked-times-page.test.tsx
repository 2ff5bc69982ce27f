import { act, cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent, { type UserEvent } from "@testing-library/user-event";
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

async function openCreateDialog(user: UserEvent) {
  await user.click(await screen.findByRole("button", { name: "Blockera tid" }));
  return screen.findByRole("dialog", { name: "Blockera tid" });
}

const field = (dialog: HTMLElement, label: string) => within(dialog).getByLabelText(label) as HTMLInputElement;
const submit = (user: UserEvent, dialog: HTMLElement) => user.click(within(dialog).getByRole("button", { name: "Blockera tid" }));
/** The toast region (mounted with the first toast). */
// `hidden`: while a dialog is open, Radix hides everything outside it from the accessibility tree.
const toasts = () => screen.findByRole("region", { name: /Aviseringar/, hidden: true });

describe("blocked times", () => {
  it("lists the upcoming blocked times by default and keeps another filter in the URL", async () => {
    const user = userEvent.setup();
    const fetchMock = mockFetch({ "GET /api/admin/blocked-time-slots": { body: [blocked] } });
    const { router } = renderApp("/admin/blocked-times", { user: adminUser });
    const list = await screen.findByRole("list", { name: "Blockerade tider" });
    expect(within(list).getByText("Utbildning hos tillverkaren")).toBeInTheDocument();
    expect(within(list).getByText("08:00–17:00")).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith("/api/admin/blocked-time-slots?filter=upcoming"))).toBe(true);
    expect(screen.getByRole("button", { name: "Kommande" })).toHaveAttribute("aria-pressed", "true");
    expect(screen.getByRole("link", { name: /Tillbaka till administrationen/ })).toHaveAttribute("href", "/admin");

    await user.click(screen.getByRole("button", { name: "Passerade" }));
    await waitFor(() => expect(router.state.location.search).toBe("?filter=past"));
    await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith("?filter=past"))).toBe(true));
  });

  it("shows every rules §5 message inline when the form is sent empty", async () => {
    const user = userEvent.setup();
    const fetchMock = mockFetch({ "GET /api/admin/blocked-time-slots": { body: [] } });
    renderApp("/admin/blocked-times", { user: adminUser });
    expect(await screen.findByText("Inga kommande blockerade tider.")).toBeInTheDocument();
    const dialog = await openCreateDialog(user);

    // rules §5 defaults: 08:00 to 17:00, every service type chosen.
    expect(field(dialog, "Starttid")).toHaveValue("08:00");
    expect(field(dialog, "Sluttid")).toHaveValue("17:00");
    for (const type of ["Service", "Installation", "Felsökning"]) expect(field(dialog, type)).toBeChecked();

    await user.clear(field(dialog, "Starttid"));
    for (const type of ["Service", "Installation", "Felsökning"]) await user.click(field(dialog, type));
    await submit(user, dialog);

    expect(await within(dialog).findByText("Datum måste väljas")).toBeInTheDocument();
    expect(within(dialog).getByText("Ogiltig tid. Använd format HH:MM")).toBeInTheDocument();
    expect(within(dialog).getByText("Ange en anledning")).toBeInTheDocument();
    expect(within(dialog).getByText("Välj minst en tjänsttyp")).toBeInTheDocument();
    const date = field(dialog, "Datum");
    expect(date).toHaveAttribute("aria-invalid", "true");
    expect(document.getElementById(date.getAttribute("aria-describedby") ?? "")?.textContent).toBe("Datum måste väljas");
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === "POST")).toBe(false);
  });

  it("refuses a past date and an end before the start", async () => {
    const user = userEvent.setup();
    const fetchMock = mockFetch({ "GET /api/admin/blocked-time-slots": { body: [] } });
    renderApp("/admin/blocked-times", { user: adminUser });
    const dialog = await openCreateDialog(user);
    await user.type(field(dialog, "Datum"), "2020-01-07");
    await user.clear(field(dialog, "Starttid"));
    await user.type(field(dialog, "Starttid"), "12:00");
    await user.clear(field(dialog, "Sluttid"));
    await user.type(field(dialog, "Sluttid"), "10:00");
    await user.type(field(dialog, "Anledning"), "Semester");
    await submit(user, dialog);
    expect(await within(dialog).findByText("Det går inte att blockera en dag som redan har passerat.")).toBeInTheDocument();
    expect(within(dialog).getByText("Sluttiden måste vara efter starttiden")).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === "POST")).toBe(false);
  });

  it("blocks a time, toasts 'Tid blockerad' and lists the bookings inside it with links", async () => {
    const user = userEvent.setup();
    let sent: unknown;
    const saved: BlockedTimeSaved = {
      blockedTime: { ...blocked, id: 8, reason: "Semester" },
      overlappingBookings: [
        { id: 41, date: FUTURE, timeSlot: "15:30-17:30", endTime: "17:30", serviceType: "service", status: "confirmed", customerName: "Karin Berg" },
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
    const dialog = await openCreateDialog(user);
    await user.type(field(dialog, "Datum"), FUTURE);
    await user.type(field(dialog, "Anledning"), "Semester");
    await user.click(field(dialog, "Installation"));
    await submit(user, dialog);

    expect(await within(await toasts()).findByText("Tid blockerad")).toBeInTheDocument();
    expect(sent).toEqual({ date: FUTURE, startTime: "08:00", endTime: "17:00", reason: "Semester", serviceTypes: ["service", "troubleshooting"] });
    const notice = await screen.findByRole("region", { name: "En bokning ligger inom den blockerade tiden" });
    expect(notice).toHaveTextContent("Kontakta kunderna");
    const link = within(notice).getByRole("link", { name: /Öppna bokning 41/ });
    expect(link).toHaveAttribute("href", "/admin/bookings/41");
    expect(link).toHaveTextContent("Karin Berg");
  });

  it("shows the server's message when saving fails, and the §8 fallback without one", async () => {
    const user = userEvent.setup();
    let answer = { status: 422, body: { message: "Det går inte att blockera en dag som redan har passerat." } as unknown };
    mockFetch({ "GET /api/admin/blocked-time-slots": { body: [] }, "POST /api/admin/blocked-time-slots": () => answer });
    renderApp("/admin/blocked-times", { user: adminUser });
    const dialog = await openCreateDialog(user);
    await user.type(field(dialog, "Datum"), FUTURE);
    await user.type(field(dialog, "Anledning"), "Semester");
    await submit(user, dialog);
    expect(await within(await toasts()).findByText("Ett fel uppstod")).toBeInTheDocument();
    expect(within(await toasts()).getByText("Det går inte att blockera en dag som redan har passerat.")).toBeInTheDocument();
    // Also inside the dialog, which hides the page (and its toasts) from screen readers while open.
    expect(within(dialog).getByRole("alert").textContent).toBe("Det går inte att blockera en dag som redan har passerat.");

    answer = { status: 500, body: "" };
    await submit(user, dialog);
    expect(await within(await toasts()).findByText("Kunde inte blockera tiden")).toBeInTheDocument();
  });

  it("edits a blocked time with PATCH and deletes one after confirmation", async () => {
    const user = userEvent.setup();
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
    await user.click(await screen.findByRole("button", { name: /^Redigera blockerad tid/ }));
    const dialog = await screen.findByRole("dialog", { name: "Redigera blockerad tid" });
    expect(field(dialog, "Datum")).toHaveValue(FUTURE);
    await user.clear(field(dialog, "Anledning"));
    await user.type(field(dialog, "Anledning"), "Ny anledning");
    await user.click(within(dialog).getByRole("button", { name: "Spara ändringar" }));
    expect(await within(await toasts()).findByText("Uppdaterad")).toBeInTheDocument();
    expect(JSON.parse(calls[0].slice(6))).toMatchObject({ reason: "Ny anledning", date: FUTURE });
    expect(screen.queryByRole("region", { name: /ligger inom den blockerade tiden/ })).not.toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: /^Ta bort blockerad tid/ }));
    const confirm = await screen.findByRole("alertdialog", { name: "Ta bort blockerad tid?" });
    await user.click(within(confirm).getByRole("button", { name: "Ta bort den blockerade tiden" }));
    expect(await within(await toasts()).findByText("Kunde inte ta bort den blockerade tiden")).toBeInTheDocument();
    expect(calls).toContain("DELETE");
  });
});
