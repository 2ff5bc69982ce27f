import { expect, expectNoSeriousA11yViolations, test } from "./fixtures";

// rules §2 Landing page, Top navigation and footer.
test.describe("landing page", () => {
  test.beforeEach(async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1, name: "Boka tid för din värmepump" })).toBeVisible();
  });

  test("shows the hero and takes the visitor to the booking page with 'Boka tid nu'", { tag: "@one-viewport" }, async ({ page }) => {
    const bookNow = page.getByRole("main").getByRole("link", { name: "Boka tid nu" }).first();
    await expect(bookNow).toBeVisible();
    await bookNow.click();
    await expect(page).toHaveURL(/\/booking$/);
  });

  test("opens ServiceBot from 'Fråga ServiceBot'", { tag: "@one-viewport" }, async ({ page }) => {
    await page.getByRole("button", { name: "Fråga ServiceBot" }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("heading", { name: "ServiceBot" })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
  });

  test("the floating chat button opens ServiceBot too", { tag: "@one-viewport" }, async ({ page }) => {
    await page.getByRole("button", { name: /chatten med ServiceBot/i }).click();
    await expect(page.getByRole("dialog")).toBeVisible();
  });

  test("has four service cards linking to the booking page with the service chosen", { tag: "@one-viewport" }, async ({ page }) => {
    const main = page.getByRole("main");
    for (const service of ["installation", "service", "troubleshooting", "hembesok"]) {
      await expect(main.locator(`a[href="/booking?service=${service}"]`).first(), `card for ${service}`).toBeVisible();
    }
    await main.locator('a[href="/booking?service=hembesok"]').first().click();
    await expect(page).toHaveURL(/\/booking\?service=hembesok$/);
  });

  test("has the ServiceBot promo with 'Chatta med ServiceBot'", { tag: "@one-viewport" }, async ({ page }) => {
    await page.getByRole("button", { name: "Chatta med ServiceBot" }).click();
    await expect(page.getByRole("dialog")).toBeVisible();
  });

  test("shows three testimonials with five stars each", { tag: "@one-viewport" }, async ({ page }) => {
    const section = page.locator("section").filter({ has: page.getByRole("heading", { name: "Vad våra kunder säger" }) });
    await expect(section).toBeVisible();
    await expect(section.getByRole("img", { name: "5 av 5 stjärnor" })).toHaveCount(3);
  });

  test("footer shows the copyright with the current year and the policy links", { tag: "@one-viewport" }, async ({ page }) => {
    const footer = page.getByRole("contentinfo");
    const year = new Date().getFullYear();
    await expect(footer.getByText(new RegExp(`©\\s*${year}`))).toBeVisible();
    await expect(footer.getByRole("link", { name: "Allmänna villkor" })).toHaveAttribute("href", "/policies/terms");
    await expect(footer.getByRole("link", { name: "Integritetspolicy" })).toHaveAttribute("href", "/policies/privacy");
    await expect(footer.getByRole("link", { name: "Cookiepolicy" })).toHaveAttribute("href", "/policies/cookies");
  });

  test("has no serious accessibility violations", async ({ page }) => {
    await expectNoSeriousA11yViolations(page);
    await page.getByRole("button", { name: "Fråga ServiceBot" }).click();
    await expect(page.getByRole("dialog")).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
});
