import type { APIRequestContext, Page, TestInfo } from "@playwright/test";
import { expect, expectNoSeriousA11yViolations, test } from "./fixtures";

// Issue 13 (planning): route grouping for a day, with the split suggestion and the drives that do
// not fit; the technician planning grid, where an admin assigns a visit that the technician then
// sees as theirs. Both projects run at once: each books its own Monday far ahead, so their visits
// never meet. The statistics page has its own spec (admin-statistics.spec.ts).

const toasts = (page: Page) => page.getByRole("region", { name: /Aviseringar/, includeHidden: true });

/** A Monday about 40 weeks ahead, a different one per project (yyyy-MM-dd). */
function mondayFor(testInfo: TestInfo): string {
  const date = new Date();
  date.setUTCDate(date.getUTCDate() + (testInfo.project.name === "mobile" ? 280 : 294));
  date.setUTCDate(date.getUTCDate() - ((date.getUTCDay() + 6) % 7));
  return date.toISOString().slice(0, 10);
}

const SLOTS = ["08:00-10:00", "10:00-12:00", "12:00-14:00", "14:00-16:00"];

/** Four confirmed service visits in Uppsala on `date`, booked as an admin would over the phone. */
async function bookUppsalaDay(request: APIRequestContext, baseURL: string, date: string, tag: string): Promise<string[]> {
  const names: string[] = [];
  for (const [i, timeSlot] of SLOTS.entries()) {
    const name = `Planering ${tag} ${i + 1}`;
    const existing = await request.get(`/api/bookings?from=${date}&to=${date}`);
    if ((await existing.json()).some((b: { timeSlot: string }) => b.timeSlot === timeSlot)) continue; // a rerun
    const res = await request.post("/api/admin/bookings", {
      headers: { origin: baseURL },
      data: {
        customerInfo: { name, email: `planering.${tag}.${i}@exempel.se`, phone: "070-111 22 33", address: `Planvägen ${i + 1}`, city: "Uppsala", postalCode: i % 2 ? "753 31" : "753 20" },
        serviceType: "service",
        date,
        timeSlot,
        status: "confirmed",
      },
    });
    // The other journey of this project books the same day at the same moment: a 409 means it did.
    expect([201, 409], await res.text()).toContain(res.status());
    names.push(name);
  }
  return names;
}

test("route optimisation groups a day's confirmed visits per city, suggests a split and flags drives that do not fit", async ({ page, loginAs, baseURL }, testInfo) => {
  await loginAs("admin");
  const date = mondayFor(testInfo);
  await bookUppsalaDay(page.request, baseURL!, date, testInfo.project.name);

  await page.goto(`/admin/route-optimization?datum=${date}`);
  await expect(page.getByRole("heading", { level: 1, name: "Ruttoptimering" })).toBeVisible({ timeout: 20_000 });
  const uppsala = page.getByRole("region", { name: "Uppsala" });
  await expect(uppsala.getByRole("heading", { name: "Uppsala – 4 besök" })).toBeVisible();
  await expect(uppsala).toContainText("Fler än 3 besök – föreslå att två tekniker delar på orten.");
  // One city: half an hour of driving, rounded up to an hour.
  await expect(page.getByRole("region", { name: "Ruttoptimering" })).toContainText(/Beräknad körtid\s*1 h/);
  // Back-to-back visits: even the shortest drive does not fit.
  await expect(page.getByText("Hinner inte: 15 min körning men 0 min mellan besöken")).toHaveCount(3);
  await expectNoSeriousA11yViolations(page);

  // Coordinates for two neighbours make their drive exact.
  await uppsala.getByRole("button", { name: `Ange koordinater för Planering ${testInfo.project.name} 1` }).click();
  const dialog = page.getByRole("dialog", { name: "Kundens koordinater" });
  await dialog.getByLabel("Latitud").fill("48.85");
  await dialog.getByLabel("Longitud").fill("17.64");
  await dialog.getByRole("button", { name: "Spara" }).click();
  await expect(dialog.getByText("Latituden ligger utanför Sverige")).toBeVisible();
  await dialog.getByLabel("Latitud").fill("59.8586");
  await dialog.getByRole("button", { name: "Spara" }).click();
  await expect(toasts(page)).toContainText("Uppdaterad");
  await expect(dialog).toBeHidden();

  // Another day with nothing confirmed says so.
  await page.getByLabel("Datum").fill("2020-01-06");
  await expect(page.getByText("Inga bekräftade besök denna dag.")).toBeVisible();
});

test("an admin assigns a visit in the week grid and the technician sees it as theirs", async ({ page, loginAs, baseURL, browser }, testInfo) => {
  await loginAs("admin");
  const date = mondayFor(testInfo);
  await bookUppsalaDay(page.request, baseURL!, date, testInfo.project.name);
  const customer = `Planering ${testInfo.project.name} 3`;
  // A rerun: the visit may still have the technician from last time.
  const before = (await (await page.request.get(`/api/bookings?from=${date}&to=${date}`)).json()) as { id: number; customerName: string }[];
  const visit = before.find((b) => b.customerName === customer)!;
  await page.request.put(`/api/admin/bookings/${visit.id}/technician`, { headers: { origin: baseURL! }, data: { technicianId: null } });

  await page.goto(`/admin/technicians?vecka=${date}`);
  await expect(page.getByRole("heading", { level: 1, name: "Teknikerplanering" })).toBeVisible({ timeout: 20_000 });
  const grid = page.getByRole("region", { name: /Besök vecka \d+/ });
  const unassignedRow = grid.getByRole("row", { name: /Ej tilldelade/ });
  const select = unassignedRow.getByLabel(`Tekniker för ${customer} 12:00–14:00`);
  await expect(select).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await select.selectOption({ label: "Erik Johansson" });
  await expect(toasts(page)).toContainText("Uppdaterad");
  await expect(grid.getByRole("row", { name: /Erik Johansson/ }).getByLabel(`Tekniker för ${customer} 12:00–14:00`)).toHaveValue(/\d+/);
  await expect(unassignedRow.getByLabel(`Tekniker för ${customer} 12:00–14:00`)).toHaveCount(0);

  // The technician, on their own phone, finds the visit on that day with their name on it.
  const technicianContext = await browser.newContext({ baseURL, locale: "sv-SE", timezoneId: "Europe/Stockholm" });
  try {
    await technicianContext.addInitScript(() => localStorage.setItem("vps.signed-in", "1"));
    const technicianPage = await technicianContext.newPage();
    const login = await technicianPage.request.post("/api/auth/login", { data: { username: "tekniker", password: "Tekniker1234", role: "technician" }, headers: { origin: baseURL! } });
    expect(login.status()).toBe(200);
    await technicianPage.goto(`/technician?date=${date}`);
    const card = technicianPage.getByRole("listitem").filter({ hasText: customer });
    await expect(card).toContainText("Tekniker: Erik Johansson", { timeout: 20_000 });
  } finally {
    await technicianContext.close();
  }
});
