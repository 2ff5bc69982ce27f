import type { Browser, Page } from "@playwright/test";
import { addDays, bookingWindow, todayIn, weekdayOf, type IsoDate } from "../src/common/booking-rules";
import { weekStart } from "../src/common/planning/week";
import { expect, expectNoSeriousA11yViolations, test } from "./fixtures";

// rules D25, as the admin and a customer see it. The demo company has nobody bookable (capacity
// one). A Tuesday's one service time is taken by a visit, so the customer cannot pick that day; the
// admin switches Erik on, and the visit (it needs a technician) takes his time: still taken; then
// Sara too, and the customer can pick it; a whole-day absence of Sara's takes it away again; the
// planning grid has a row for each of them. Runs in its own project after every other journey
// (playwright.config.ts): it changes the company's capacity, and puts it back at the end.

const toasts = (page: Page) => page.getByRole("region", { name: /Aviseringar/, includeHidden: true });
const swedishDate = (date: IsoDate) =>
  new Intl.DateTimeFormat("sv-SE", { weekday: "long", day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }).format(new Date(`${date}T00:00:00Z`));

/** The latest Tuesday of the booking window whose service time (15:30–17:30) is still free. */
async function freeTuesday(page: Page): Promise<IsoDate> {
  const today = todayIn(new Date());
  const { latest } = bookingWindow("service", today);
  for (let date = latest; date > today; date = addDays(date, -1)) {
    if (weekdayOf(date) !== 2) continue;
    const day = (await (await page.request.get(`/api/availability/day?serviceType=service&date=${date}`)).json()) as { slots: { available: boolean }[] };
    if (day.slots.length === 1 && day.slots[0].available) return date;
  }
  throw new Error("no Tuesday with a free service time");
}

