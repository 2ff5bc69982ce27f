import type { APIRequestContext, Locator, Page, TestInfo } from "@playwright/test";
import { expect, expectNoSeriousA11yViolations, test } from "./fixtures";
import { addDays, closedDayName, isClosedDay, todayIn } from "../src/common/booking-rules";
import { weekStart } from "../src/common/planning/week";

// Issue 13 (planning): route grouping for a day, with the split suggestion, the summary and the
// drives that do not fit; the technician planning grid, where an admin assigns visits (with the
// keyboard too) that the technician then sees as theirs. Issue 23: both show every visit still to be
// made (planned, confirmed, moved, in progress) with its status; completed and cancelled ones not. Both projects run at once, and so do the
// two journeys of one project: each journey books its own Monday, 15-19 weeks ahead, where no other
// journey books (the demo data reaches 60 days ahead, public bookings 74, the other journeys' far
// dates begin 200 days ahead), so the counts on the screens are the journey's own.
// The statistics page has its own spec (admin-statistics.spec.ts).

const toasts = (page: Page) => page.getByRole("region", { name: /Aviseringar/, includeHidden: true });

const DAYS_AHEAD = {
  route: { mobile: 105, desktop: 126 },
  technicians: { mobile: 112, desktop: 133 },
} as const;

/** The journey's own Monday (yyyy-MM-dd), a different one per journey and project. */
function mondayFor(journey: keyof typeof DAYS_AHEAD, testInfo: TestInfo): string {
  const date = new Date();
  date.setUTCDate(date.getUTCDate() + DAYS_AHEAD[journey][testInfo.project.name === "mobile" ? "mobile" : "desktop"]);
  date.setUTCDate(date.getUTCDate() - ((date.getUTCDay() + 6) % 7));
  return date.toISOString().slice(0, 10);
}

const plusDays = (iso: string, days: number) => new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/**
 * The ISO 8601 week Swedish calendars use (week 1 holds the year's first Thursday), worked out here
 * on its own so the journey does not trust the app's own week code.
 */
function isoWeek(iso: string): { week: number; year: number } {
  const date = new Date(`${iso}T00:00:00Z`);
  const thursday = new Date(date);
  thursday.setUTCDate(date.getUTCDate() + 3 - ((date.getUTCDay() + 6) % 7));
  const year = thursday.getUTCFullYear();
  return { week: 1 + Math.floor((thursday.getTime() - Date.UTC(year, 0, 1)) / (7 * 86_400_000)), year };
}

type Visit = {
  name: string;
  city: string;
  postalCode: string;
  serviceType: "service" | "hembesok";
  date: string;
  timeSlot: string;
  status?: "confirmed" | "planned" | "rescheduled" | "in_progress" | "completed";
};

