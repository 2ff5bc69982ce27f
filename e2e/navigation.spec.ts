import { expect, expectNoSeriousA11yViolations, test } from "./fixtures";

// rules §2 Top navigation (collapsible on mobile, closes on link click), scroll to top, 404 fallback.
const navigation = (page: import("@playwright/test").Page) => page.getByRole("navigation", { name: "Huvudmeny" });
const menuToggle = (page: import("@playwright/test").Page) => page.getByRole("button", { name: /meny/i });
const scrollY = (page: import("@playwright/test").Page) => page.evaluate<number>("window.scrollY");

test.describe("navigation", () => {
  test("on a phone-sized screen the menu is collapsed, opens with the toggle and closes when a link is chosen", async ({ page }) => {
    // The layout follows the width, so both projects check the phone layout here.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/");
    const nav = navigation(page);
    await expect(nav.getByRole("link", { name: "För personal" })).toBeHidden();

    await menuToggle(page).click();
    await expect(menuToggle(page)).toHaveAttribute("aria-expanded", "true");
    await expect(nav.getByRole("link", { name: "För kunder" })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Boka service" })).toBeVisible();

    await nav.getByRole("link", { name: "För personal" }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(nav.getByRole("link", { name: "För kunder" })).toBeHidden();
    await expect(menuToggle(page)).toHaveAttribute("aria-expanded", "false");
  });

  test("on a desktop-sized screen the links are always shown", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto("/");
    const nav = navigation(page);
    await expect(menuToggle(page)).toBeHidden();
    await expect(nav.getByRole("link", { name: "För kunder" })).toBeVisible();
    await expect(nav.getByRole("link", { name: "För personal" })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Boka service" })).toBeVisible();
  });

  test("an anonymous visitor sees 'För kunder', 'För personal' and 'Boka service', no staff links", async ({ page, isMobile }) => {
    await page.goto("/");
    if (isMobile) await menuToggle(page).click();
    const nav = navigation(page);
    await expect(nav.getByRole("link", { name: "För kunder" })).toHaveAttribute("href", "/");
    await expect(nav.getByRole("link", { name: "För personal" })).toHaveAttribute("href", "/login");
    await expect(nav.getByRole("link", { name: "Boka service" })).toHaveAttribute("href", "/booking");
    await expect(nav.getByRole("link", { name: "Administration" })).toHaveCount(0);
    await expect(nav.getByRole("link", { name: "Tekniker" })).toHaveCount(0);
    await expect(nav.getByRole("button", { name: "Logga ut" })).toHaveCount(0);
  });

  test("every navigation scrolls to the top", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    const footer = page.getByRole("contentinfo");
    await footer.scrollIntoViewIfNeeded();
    await expect.poll(() => scrollY(page)).toBeGreaterThan(200);

    await footer.getByRole("link", { name: "Allmänna villkor" }).click();
    await expect(page).toHaveURL(/\/policies\/terms$/);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect.poll(() => scrollY(page)).toBe(0);

    await page.getByRole("contentinfo").scrollIntoViewIfNeeded();
    await expect.poll(() => scrollY(page)).toBeGreaterThan(200);
    await page.getByRole("contentinfo").getByRole("link", { name: "Integritetspolicy" }).click();
    await expect(page).toHaveURL(/\/policies\/privacy$/);
    await expect.poll(() => scrollY(page)).toBe(0);
  });

  test("an unknown path answers HTTP 404 with the Swedish 'Sidan hittades inte' page", async ({ page }) => {
    const response = await page.goto("/den-har-sidan-finns-inte");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Sidan hittades inte" })).toBeVisible();
    await expect(page).toHaveTitle("Sidan hittades inte | Värmepumpsservice");
    await expect(page.getByText(/Page Not Found/)).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);
    // Inside the normal page frame, with a way back.
    await expect(page.getByRole("banner")).toBeVisible();
    await page.getByRole("main").getByRole("link", { name: "Till startsidan" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page).toHaveTitle("Boka tid för din värmepump | Värmepumpsservice");
  });

  test("an unknown path below /policies or /booking answers 404 too; known pages with parameters 200", { tag: "@one-viewport" }, async ({ page, request }) => {
    for (const path of ["/policies/finns-inte", "/booking/extra", "/admin/finns-inte"]) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(404);
      expect(await response.text(), path).toContain("Sidan hittades inte");
    }
    for (const path of ["/booking?step=2", "/booking/shared/abc123", "/login", "/admin/bookings/1"]) {
      expect((await request.get(path)).status(), path).toBe(200);
    }
    await page.goto("/policies/finns-inte");
    await expect(page.getByRole("heading", { level: 1, name: "Sidan hittades inte" })).toBeVisible();
  });
});
