import { expect, expectNoSeriousA11yViolations, test } from "./fixtures";

// Issue 13 (statistics): the statistics page shows the period's figures, in charts and in tables.

test("the statistics page shows the server's figures for the period, in charts and in tables", async ({ page, loginAs }) => {
  await loginAs("admin");
  await page.goto("/admin/statistics?period=year");
  await expect(page.getByRole("heading", { level: 1, name: "Statistik" })).toBeVisible({ timeout: 20_000 });
  // Other journeys book meanwhile: compare with the server's answer of the same moment.
  await expect
    .poll(async () => {
      const figures = (await (await page.request.get("/api/statistics?period=year")).json()) as { total: number; completionRate: number };
      await page.reload();
      const cards = page.getByRole("region", { name: "Statistik" });
      const shown = (await cards.innerText({ timeout: 20_000 })).replace(/\s+/g, " ");
      return shown.includes(`Bokningar ${figures.total} `) && shown.includes(`Genomförda ${figures.completionRate} %`);
    }, { timeout: 40_000 })
    .toBe(true);
  const status = page.getByRole("region", { name: "Bokningar per status" });
  await status.getByText("Visa som tabell").click();
  await expect(status.getByRole("cell", { name: "Väntande" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.getByLabel("Period").selectOption({ label: "Denna vecka" });
  await expect(page).toHaveURL(/period=week/);
  const week = (await (await page.request.get("/api/statistics?period=week")).json()) as { from: string };
  expect(week.from).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  await expect(page.getByRole("region", { name: "Mest bokade veckodagar" })).toBeVisible();
});