/** A visit booked as an admin would over the phone (rules D6: any date from today on); returns its id. */
async function book(request: APIRequestContext, baseURL: string, visit: Visit): Promise<number> {
  const res = await request.post("/api/admin/bookings", {
    headers: { origin: baseURL },
    data: {
      customerInfo: {
        name: visit.name,
        email: `${visit.name.toLowerCase().replace(/[^a-z0-9]+/g, ".")}@exempel.se`,
        phone: "070-111 22 33",
        address: "Planvägen 1",
        city: visit.city,
        postalCode: visit.postalCode,
      },
      serviceType: visit.serviceType,
      date: visit.date,
      timeSlot: visit.timeSlot,
      status: visit.status ?? "confirmed",
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

async function cancel(request: APIRequestContext, baseURL: string, id: number) {
  const res = await request.patch(`/api/admin/bookings/${id}/status`, { headers: { origin: baseURL }, data: { status: "cancelled" } });
  expect(res.status(), await res.text()).toBe(200);
}

/** The value of a summary card: the figure under its label. */
const figure = (cards: Locator, label: string) => cards.getByText(label, { exact: true }).locator("xpath=following-sibling::p[1]");

test("route optimisation groups a day's active visits per city with their status, suggests a split and flags drives that do not fit", async ({
  page,
  loginAs,
  baseURL,
}, testInfo) => {
  await loginAs("admin");
  const date = mondayFor("route", testInfo);
  const tag = `Rutt ${testInfo.project.name}`;
  // Four visits in Uppsala (above three: a split is suggested) and two in Enköping, none
  // overlapping (two-hour service slots and the half-hour home visits around them), each still to be
  // made whatever its status (issue 23: not only the confirmed ones); besides them a completed
  // visit and a cancelled one, which route optimisation leaves out.
  const uppsala = [
    { name: `${tag} U1`, serviceType: "service", timeSlot: "08:00-10:00", postalCode: "753 20", status: "confirmed", label: "Bekräftad" },
    { name: `${tag} U2`, serviceType: "hembesok", timeSlot: "10:00-10:30", postalCode: "753 31", status: "planned", label: "Planerad" },
    { name: `${tag} U3`, serviceType: "hembesok", timeSlot: "10:30-11:00", postalCode: "753 20", status: "in_progress", label: "Pågående" },
    { name: `${tag} U4`, serviceType: "hembesok", timeSlot: "11:00-11:30", postalCode: "753 31", status: "confirmed", label: "Bekräftad" },
  ] as const;
  const enkoping = [
    { name: `${tag} E1`, serviceType: "hembesok", timeSlot: "14:00-14:30", postalCode: "745 31", status: "confirmed", label: "Bekräftad" },
    { name: `${tag} E2`, serviceType: "service", timeSlot: "16:00-18:00", postalCode: "745 37", status: "rescheduled", label: "Omplanerad" },
  ] as const;
  for (const { label: _label, ...visit } of uppsala) await book(page.request, baseURL!, { ...visit, city: "Uppsala", date });
  for (const { label: _label, ...visit } of enkoping) await book(page.request, baseURL!, { ...visit, city: "Enköping", date });
  const completed = `${tag} genomförd`;
  await book(page.request, baseURL!, {
    name: completed,
    city: "Uppsala",
    postalCode: "753 20",
    serviceType: "hembesok",
    date,
    timeSlot: "12:00-12:30",
    status: "completed",
  });
  const cancelled = `${tag} avbokad`;
  await cancel(
    page.request,
    baseURL!,
    await book(page.request, baseURL!, { name: cancelled, city: "Enköping", postalCode: "745 31", serviceType: "hembesok", date, timeSlot: "13:00-13:30" }),
  );

  await page.goto(`/admin/route-optimization?datum=${date}`);
  await expect(page.getByRole("heading", { level: 1, name: "Ruttoptimering" })).toBeVisible({ timeout: 20_000 });
  const uppsalaGroup = page.getByRole("region", { name: "Uppsala", exact: true });
  const enkopingGroup = page.getByRole("region", { name: "Enköping", exact: true });
  // Two city groups, in Swedish order, with their counts; the split suggestion only above three.
  await expect(page.getByRole("heading", { level: 3 })).toHaveText(["Enköping – 2 besök", "Uppsala – 4 besök"]);
  await expect(uppsalaGroup).toContainText("Fler än 3 besök – föreslå att två tekniker delar på orten.");
  await expect(enkopingGroup).toBeVisible();
  await expect(enkopingGroup).not.toContainText("föreslå att två tekniker");
  await expect(page.getByText("Fler än 3 besök – föreslå att två tekniker delar på orten.")).toHaveCount(1);
  // Each visit with its status; completed or cancelled: not part of the day's route.
  for (const [group, visits] of [
    [uppsalaGroup, uppsala],
    [enkopingGroup, enkoping],
  ] as const) {
    for (const visit of visits) await expect(group.getByRole("listitem").filter({ hasText: visit.name })).toContainText(visit.label);
  }
  await expect(page.getByText(completed)).toHaveCount(0);
  await expect(page.getByText(cancelled)).toHaveCount(0);

  // rules §9: half an hour of driving per city, rounded up to whole hours.
  const cards = page.getByRole("region", { name: "Ruttoptimering", exact: true });
  const drivingHours = (cities: number) => `${Math.ceil(cities * 0.5)} h`;
  await expect(figure(cards, "Besök")).toHaveText("6");
  await expect(figure(cards, "Orter")).toHaveText("2");
  await expect(figure(cards, "Beräknad körtid")).toHaveText(drivingHours(2));

  // The day's order with its drives, all estimated from postal codes so far. Back-to-back visits
  // in Uppsala: even the shortest drive does not fit.
  await expect(page.getByText("Hinner inte: 15 min körning men 0 min mellan besöken")).toHaveCount(3);
  await expect(page.getByText("(uppskattat från postnummer)")).toHaveCount(5);
  await expect(page.getByText("(från koordinater)")).toHaveCount(0);
  await expect(page.getByText("Körning ca 60 min (uppskattat från postnummer) – ryms i 150 min mellan besöken")).toBeVisible();
  const enkopingLeg = "ryms i 90 min mellan besöken";
  await expect(page.getByText(`Körning ca 15 min (uppskattat från postnummer) – ${enkopingLeg}`)).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // Coordinates for both customers of the Enköping leg make that drive exact.
  const dialog = page.getByRole("dialog", { name: "Kundens koordinater" });
  await enkopingGroup.getByRole("button", { name: `Ange koordinater för ${enkoping[0].name}` }).click();
  await dialog.getByLabel("Latitud").fill("48.85");
  await dialog.getByLabel("Longitud").fill("17.0774");
  await dialog.getByRole("button", { name: "Spara" }).click();
  await expect(dialog.getByText("Latituden ligger utanför Sverige")).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await dialog.getByLabel("Latitud").fill("59.6356");
  await dialog.getByRole("button", { name: "Spara" }).click();
  await expect(toasts(page)).toContainText("Uppdaterad");
  await expect(dialog).toBeHidden();
  // One of the two has coordinates: still an estimate from the postal codes.
  await expect(page.getByText(`Körning ca 15 min (uppskattat från postnummer) – ${enkopingLeg}`)).toBeVisible();
  await expect(page.getByText("(från koordinater)")).toHaveCount(0);

  await enkopingGroup.getByRole("button", { name: `Ange koordinater för ${enkoping[1].name}` }).click();
  await dialog.getByLabel("Latitud").fill("59.6400");
  await dialog.getByLabel("Longitud").fill("17.0900");
  await dialog.getByRole("button", { name: "Spara" }).click();
  await expect(dialog).toBeHidden();
  // About a kilometre apart: the shortest drive counted, from the coordinates.
  await expect(page.getByText(`Körning ca 5 min (från koordinater) – ${enkopingLeg}`)).toBeVisible();
  await expect(page.getByText("(från koordinater)")).toHaveCount(1);
  await expect(page.getByText("(uppskattat från postnummer)")).toHaveCount(4);

  // The city filter: Enköping alone.
  await page.getByLabel("Ort", { exact: true }).selectOption("Enköping");
  await expect(page).toHaveURL(/ort=Enk%C3%B6ping/);
  await expect(page.getByRole("heading", { level: 3 })).toHaveText(["Enköping – 2 besök"]);
  await expect(uppsalaGroup).toHaveCount(0);
  await expect(page.getByText(uppsala[0].name)).toHaveCount(0);
  await expect(figure(cards, "Besök")).toHaveText("2");
  await expect(figure(cards, "Orter")).toHaveText("1");
  await expect(figure(cards, "Beräknad körtid")).toHaveText(drivingHours(1));
  await expect(page.getByText("Fler än 3 besök – föreslå att två tekniker delar på orten.")).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  // Another day with nothing to do says so.
  await page.getByLabel("Ort", { exact: true }).selectOption("");
  await page.getByLabel("Datum").fill("2020-01-06");
  await expect(page.getByText("Inga besök att göra denna dag.")).toBeVisible();
});

test("an admin assigns visits in the week grid, with the keyboard too, and the technician sees theirs", async ({
  page,
  loginAs,
  baseURL,
  browser,
}, testInfo) => {
  await loginAs("admin");
  const monday = mondayFor("technicians", testInfo);
  const wednesday = plusDays(monday, 2);
  const tag = `Vecka ${testInfo.project.name}`;
  const visit = (n: number, date: string, timeSlot: string, status?: Visit["status"]): Visit => ({
    name: `${tag} ${n}`,
    city: "Uppsala",
    postalCode: "753 20",
    serviceType: "service",
    date,
    timeSlot,
    status,
  });
  const ids: number[] = [];
  for (const [n, date, slot] of [
    [1, monday, "08:00-10:00"],
    [2, monday, "10:00-12:00"],
    [3, monday, "12:00-14:00"],
    [4, monday, "14:00-16:00"],
    [5, wednesday, "10:00-12:00"],
  ] as const) {
    ids.push(await book(page.request, baseURL!, visit(n, date, slot)));
  }
  // Issue 23: every visit still to be made is planned here, whatever its status (rules §4 had
  // confirmed ones only); completed and cancelled ones are not.
  await book(page.request, baseURL!, visit(6, plusDays(monday, 1), "08:00-10:00", "planned"));
  await book(page.request, baseURL!, visit(7, plusDays(monday, 3), "10:00-12:00", "in_progress"));
  await book(page.request, baseURL!, visit(8, plusDays(monday, 3), "12:00-14:00", "completed"));
  await cancel(page.request, baseURL!, await book(page.request, baseURL!, visit(9, plusDays(monday, 4), "10:00-12:00")));
  const technicians = (await (await page.request.get("/api/technicians")).json()) as { id: number; name: string }[];
  const sara = technicians.find((t) => t.name === "Sara Nilsson")!;
  const given = await page.request.put(`/api/admin/bookings/${ids[0]}/technician`, { headers: { origin: baseURL! }, data: { technicianId: sara.id } });
  expect(given.status(), await given.text()).toBe(200);

  await page.goto(`/admin/technicians?vecka=${monday}`);
  await expect(page.getByRole("heading", { level: 1, name: "Teknikerplanering" })).toBeVisible({ timeout: 20_000 });
  const { week, year } = isoWeek(monday);
  // The week's name, and under it its first and last day.
  const weekName = page.getByText(/^Vecka \d+, \d{4}/);
  const weekNamed = (w: { week: number; year: number }) => new RegExp(`^Vecka ${w.week}, ${w.year}(?!\\d)`);
  await expect(weekName).toHaveText(weekNamed({ week, year }));
  const grid = page.getByRole("region", { name: `Besök vecka ${week}`, exact: true });
  await expect(grid).toBeVisible();

  // Seven columns, Monday to Sunday, with their dates.
  const weekdays = ["mån", "tis", "ons", "tors", "fre", "lör", "sön"];
  const months = ["jan", "feb", "mar", "apr", "maj", "jun", "jul", "aug", "sep", "okt", "nov", "dec"];
  const dayHeader = (i: number) => {
    const date = new Date(`${plusDays(monday, i)}T00:00:00Z`);
    return new RegExp(`^${weekdays[i]} ${date.getUTCDate()} ${months[date.getUTCMonth()]}`);
  };
  await expect(grid.getByRole("columnheader")).toHaveText(["Tekniker", ...weekdays.map((_, i) => dayHeader(i))]);

  const rowOf = (name: string) => grid.getByRole("row").filter({ has: page.getByRole("rowheader", { name, exact: true }) });
  const unassignedRow = rowOf("Ej tilldelade");
  const selectFor = (row: Locator, n: number, time: string) => row.getByLabel(`Tekniker för ${tag} ${n} ${time}`, { exact: true });
  // Wednesday's visit sits in Wednesday's column, Monday's in Monday's (the row header is no cell).
  await expect(unassignedRow.getByRole("cell").nth(2)).toContainText(`${tag} 5`);
  await expect(unassignedRow.getByRole("cell").nth(0)).toContainText(`${tag} 2`);
  await expect(selectFor(rowOf("Sara Nilsson"), 1, "08:00–10:00")).toHaveValue(String(sara.id));
  // Each visit says its status; the planned one and the one in progress are there, on their days.
  const chip = (n: number) =>
    grid
      .locator("div")
      .filter({ has: page.getByLabel(new RegExp(`^Tekniker för ${tag} ${n} `)) })
      .last();
  await expect(chip(1)).toContainText("Bekräftad");
  await expect(unassignedRow.getByRole("cell").nth(1)).toContainText(`${tag} 6`);
  await expect(chip(6)).toContainText("Planerad");
  await expect(unassignedRow.getByRole("cell").nth(3)).toContainText(`${tag} 7`);
  await expect(chip(7)).toContainText("Pågående");
  await expect(page.getByText(`${tag} 8`)).toHaveCount(0);
  await expect(page.getByText(`${tag} 9`)).toHaveCount(0);

  const cards = page.getByRole("region", { name: "Teknikerplanering", exact: true });
  await expect(figure(cards, "Besök denna vecka")).toHaveText("7");
  await expect(figure(cards, "Ej tilldelade")).toHaveText("6");
  await expectNoSeriousA11yViolations(page);

  // With the keyboard: on the visit's select, the arrow key picks the first technician in the list.
  const keyboardSelect = selectFor(unassignedRow, 2, "10:00–12:00");
  const first = (await keyboardSelect.locator("option").nth(1).textContent())!;
  await keyboardSelect.focus();
  await page.keyboard.press("ArrowDown");
  await expect(toasts(page)).toContainText(`${tag} 2 10:00–12:00: ${first}`);
  await expect(selectFor(rowOf(first), 2, "10:00–12:00")).toBeVisible();
  await expect(selectFor(unassignedRow, 2, "10:00–12:00")).toHaveCount(0);

  // With the list itself: to the demo technician.
  await selectFor(unassignedRow, 3, "12:00–14:00").selectOption({ label: "Erik Johansson" });
  await expect(toasts(page)).toContainText(`${tag} 3 12:00–14:00: Erik Johansson`);
  await expect(selectFor(rowOf("Erik Johansson"), 3, "12:00–14:00")).toHaveValue(/\d+/);
  await expect(selectFor(unassignedRow, 3, "12:00–14:00")).toHaveCount(0);

  // rules §9: the week's assigned visits per technician, rounded. Three are assigned now; the
  // technicians are the grid's rows (other journeys may add technicians meanwhile).
  await expect(figure(cards, "Ej tilldelade")).toHaveText("4");
  await expect(async () => {
    const technicianRows = (await grid.getByRole("rowheader").count()) - 1;
    expect(await figure(cards, "Snitt per tekniker").textContent()).toBe(String(Math.round(3 / technicianRows)));
  }).toPass({ timeout: 10_000 });

  // The technician filter: Erik's row alone.
  await page.getByLabel("Tekniker", { exact: true }).selectOption({ label: "Erik Johansson" });
  await expect(grid.getByRole("rowheader")).toHaveText(["Erik Johansson"]);
  await expect(unassignedRow).toHaveCount(0);
  await expect(selectFor(rowOf("Erik Johansson"), 3, "12:00–14:00")).toBeVisible();

  // The week buttons move one week at a time.
  await page.getByRole("button", { name: "Nästa vecka" }).click();
  const next = isoWeek(plusDays(monday, 7));
  await expect(weekName).toHaveText(weekNamed(next));
  await expect(page.getByRole("region", { name: `Besök vecka ${next.week}`, exact: true })).toBeVisible();
  await expect(
    page
      .getByRole("region", { name: `Besök vecka ${next.week}`, exact: true })
      .getByRole("columnheader")
      .nth(1),
  ).toHaveText(new RegExp(`^mån ${new Date(`${plusDays(monday, 7)}T00:00:00Z`).getUTCDate()} `));
  await page.getByRole("button", { name: "Föregående vecka" }).click();
  await page.getByRole("button", { name: "Föregående vecka" }).click();
  const previous = isoWeek(plusDays(monday, -7));
  await expect(weekName).toHaveText(weekNamed(previous));
  await expect(page.getByRole("region", { name: `Besök vecka ${previous.week}`, exact: true })).toBeVisible();
  expect(next.week - week === 1 || next.week === 1).toBe(true);
  expect(week - previous.week === 1 || week === 1).toBe(true);

  // The technician, on their own phone, finds the visit on that day with their name on it.
  const technicianContext = await browser.newContext({ baseURL, locale: "sv-SE", timezoneId: "Europe/Stockholm" });
  try {
    await technicianContext.addInitScript(() => localStorage.setItem("vps.signed-in", "1"));
    const technicianPage = await technicianContext.newPage();
    const login = await technicianPage.request.post("/api/auth/login", {
      data: { username: "tekniker", password: "Tekniker1234", role: "technician" },
      headers: { origin: baseURL! },
    });
    expect(login.status()).toBe(200);
    await technicianPage.goto(`/technician?date=${monday}`);
    const card = technicianPage.getByRole("listitem").filter({ hasText: `${tag} 3` });
    await expect(card).toContainText("Tekniker: Erik Johansson", { timeout: 20_000 });
  } finally {
    await technicianContext.close();
  }
});

// Issue 23 point 14: the demo data obeys the booking rules. The first thing a company sees is its
// planning: ten weeks from this one hold demo visits, and none on a Sunday or a day the company is
// closed (rules D22), as no customer or office could have booked them.
test("the demo company's coming weeks have no visit on a Sunday or a closed day", { tag: "@one-viewport" }, async ({ page, loginAs }) => {
  await loginAs("admin");
  let visits = 0;
  for (let week = 0; week < 10; week++) {
    const monday = addDays(weekStart(todayIn(new Date())), 7 * week);
    await page.goto(`/admin/technicians?vecka=${monday}`);
    const grid = page.getByRole("region", { name: /^Besök vecka/ });
    await expect(grid).toBeVisible({ timeout: 20_000 });
    for (let day = 0; day < 7; day++) {
      const date = addDays(monday, day);
      // Column 1 names the technician; the days follow, Monday first.
      const chips = grid.locator(`tbody tr td:nth-child(${day + 2}) select`);
      const count = await chips.count();
      visits += count;
      if (day === 6 || isClosedDay(date)) expect(count, `${date} (${day === 6 ? "söndag" : closedDayName(date)})`).toBe(0);
    }
  }
  // A guard: the weeks were read, and the demo company has work in them.
  expect(visits).toBeGreaterThan(10);
});
