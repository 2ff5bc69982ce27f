import type { Page, Response } from "@playwright/test";
import { expect, expectNoSeriousA11yViolations, test } from "./fixtures";
import { startOwnApp, type OwnApp } from "./own-app";

// Issue 13 (statistics): /admin/statistics shows the year's figures of a KNOWN data set, in the cards
// and in every chart's table, and recharts is loaded only on this screen.
//
// The shared test server has demo data and other journeys book on it meanwhile, so this journey starts
// an app of its own (one per project, each with its own database) holding only the data set below. It
// is written with SQL before the app starts (e2e/start-server.mjs E2E_SEED_SQL): the app's own API
// cannot make it, since an admin books only ahead (late in December nothing ahead is still this year),
// a service report carries no cost, and a reminder is sent 7 days after it is created. The figures are
// worked out by hand below, as in src/server/modules/statistics/statistics.routes.test.ts.

test.describe.configure({ mode: "serial" });

// "This year" in Europe/Stockholm; every date below lies between February and November of it, so the
// journey gives the same answers on any day of the year.
const year = Number(new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Stockholm", year: "numeric" }).format(new Date()));

/** The first `isoWeekday` (1 Monday … 7 Sunday) of `month` (1–12) this year: always in its first week. */
function dayOf(month: number, isoWeekday: number): string {
  const day = new Date(Date.UTC(year, month - 1, 1));
  while (((day.getUTCDay() + 6) % 7) + 1 !== isoWeekday) day.setUTCDate(day.getUTCDate() + 1);
  return day.toISOString().slice(0, 10);
}

const ALFA = 1;
const BETA = 2;
const GAMMA = 3;
const DELTA = 4;

// [id, customer, date, time slot, service type, status]
const BOOKINGS: [number, number, string, string, string, string][] = [
  [1, ALFA, dayOf(2, 1), "08:00-10:00", "service", "completed"], // Monday
  [2, BETA, dayOf(3, 1), "08:00-10:00", "installation", "completed"], // Monday
  [3, ALFA, dayOf(4, 1), "10:00-12:00", "service", "confirmed"], // Monday
  [4, GAMMA, dayOf(5, 2), "08:00-10:00", "troubleshooting", "confirmed"], // Tuesday
  [5, BETA, dayOf(6, 2), "10:00-12:00", "installation", "planned"], // Tuesday
  [6, ALFA, dayOf(9, 4), "13:00-13:30", "hembesok", "completed"], // Thursday
  [7, GAMMA, dayOf(10, 5), "15:00-17:00", "service", "cancelled"], // Friday
  [8, BETA, dayOf(11, 4), "10:00-12:00", "service", "in_progress"], // Thursday
  [9, DELTA, `${year - 1}-12-30`, "08:00-10:00", "service", "completed"], // last year: never counted
  [10, DELTA, `${year + 1}-01-15`, "08:00-10:00", "service", "planned"], // next year: never counted
];

function seedSql(): string {
  const customers = ["Alfa", "Beta", "Gamma", "Delta"].map(
    (name, i) => `(${i + 1}, '${name} Andersson', '${name.toLowerCase()}@exempel.se', '070-000 00 0${i + 1}', 'Storgatan ${i + 1}', 'Uppsala', '753 20')`,
  );
  const bookings = BOOKINGS.map(([id, customer, date, slot, type, status]) => {
    const [start, end] = slot.split("-");
    return `(${id}, ${customer}, '${type}', 'Kund ${customer}', 'kund${customer}@exempel.se', '070-000 00 0${customer}', 'Storgatan ${customer}', '753 20', 'Uppsala', '${date}', '${slot}', '${start}', '${end}', '${status}')`;
  });
  const at = (date: string) => `'${date}T12:00:00+01:00'`;
  return `
    INSERT INTO customers (id, name, email, phone, address, city, postal_code) VALUES ${customers.join(", ")};
    INSERT INTO bookings (id, customer_id, service_type, contact_name, contact_email, contact_phone, address, postal_code, city, date, time_slot, start_time, end_time, status)
      VALUES ${bookings.join(", ")};
    -- Revenue: 2 500 + 6 500 + 0 + 1 800 this year; a cancelled entry and last year's are not counted.
    INSERT INTO service_history (customer_id, booking_id, service_date, service_type, status, cost) VALUES
      (${ALFA}, 1, ${at(dayOf(2, 1))}, 'maintenance', 'completed', 2500),
      (${BETA}, 2, ${at(dayOf(3, 1))}, 'installation', 'completed', 6500),
      (${ALFA}, 6, ${at(dayOf(9, 4))}, 'inspection', 'completed', 0),
      (${GAMMA}, NULL, ${at(dayOf(7, 3))}, 'repair', 'completed', 1800),
      (${GAMMA}, NULL, ${at(dayOf(8, 3))}, 'repair', 'cancelled', 999),
      (${DELTA}, 9, ${at(`${year - 1}-12-30`)}, 'maintenance', 'completed', 777);
    -- Reminders sent this year: three (one more is not sent yet, one went out last year); booked: two.
    INSERT INTO reminders (id, customer_id, reminder_type, due_date, sent, sent_at, token) VALUES
      (1, ${ALFA}, 'service', '${dayOf(3, 2)}', true, ${at(dayOf(3, 2))}, 'statistik-1'),
      (2, ${BETA}, 'service', '${dayOf(5, 3)}', true, ${at(dayOf(5, 3))}, 'statistik-2'),
      (3, ${GAMMA}, 'service', '${dayOf(8, 1)}', true, ${at(dayOf(8, 1))}, 'statistik-3'),
      (4, ${DELTA}, 'service', '${dayOf(11, 1)}', false, NULL, 'statistik-4'),
      (5, ${DELTA}, 'service', '${year - 1}-11-20', true, ${at(`${year - 1}-11-20`)}, 'statistik-5');
    INSERT INTO service_reminder_responses (reminder_id, customer_id, response_type, response_date, booking_id) VALUES
      (1, ${ALFA}, 'booked', ${at(dayOf(3, 4))}, 3),
      (2, ${BETA}, 'booked', ${at(dayOf(5, 5))}, 5),
      (3, ${GAMMA}, 'unsubscribed', ${at(dayOf(8, 3))}, NULL),
      (5, ${DELTA}, 'booked', ${at(`${year - 1}-11-25`)}, 9);
    SELECT setval(pg_get_serial_sequence('customers', 'id'), 100);
    SELECT setval(pg_get_serial_sequence('bookings', 'id'), 100);
    SELECT setval(pg_get_serial_sequence('reminders', 'id'), 100);`;
}

// What the page must show for the year (rules §9: completion rate in whole per cent, visits per
// customer to one decimal; rules §4: confirmed is 'Väntande'): 8 bookings of 3 customers.
// The known data set has no service agreements (issue 26): their cards say 0.
const CARDS =
  "Bokningar 8 Genomförda 38 % 3 av 8 Besök per kund 2,7 3 kunder Intäkter 10 800 kr Från servicehistoriken Påminnelser skickade 3 2 ledde till bokning " +
  "Serviceavtal 0 0 nya, 0 upphör i perioden Avtalens årsvärde 0 kr Årspris för avtal som gäller";
const TABLES: Record<string, string[]> = {
  "Bokningar per status": ["Planerad 1", "Väntande 2", "Pågående 1", "Genomförd 3", "Avbokad 1", "Omplanerad 0"],
  "Bokningar per tjänst": ["Service 4", "Installation 2", "Felsökning 1", "Hembesök 1"],
  // Monday first; the busiest weekday is Monday.
  "Mest bokade veckodagar": ["Måndag 3", "Tisdag 2", "Onsdag 0", "Torsdag 2", "Fredag 1", "Lördag 0", "Söndag 0"],
  // Most booked first; a tie in label order.
  "Mest bokade tider": ["08:00–10:00 3", "10:00–12:00 3", "13:00–13:30 1", "15:00–17:00 1"],
};

// recharts names every element it draws "recharts-…" (recharts-surface, recharts-responsive-container,
// …): a script holding such a name holds recharts code, whichever part of it and whatever chunk.
const RECHARTS_CODE = /["'`]recharts-/;

let app: OwnApp | undefined;
let appUrl = "";

test.beforeAll(async () => {
  test.info().setTimeout(120_000);
  // A database of its own holding only the data set above.
  app = await startOwnApp(
    `statistics-${test.info().project.name}`,
    { SEED_DEMO: "0", ADMIN_USERNAME: "statistik", ADMIN_PASSWORD: "Tavla-Kurva-Stapel-7", E2E_SEED_SQL: seedSql() },
    { timeoutMs: 90_000 },
  );
  appUrl = app.url;
});

test.afterAll(async () => {
  await app?.stop();
});

/** Every script the page downloads, with its text (null when it could not be read), for the recharts check. */
function recordScripts(page: Page) {
  const pending: Promise<{ url: string; text: string | null }>[] = [];
  page.on("response", (response: Response) => {
    if (response.request().resourceType() !== "script") return;
    pending.push(
      response.text().then(
        (text) => ({ url: response.url(), text }),
        () => ({ url: response.url(), text: null }),
      ),
    );
  });
  return {
    /** All scripts downloaded so far; each must have been read, or the check would prove nothing. */
    all: async () => {
      const scripts = await Promise.all(pending);
      expect(
        scripts.filter((s) => s.text === null).map((s) => s.url),
        "scripts whose text could not be read",
      ).toEqual([]);
      return scripts;
    },
    /** The scripts downloaded so far that contain recharts. */
    withRecharts: async () => (await Promise.all(pending)).filter((s) => RECHARTS_CODE.test(s.text ?? "")).map((s) => s.url),
  };
}

async function loginAsAdmin(page: Page) {
  const login = await page.request.post(`${appUrl}/api/auth/login`, {
    data: { username: "statistik", password: "Tavla-Kurva-Stapel-7", role: "admin" },
    headers: { origin: appUrl },
  });
  expect(login.status(), await login.text()).toBe(200);
  await page.addInitScript(() => localStorage.setItem("vps.signed-in", "1"));
}

const rowsOf = async (page: Page, chart: string) => {
  const region = page.getByRole("region", { name: chart });
  await region.getByText("Visa som tabell").click();
  const table = region.getByRole("table", { name: chart });
  await expect(table).toBeVisible();
  return (await table.locator("tbody tr").allInnerTexts()).map((row) => row.replace(/\s+/g, " ").trim());
};

test("the statistics page shows the year's known figures in its cards and in every chart's table, with recharts loaded only there", async ({ page }) => {
  const scripts = recordScripts(page);
  await loginAsAdmin(page);

  // The admin dashboard never downloads recharts (issue 13: loaded only on the statistics screen).
  await page.goto(`${appUrl}/admin?tab=planning`);
  const statisticsLink = page.getByRole("link", { name: /^Statistik/ });
  await expect(statisticsLink).toBeVisible({ timeout: 20_000 });
  await page.waitForLoadState("networkidle");
  expect((await scripts.all()).length).toBeGreaterThan(0);
  expect(await scripts.withRecharts(), "recharts downloaded before the statistics screen").toEqual([]);

  await statisticsLink.click();
  await expect(page).toHaveURL(/\/admin\/statistics/);
  await expect(page.getByRole("heading", { level: 1, name: "Statistik" })).toBeVisible({ timeout: 20_000 });
  await page.getByLabel("Period").selectOption({ label: "Detta år" });
  await expect(page).toHaveURL(/period=year/);
  await expect.poll(() => scripts.withRecharts(), { message: "the statistics screen downloads recharts" }).not.toEqual([]);

  // The cards: 8 bookings, 3 completed (38 %), 2,7 visits per customer, revenue and reminders.
  const cards = page.getByRole("region", { name: "Statistik" });
  await expect.poll(async () => (await cards.innerText()).replace(/\s+/g, " ").trim(), { timeout: 20_000 }).toBe(CARDS);
  await expect(page.getByText(new RegExp(`^1 jan\\. ${year} – 31 dec\\. ${year}$`))).toBeVisible();

  // Every chart's table ('Visa som tabell'), in the chart's order.
  for (const [chart, rows] of Object.entries(TABLES)) expect(await rowsOf(page, chart), chart).toEqual(rows);
  // With every table open.
  await expectNoSeriousA11yViolations(page);

  // Another period shows that period's figures (here: the server's own answer for this week).
  await page.getByLabel("Period").selectOption({ label: "Denna vecka" });
  await expect(page).toHaveURL(/period=week/);
  const week = (await (await page.request.get(`${appUrl}/api/statistics?period=week`)).json()) as { total: number };
  await expect.poll(async () => (await cards.innerText()).replace(/\s+/g, " ")).toMatch(new RegExp(`^Bokningar ${week.total} `));
});
