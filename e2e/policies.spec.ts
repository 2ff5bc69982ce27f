import type { Page } from "@playwright/test";
import { expect, expectNoSeriousA11yViolations, test } from "./fixtures";

// rules §2 Policy pages and §9 terms constants: terms 13 sections (2025-05-21), privacy 11 sections
// (2025-05-18), cookie policy (2025-05-18) with its cookie table. Dates are shown in Swedish.
// The numbered section headings ("1. ..."), not the table of contents.
const sectionHeadings = (page: Page) => page.getByRole("main").getByRole("heading", { level: 2, name: /^\d+\.\s/ });

test.describe("policy pages", () => {
  test("the terms have 13 sections and take effect on 21 maj 2025", async ({ page }) => {
    await page.goto("/policies/terms");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(sectionHeadings(page)).toHaveCount(13);
    await expect(
      page
        .getByRole("main")
        .getByText(/21 maj 2025/)
        .first(),
    ).toBeVisible();
    // rules §9: cancellation 24 h / 50 %, invoice 30 days, 12 months warranty, complaints within 14 days.
    const main = page.getByRole("main");
    await expect(main).toContainText("24 timmar");
    await expect(main).toContainText(/50\s?%/);
    await expect(main).toContainText("30 dagar");
    await expect(main).toContainText("12 månader");
    await expect(main).toContainText("14 dagar");
    await expectNoSeriousA11yViolations(page);
  });

  test("the privacy policy has 11 sections and takes effect on 18 maj 2025", async ({ page }) => {
    await page.goto("/policies/privacy");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(sectionHeadings(page)).toHaveCount(11);
    await expect(
      page
        .getByRole("main")
        .getByText(/18 maj 2025/)
        .first(),
    ).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  test("the cookie policy lists session, booking_draft and the analytics cookie", async ({ page }) => {
    await page.goto("/policies/cookies");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(
      page
        .getByRole("main")
        .getByText(/18 maj 2025/)
        .first(),
    ).toBeVisible();
    const table = page.getByRole("main").getByRole("table");
    await expect(table).toBeVisible();
    const rows = table.getByRole("row");
    // The session cookie: necessary, lasts for the session.
    await expect(rows.filter({ hasText: "Nödvändig" }).filter({ hasText: /session/i })).toHaveCount(1);
    await expect(rows.filter({ hasText: "booking_draft" })).toContainText("30 dagar");
    await expect(rows.filter({ hasText: /analy/i })).toContainText("2 år");
    await expectNoSeriousA11yViolations(page);
  });
});
