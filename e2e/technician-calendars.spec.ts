import type { Page, TestInfo } from "@playwright/test";
import { expect, expectNoSeriousA11yViolations, test } from "./fixtures";
import { formatListDate } from "../src/common/format";

// rules D25: each technician has a calendar. An admin makes a technician, finds them bookable on
// /admin/technicians, sets their calendar, and adds a whole-day absence that shows in the
// technician's list, in the week grid and on the technician's own page; then deletes it. Both
// projects run at once against one database: the technician is the journey's own (a name of its
// own) and is deleted at the end, and the absence lies on a day of its own 150-160 days ahead,
// past the demo data (60 days), the public bookings (74) and the planning journey's weeks (105-133).
// A new technician is bookable and so adds capacity to every other journey's times: the journey
// turns that off as soon as it has seen it on.

const toasts = (page: Page) => page.getByRole("region", { name: /Aviseringar/, includeHidden: true });
const unique = (testInfo: TestInfo) => `${testInfo.project.name === "mobile" ? "m" : "d"}${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;

/** The journey's own Wednesday (yyyy-MM-dd) and the Monday of its week: another week per project. */
function wednesdayFor(testInfo: TestInfo): { monday: string; wednesday: string } {
  const date = new Date();
  date.setUTCDate(date.getUTCDate() + (testInfo.project.name === "mobile" ? 150 : 157));
  date.setUTCDate(date.getUTCDate() - ((date.getUTCDay() + 6) % 7));
  const monday = date.toISOString().slice(0, 10);
  date.setUTCDate(date.getUTCDate() + 2);
  return { monday, wednesday: date.toISOString().slice(0, 10) };
}

test("an admin sets a new technician's calendar and adds a whole-day absence that the grid and the technician see", async ({
  page,
  loginAs,
  baseURL,
  browser,
}, testInfo) => {
  await loginAs("admin");
  const username = `kal${unique(testInfo)}`;
  const name = `Klara Kalender ${username}`;
  const password = "Kylskåp47x";
  const created = await page.request.post("/api/admin/users", {
    headers: { origin: baseURL! },
    data: { username, name, password, role: "technician" },
  });
  expect(created.status(), await created.text()).toBe(201);
  const technicianId = ((await created.json()) as { id: number }).id;
  const { monday, wednesday } = wednesdayFor(testInfo);
  const day = formatListDate(wednesday);
  const reason = `Kurs ${username}`;

  try {
    await page.goto(`/admin/technicians?vecka=${monday}`);
    await expect(page.getByRole("heading", { level: 1, name: "Teknikerplanering" })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole("heading", { level: 2, name: "Teknikernas kalendrar" })).toBeVisible();
    const card = page.getByRole("region", { name, exact: true });
    await card.scrollIntoViewIfNeeded();

    // A new technician is bookable, on the company's days and hours.
    const bookable = card.getByRole("checkbox", { name: "Bokningsbar (kunder kan boka tider hos teknikern)" });
    await expect(bookable).toBeChecked();
    await expect(card.getByRole("checkbox", { name: "Alla dagar företaget tar bokningar" })).toBeChecked();
    await expect(card.getByLabel("Börjar", { exact: true })).toHaveValue("");
    await expect(card.getByLabel("Slutar", { exact: true })).toHaveValue("");
    await expect(card.getByText("Ingen frånvaro inlagd")).toBeVisible();

    // Not bookable for now (see the top), Monday to Friday from seven.
    await bookable.uncheck();
    await card.getByRole("checkbox", { name: "Alla dagar företaget tar bokningar" }).uncheck();
    await expect(card.getByRole("checkbox", { name: "Måndag" })).toBeChecked();
    await expect(card.getByRole("checkbox", { name: "Lördag" })).not.toBeChecked();
    await card.getByLabel("Börjar", { exact: true }).fill("07:00");
    await card.getByLabel("Slutar", { exact: true }).fill("16:00");
    await card.getByRole("button", { name: "Spara kalender" }).click();
    await expect(toasts(page)).toContainText("Kalendern är sparad");
    await expect(card.getByText("Ej bokningsbar")).toBeVisible();
    const saved = (await (await page.request.get("/api/admin/technicians")).json()) as { id: number; bookable: boolean; workDays: number[] | null }[];
    expect(saved.find((t) => t.id === technicianId)).toMatchObject({ bookable: false, workDays: [1, 2, 3, 4, 5] });

    // A whole day away: the last day follows the first, and no times are asked for.
    await card.getByLabel("Från och med", { exact: true }).fill(wednesday);
    await expect(card.getByLabel("Till och med", { exact: true })).toHaveValue(wednesday);
    await expect(card.getByRole("checkbox", { name: "Hela dagen" })).toBeChecked();
    await expect(card.getByLabel("Från", { exact: true })).toHaveCount(0);
    await card.getByLabel("Anledning", { exact: true }).fill(reason);
    await card.getByRole("button", { name: "Lägg till frånvaro" }).click();
    await expect(toasts(page)).toContainText("Frånvaron är sparad");
    const absences = card.getByRole("list", { name: `Frånvaro för ${name}` });
    const item = absences.getByRole("listitem").filter({ hasText: reason });
    await expect(item).toContainText(day);
    await expect(item).toContainText("Hela dagen");

    // In the week grid: the technician's row, Wednesday's cell (the row header is no cell).
    const grid = page.getByRole("region", { name: /^Besök vecka \d+$/ });
    const row = grid.getByRole("row").filter({ has: page.getByRole("rowheader", { name, exact: true }) });
    await expect(row.getByRole("cell").nth(2)).toContainText("Frånvarande");
    await expect(row.getByRole("cell").nth(2)).toContainText(reason);
    await expect(row.getByRole("cell").nth(1)).not.toContainText("Frånvarande");
    await expectNoSeriousA11yViolations(page);
    // Nothing scrolls sideways but the grid itself.
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);

    // The technician sees it on their own page.
    const technicianContext = await browser.newContext({ baseURL, locale: "sv-SE", timezoneId: "Europe/Stockholm" });
    try {
      await technicianContext.addInitScript(() => localStorage.setItem("vps.signed-in", "1"));
      const technicianPage = await technicianContext.newPage();
      const login = await technicianPage.request.post("/api/auth/login", { data: { username, password, role: "technician" }, headers: { origin: baseURL! } });
      expect(login.status(), await login.text()).toBe(200);
      await technicianPage.goto("/technician");
      const own = technicianPage.getByRole("region", { name: "Min frånvaro" });
      await expect(own.getByRole("listitem").filter({ hasText: reason })).toContainText(day, { timeout: 20_000 });
      await expect(own.getByRole("listitem").filter({ hasText: reason })).toContainText("Hela dagen");
    } finally {
      await technicianContext.close();
    }

    // Deleted: gone from the list and the grid.
    await card.getByRole("button", { name: `Ta bort frånvaron ${day}`, exact: true }).click();
    await expect(toasts(page)).toContainText("Frånvaron är borttagen");
    await expect(item).toHaveCount(0);
    await expect(card.getByText("Ingen frånvaro inlagd")).toBeVisible();
    await expect(row.getByRole("cell").nth(2)).not.toContainText("Frånvarande");
  } finally {
    // The absences go with the technician (on delete cascade).
    await page.request.delete(`/api/admin/users/${technicianId}`, { headers: { origin: baseURL! } });
  }
});
