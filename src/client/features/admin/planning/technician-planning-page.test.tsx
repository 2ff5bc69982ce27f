import { act, cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent, { type UserEvent } from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { resetToasts } from "@/client/components/ui/toast";
import { adminUser, mockFetch, renderApp, type FetchHandler, type MockAnswer } from "@/client/test/test-utils";
import type { Technician } from "@/common/schemas/planning";
import type { TechnicianCalendar } from "@/common/schemas/technician-calendars";

// rules D25: the technicians' calendars below the week grid of /admin/technicians, and their
// absences in the grid. The HTTP layer is stubbed; what is asserted is what the admin sees and sends.

afterEach(() => {
  cleanup();
  act(() => resetToasts());
  vi.unstubAllGlobals();
});

/** A Monday far ahead: the week shown, and the days of the absences. */
const MONDAY = "2099-03-02";
const WEDNESDAY = "2099-03-04";

const technicians: Technician[] = [{ id: 5, name: "Sara Nilsson", username: "sara" }];
const sara: TechnicianCalendar = {
  id: 5,
  name: "Sara Nilsson",
  username: "sara",
  bookable: true,
  workDays: [1, 2, 3],
  workStart: "07:00",
  workEnd: "16:00",
  absences: [],
};

/** The page's reads, with the calendars given, plus the writes a test answers. */
function stubApi(calendars: TechnicianCalendar[], writes: Record<string, FetchHandler | MockAnswer> = {}) {
  return mockFetch({
    "GET /api/technicians": { body: technicians },
    "GET /api/bookings": { body: [] },
    "GET /api/admin/technicians": { body: calendars },
    ...writes,
  });
}

/** Records each body sent to a write and answers it. */
function recording(answer: (body: unknown) => MockAnswer) {
  const bodies: unknown[] = [];
  const handler: FetchHandler = (init) => {
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    bodies.push(body);
    return answer(body);
  };
  return { bodies, handler };
}

const openPage = async () => {
  renderApp(`/admin/technicians?vecka=${MONDAY}`, { user: adminUser });
  await screen.findByRole("heading", { level: 2, name: "Teknikernas kalendrar" });
  return screen.findByRole("region", { name: "Sara Nilsson" });
};
const toasts = () => screen.findByRole("region", { name: /Aviseringar/ });
const checkbox = (card: HTMLElement, name: string | RegExp) => within(card).getByRole("checkbox", { name });
const save = (user: UserEvent, card: HTMLElement) => user.click(within(card).getByRole("button", { name: "Spara kalender" }));

describe("a technician's calendar", () => {
  it("shows the saved calendar and saves 'every day' and the company's hours as null", async () => {
    const user = userEvent.setup();
    const put = recording((body) => ({ body: { ...sara, ...(body as object) } }));
    stubApi([sara], { "PUT /api/admin/technicians/5/calendar": put.handler });
    const card = await openPage();

    expect(checkbox(card, "Bokningsbar (kunder kan boka tider hos teknikern)")).toBeChecked();
    expect(checkbox(card, "Alla dagar företaget tar bokningar")).not.toBeChecked();
    expect(checkbox(card, "Måndag")).toBeChecked();
    expect(checkbox(card, "Onsdag")).toBeChecked();
    expect(checkbox(card, "Torsdag")).not.toBeChecked();
    expect(within(card).getByLabelText("Börjar")).toHaveValue("07:00");
    expect(within(card).getByLabelText("Slutar")).toHaveAccessibleDescription("Tomt: företagets tider");

    await user.click(checkbox(card, /^Bokningsbar/));
    await user.click(checkbox(card, "Alla dagar företaget tar bokningar"));
    // Every day the company books: the single days are not asked for.
    expect(within(card).queryByRole("checkbox", { name: "Måndag" })).not.toBeInTheDocument();
    await user.clear(within(card).getByLabelText("Börjar"));
    await user.clear(within(card).getByLabelText("Slutar"));
    await save(user, card);

    expect(await within(await toasts()).findByText("Kalendern är sparad")).toBeInTheDocument();
    expect(put.bodies).toEqual([{ bookable: false, workDays: null, workStart: null, workEnd: null }]);
  });

  it("sends the ticked days in order and the hours, after the contract's messages under their fields", async () => {
    const user = userEvent.setup();
    const put = recording((body) => ({ body: { ...sara, ...(body as object) } }));
    stubApi([{ ...sara, workDays: null, workStart: null, workEnd: null }], { "PUT /api/admin/technicians/5/calendar": put.handler });
    const card = await openPage();
    expect(checkbox(card, "Alla dagar företaget tar bokningar")).toBeChecked();
    expect(within(card).getByLabelText("Börjar")).toHaveValue("");

    // Leaving 'every day' offers a working week, Monday to Friday.
    await user.click(checkbox(card, "Alla dagar företaget tar bokningar"));
    for (const day of ["Måndag", "Tisdag", "Onsdag", "Torsdag", "Fredag"]) expect(checkbox(card, day)).toBeChecked();
    expect(checkbox(card, "Lördag")).not.toBeChecked();
    for (const day of ["Måndag", "Tisdag", "Onsdag", "Torsdag", "Fredag"]) await user.click(checkbox(card, day));
    await user.type(within(card).getByLabelText("Börjar"), "09:00");
    await save(user, card);
    expect(await within(card).findByText("Välj minst en arbetsdag, eller alla dagar")).toBeInTheDocument();
    expect(within(card).getByLabelText("Slutar")).toHaveAccessibleDescription(
      "Tomt: företagets tider Ange både när arbetsdagen börjar och slutar, eller ingen av dem",
    );
    expect(put.bodies).toEqual([]);

    await user.click(checkbox(card, "Söndag"));
    await user.click(checkbox(card, "Onsdag"));
    await user.click(checkbox(card, "Lördag"));
    await user.type(within(card).getByLabelText("Slutar"), "15:00");
    await save(user, card);
    await waitFor(() => expect(put.bodies).toEqual([{ bookable: true, workDays: [0, 3, 6], workStart: "09:00", workEnd: "15:00" }]));
  });

  it("shows the server's refusal once, above the button", async () => {
    const user = userEvent.setup();
    stubApi([sara], { "PUT /api/admin/technicians/5/calendar": { status: 404, body: { message: "Teknikern finns inte" } } });
    const card = await openPage();
    await save(user, card);
    expect((await within(card).findByText("Teknikern finns inte")).closest("[role=alert]")).not.toBeNull();
    // Not a toast besides: once is enough.
    expect(screen.getAllByText("Teknikern finns inte")).toHaveLength(1);
  });
});

describe("a technician's absences", () => {
  const absenceForm = (card: HTMLElement) => ({
    from: within(card).getByLabelText("Från och med"),
    to: within(card).getByLabelText("Till och med"),
    wholeDay: checkbox(card, "Hela dagen"),
    reason: within(card).getByLabelText("Anledning"),
    submit: within(card).getByRole("button", { name: "Lägg till frånvaro" }),
  });

  it("adds whole days with null times, and shows the server's 409 about the technician's visits", async () => {
    const user = userEvent.setup();
    const visits = "Teknikern har ett besök under frånvaron (första: 4 mars 2099 08:00–10:00). Flytta det till någon annan först.";
    let refuse = true;
    const post = recording(() =>
      refuse
        ? { status: 409, body: { message: visits } }
        : { status: 201, body: [{ id: 31, date: WEDNESDAY, startTime: "00:00", endTime: "23:59", reason: "Kurs" }] },
    );
    stubApi([sara], { "POST /api/admin/technicians/5/absences": post.handler });
    const card = await openPage();
    expect(within(card).getByText("Ingen frånvaro inlagd")).toBeInTheDocument();
    const form = absenceForm(card);
    expect(form.wholeDay).toBeChecked();
    // A whole day asks for no times.
    expect(within(card).queryByLabelText("Från")).not.toBeInTheDocument();

    await user.type(form.from, WEDNESDAY);
    // The last day follows the first.
    expect(form.to).toHaveValue(WEDNESDAY);
    await user.type(form.reason, "Kurs");
    await user.click(form.submit);
    expect((await within(card).findByText(visits)).closest("[role=alert]")).not.toBeNull();
    expect(screen.getAllByText(visits)).toHaveLength(1);
    expect(post.bodies).toEqual([{ fromDate: WEDNESDAY, toDate: WEDNESDAY, startTime: null, endTime: null, reason: "Kurs" }]);

    refuse = false;
    await user.click(form.submit);
    expect(await within(await toasts()).findByText("Frånvaron är sparad")).toBeInTheDocument();
    expect(post.bodies).toHaveLength(2);
    // The form is empty again for the next one.
    expect(absenceForm(card).reason).toHaveValue("");
  });

  it("adds part of each day with its times, after the contract's checks", async () => {
    const user = userEvent.setup();
    const post = recording(() => ({ status: 201, body: [] }));
    stubApi([sara], { "POST /api/admin/technicians/5/absences": post.handler });
    const card = await openPage();
    const form = absenceForm(card);

    await user.click(form.submit);
    expect(await within(card).findByText("Välj första dagen")).toBeInTheDocument();
    expect(within(card).getByText("Ange en anledning")).toBeInTheDocument();

    await user.type(form.from, MONDAY);
    await user.clear(form.to);
    await user.type(form.to, WEDNESDAY);
    await user.click(form.wholeDay);
    await user.type(within(card).getByLabelText("Från"), "13:00");
    await user.type(within(card).getByLabelText("Till"), "12:00");
    await user.type(form.reason, "Tandläkare");
    await user.click(form.submit);
    expect(await within(card).findByText("Sluttiden måste vara efter starttiden")).toBeInTheDocument();
    expect(post.bodies).toEqual([]);

    await user.clear(within(card).getByLabelText("Till"));
    await user.type(within(card).getByLabelText("Till"), "16:00");
    await user.click(form.submit);
    await waitFor(() => expect(post.bodies).toEqual([{ fromDate: MONDAY, toDate: WEDNESDAY, startTime: "13:00", endTime: "16:00", reason: "Tandläkare" }]));
  });

  it("lists the absences, shows them in the technician's row of the grid, and deletes one", async () => {
    const user = userEvent.setup();
    const deleted: string[] = [];
    const withAbsences: TechnicianCalendar = {
      ...sara,
      absences: [
        { id: 31, date: WEDNESDAY, startTime: "00:00", endTime: "23:59", reason: "Semester" },
        { id: 32, date: "2099-03-05", startTime: "08:00", endTime: "12:00", reason: "Läkarbesök" },
      ],
    };
    stubApi([withAbsences], {
      "DELETE /api/admin/technicians/5/absences/31": (_init, url) => {
        deleted.push(url);
        return { body: { ok: true } };
      },
    });
    const card = await openPage();
    const list = within(card).getByRole("list", { name: "Frånvaro för Sara Nilsson" });
    const items = within(list).getAllByRole("listitem");
    expect(items[0]).toHaveTextContent(/^4 mars 2099\s*Hela dagen\s*Semester/);
    expect(items[1]).toHaveTextContent(/^5 mars 2099\s*08:00–12:00\s*Läkarbesök/);

    // In the grid: Sara's row, Wednesday's and Thursday's cells.
    const grid = screen.getByRole("region", { name: /^Besök vecka/ });
    const row = within(grid)
      .getAllByRole("row")
      .find((r) => within(r).queryByRole("rowheader", { name: "Sara Nilsson" }))!;
    const cells = within(row).getAllByRole("cell");
    expect(cells[2]).toHaveTextContent(/Frånvarande\s*Semester\s*Hela dagen/);
    expect(cells[3]).toHaveTextContent(/Frånvarande\s*Läkarbesök\s*08:00–12:00/);
    expect(cells[1]).not.toHaveTextContent("Frånvarande");

    expect(within(list).getByRole("button", { name: "Ta bort frånvaron 5 mars 2099 08:00–12:00" })).toBeInTheDocument();
    await user.click(within(list).getByRole("button", { name: "Ta bort frånvaron 4 mars 2099" }));
    expect(await within(await toasts()).findByText("Frånvaron är borttagen")).toBeInTheDocument();
    expect(deleted).toHaveLength(1);
  });
});