/** A customer's wizard at `date`'s month: whether the day can be picked. */
async function customerSeesDay(
  browser: Browser,
  baseURL: string,
  date: IsoDate,
): Promise<{ page: Page; close: () => Promise<void>; dayButton: ReturnType<Page["getByRole"]> }> {
  const context = await browser.newContext({ baseURL, locale: "sv-SE", timezoneId: "Europe/Stockholm", viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.goto("/booking?service=service");
  await expect(page.getByRole("heading", { level: 2, name: "Tjänst & Beskrivning" })).toBeVisible({ timeout: 20_000 });
  await page.getByLabel("Värmepumpsmodell").fill("Nibe F2120");
  await page.getByLabel("Beskrivning", { exact: true }).fill("Årlig service av luft/vattenvärmepumpen.");
  await page.getByRole("button", { name: "Nästa", exact: true }).click();
  await expect(page.getByText(/^Valt datum:/)).toBeVisible({ timeout: 20_000 });
  // Back to the first month, then forward to the date's.
  const previous = page.getByRole("button", { name: "Föregående månad" });
  while (await previous.isEnabled()) await previous.click();
  const monthOf = (d: IsoDate) => d.slice(0, 7);
  const { earliest } = bookingWindow("service", todayIn(new Date()));
  for (let month = monthOf(earliest); month < monthOf(date); month = monthOf(addDays(`${month}-28`, 7))) {
    await page.getByRole("button", { name: "Nästa månad" }).click();
  }
  return { page, close: () => context.close(), dayButton: page.getByRole("button", { name: swedishDate(date), exact: true }) };
}

test("an admin makes a second technician bookable and the customer can book a time that was taken; her absence takes it away again", async ({
  page,
  loginAs,
  baseURL,
  browser,
}) => {
  await loginAs("admin");
  const date = await freeTuesday(page);
  // The day's only service time is taken.
  const booked = await page.request.post("/api/bookings", {
    headers: { origin: baseURL! },
    data: {
      serviceType: "service",
      heatpumpModel: "Nibe F2120",
      description: "Service före vintern.",
      date,
      timeSlot: "15:30-17:30",
      name: "Kapacitet Kund",
      email: `kapacitet-${Date.now()}@exempel.se`,
      phone: "070-123 45 67",
      address: "Storgatan 12",
      city: "Uppsala",
      postalCode: "753 20",
    },
  });
  expect(booked.status(), await booked.text()).toBe(201);
  const calendars = (await (await page.request.get("/api/admin/technicians")).json()) as { id: number; name: string; bookable: boolean }[];
  const erik = calendars.find((t) => t.name === "Erik Johansson")!;
  const sara = calendars.find((t) => t.name === "Sara Nilsson")!;
  expect([erik.bookable, sara.bookable]).toEqual([false, false]);

  try {
    let customer = await customerSeesDay(browser, baseURL!, date);
    await expect(customer.dayButton).toBeDisabled();
    await customer.close();

    // The admin switches Erik on: the visit needs a technician, and he is the one: still taken.
    await page.goto(`/admin/technicians?vecka=${weekStart(date)}`);
    await expect(page.getByRole("heading", { level: 1, name: "Teknikerplanering" })).toBeVisible({ timeout: 20_000 });
    const switchOn = async (name: string) => {
      const card = page.getByRole("region", { name, exact: true });
      await card.getByRole("checkbox", { name: "Bokningsbar (kunder kan boka tider hos teknikern)" }).check();
      await card.getByRole("button", { name: "Spara kalender" }).click();
      await expect(toasts(page)).toContainText("Kalendern är sparad");
      return card;
    };
    await switchOn("Erik Johansson");
    customer = await customerSeesDay(browser, baseURL!, date);
    await expect(customer.dayButton).toBeDisabled();
    await customer.close();

    // And Sara: now someone is free for it.
    const card = await switchOn("Sara Nilsson");

    customer = await customerSeesDay(browser, baseURL!, date);
    await expect(customer.dayButton).toBeEnabled();
    await customer.dayButton.click();
    await expect(customer.page.getByRole("group", { name: "Välj starttid" }).getByRole("radio", { name: "15:30–17:30", exact: true })).toBeVisible();
    await customer.close();

    // A whole day away for Sara: the time is gone again.
    await card.getByLabel("Från och med", { exact: true }).fill(date);
    await card.getByLabel("Anledning", { exact: true }).fill("Utbildning");
    await card.getByRole("button", { name: "Lägg till frånvaro" }).click();
    await expect(toasts(page)).toContainText("Frånvaron är sparad");
    customer = await customerSeesDay(browser, baseURL!, date);
    await expect(customer.dayButton).toBeDisabled();
    await customer.close();

    // The week grid: a row for each technician (Sara's with her absence), and the visit nobody has yet.
    await page.reload();
    const grid = page.getByRole("region", { name: /^Besök vecka \d+$/ });
    const row = (name: string) => grid.getByRole("row").filter({ has: page.getByRole("rowheader", { name, exact: true }) });
    await expect(row("Erik Johansson")).toBeVisible();
    await expect(row("Sara Nilsson").getByRole("cell").nth(1)).toContainText("Frånvarande");
    await expect(row("Ej tilldelade").getByRole("cell").nth(1)).toContainText("Kapacitet Kund");
    await expectNoSeriousA11yViolations(page);
  } finally {
    // Back to the demo's one calendar for whatever runs next.
    const now = (await (await page.request.get("/api/admin/technicians")).json()) as { id: number; absences: { id: number }[] }[];
    for (const technician of [erik, sara]) {
      for (const absence of now.find((t) => t.id === technician.id)!.absences) {
        await page.request.delete(`/api/admin/technicians/${technician.id}/absences/${absence.id}`, { headers: { origin: baseURL! } });
      }
      await page.request.put(`/api/admin/technicians/${technician.id}/calendar`, {
        headers: { origin: baseURL! },
        data: { bookable: false, workDays: null, workStart: null, workEnd: null },
      });
    }
  }
});
