import type { Page } from "@playwright/test";
import { demoAccount, expect, expectNoSeriousA11yViolations, test } from "./fixtures";

// rules §2 Login and Admin portal login, §5 Login validation, §6 guards, §8 login texts.
// The server allows 10 failed logins a minute per IP: this file fails on purpose only a few times.

const usernameField = (page: Page) => page.getByLabel("Användarnamn", { exact: true });
const passwordField = (page: Page) => page.getByLabel("Lösenord", { exact: true });
const submitButton = (page: Page) => page.getByRole("main").getByRole("button", { name: /^Logga in/ });
const navigation = (page: Page) => page.getByRole("navigation", { name: "Huvudmeny" });

async function openMenuOnMobile(page: Page, isMobile: boolean) {
  if (!isMobile) return;
  const toggle = page.getByRole("button", { name: /meny/i });
  if ((await toggle.getAttribute("aria-expanded")) !== "true") await toggle.click();
}

async function loginThroughForm(page: Page, role: "admin" | "technician", password?: string) {
  const account = await demoAccount(page, role);
  await page.goto("/login");
  await page.getByRole("tab", { name: role === "admin" ? "Administratör" : "Tekniker", exact: true }).click();
  await usernameField(page).fill(account.username);
  await passwordField(page).fill(password ?? account.password);
  await submitButton(page).click();
  return account;
}

test.describe("login page", () => {
  test("an admin logs in on the 'Administratör' tab and lands on the admin dashboard", async ({ page, isMobile }) => {
    const account = await loginThroughForm(page, "admin");
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole("region", { name: /Aviseringar/ }).getByText("Inloggad", { exact: true })).toBeVisible();
    await expect(page.getByRole("main").getByText(account.name).first()).toBeVisible();
    const tabs = page.getByRole("tablist");
    await expect(tabs.getByRole("tab")).toHaveCount(4);
    // Default tab: bookings, whose cards link to the booking screens (rules §2 Admin dashboard).
    const panel = page.getByRole("tabpanel");
    await expect(panel.locator('a[href="/admin/bookings"]').first()).toBeVisible();
    await expect(panel.locator('a[href="/admin/bookings/new"]').first()).toBeVisible();
    await expect(panel.locator('a[href="/admin/blocked-times"]').first()).toBeVisible();

    await openMenuOnMobile(page, isMobile);
    await expect(navigation(page).getByRole("link", { name: "Administration", exact: true })).toBeVisible();
    await expect(navigation(page).getByRole("link", { name: "För personal", exact: true })).toHaveCount(0);
    await expect(navigation(page).getByRole("button", { name: "Logga ut" })).toBeVisible();
  });

  test("a technician logs in and lands on the technician dashboard", async ({ page, isMobile }) => {
    const account = await loginThroughForm(page, "technician");
    await expect(page).toHaveURL(/\/technician$/);
    await expect(page.getByRole("heading", { name: "Tekniker Dashboard" })).toBeVisible();
    // The header names who is logged in (their name also shows on the visits assigned to them).
    await expect(page.getByRole("main").getByText(account.name, { exact: true }).first()).toBeVisible();
    // The role label 'Tekniker' (screen readers hear "Roll: Tekniker").
    await expect(page.getByRole("main").getByText(/^(Roll: )?Tekniker$/)).toBeVisible();

    await openMenuOnMobile(page, isMobile);
    await expect(navigation(page).getByRole("link", { name: "Tekniker", exact: true })).toBeVisible();
    await expect(navigation(page).getByRole("link", { name: "Administration", exact: true })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);
  });

  test("the technician header's logout goes to /login", { tag: "@one-viewport" }, async ({ page, loginAs }) => {
    await loginAs("technician");
    await page.goto("/technician");
    await page.getByRole("main").getByRole("button", { name: "Logga ut" }).click();
    await expect(page).toHaveURL(/\/login$/);
    expect((await page.request.get("/api/auth/user")).status()).toBe(401);
  });

  test("a wrong password shows 'Inloggningen misslyckades'", { tag: "@one-viewport" }, async ({ page }) => {
    await loginThroughForm(page, "admin", "FelLosenord1");
    await expect(page.getByRole("region", { name: /Aviseringar/ }).getByText("Inloggningen misslyckades", { exact: true })).toBeVisible();
    // The server's message also stays beside the form.
    await expect(page.getByRole("main").getByRole("alert")).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });

  test("empty fields show 'Användarnamn krävs' and 'Lösenord krävs' without calling the server", { tag: "@one-viewport" }, async ({ page }) => {
    let loginCalls = 0;
    page.on("request", (request) => {
      if (request.url().endsWith("/api/auth/login")) loginCalls += 1;
    });
    await page.goto("/login");
    await submitButton(page).click();
    await expect(page.getByText("Användarnamn krävs")).toBeVisible();
    await expect(page.getByText("Lösenord krävs")).toBeVisible();
    await usernameField(page).fill("admin");
    await submitButton(page).click();
    await expect(page.getByText("Användarnamn krävs")).toBeHidden();
    await expect(page.getByText("Lösenord krävs")).toBeVisible();
    expect(loginCalls).toBe(0);
  });

  test("the show/hide toggle switches the password field between hidden and readable", { tag: "@one-viewport" }, async ({ page }) => {
    await page.goto("/login");
    await passwordField(page).fill("Hemligt123");
    await expect(passwordField(page)).toHaveAttribute("type", "password");
    await page.getByRole("button", { name: /visa lösenord/i }).click();
    await expect(passwordField(page)).toHaveAttribute("type", "text");
    await expect(passwordField(page)).toHaveValue("Hemligt123");
    await page.getByRole("button", { name: /dölj lösenord/i }).click();
    await expect(passwordField(page)).toHaveAttribute("type", "password");
  });

  test("has a link back to the start page", { tag: "@one-viewport" }, async ({ page }) => {
    await page.goto("/login");
    await page.getByRole("main").getByRole("link", { name: /start/i }).first().click();
    await expect(page).toHaveURL(/\/$/);
  });

  test("logging out returns to the start page with 'För personal' in the navigation", async ({ page, isMobile, loginAs }) => {
    await loginAs("admin");
    await page.goto("/admin");
    await expect(page.getByRole("tablist")).toBeVisible();
    await openMenuOnMobile(page, isMobile);
    await navigation(page).getByRole("button", { name: "Logga ut" }).click();
    await expect(page).toHaveURL(/\/$/);
    await openMenuOnMobile(page, isMobile);
    await expect(navigation(page).getByRole("link", { name: "För personal", exact: true })).toBeVisible();
    await expect(navigation(page).getByRole("link", { name: "Administration", exact: true })).toHaveCount(0);
    // The session is gone on the server too.
    expect((await page.request.get("/api/auth/user")).status()).toBe(401);
  });

  test("has no serious accessibility violations", async ({ page }) => {
    await page.goto("/login");
    await expect(usernameField(page)).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await submitButton(page).click();
    await expect(page.getByText("Användarnamn krävs")).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
});

test.describe("admin dashboard", () => {
  test("?tab=customers selects the customers tab", { tag: "@one-viewport" }, async ({ page, loginAs }) => {
    await loginAs("admin");
    await page.goto("/admin?tab=customers");
    const panel = page.getByRole("tabpanel");
    for (const href of ["/admin/customers", "/admin/products", "/admin/service-reminders", "/admin/service-history"]) {
      await expect(panel.locator(`a[href="${href}"]`).first(), href).toBeVisible();
    }
    await expect(panel.locator('a[href="/admin/bookings/new"]')).toHaveCount(0);
  });

  test("each tab shows its cards and /admin/dashboard is the same dashboard", async ({ page, loginAs }) => {
    await loginAs("admin");
    await page.goto("/admin/dashboard");
    const tabs = page.getByRole("tab");
    await expect(tabs).toHaveCount(4);
    const expected = [
      ["/admin/bookings", "/admin/bookings/new", "/admin/blocked-times", "/admin/invoices"],
      ["/admin/customers", "/admin/products", "/admin/service-reminders", "/admin/service-history"],
      ["/admin/route-optimization", "/admin/technicians", "/admin/protocols", "/admin/statistics"],
      ["/admin/settings", "/admin/users", "/admin/integrations", "/admin/security"],
    ];
    for (const [index, hrefs] of expected.entries()) {
      await tabs.nth(index).click();
      await expect(tabs.nth(index)).toHaveAttribute("aria-selected", "true");
      const panel = page.getByRole("tabpanel");
      for (const href of hrefs) await expect(panel.locator(`a[href="${href}"]`).first(), href).toBeVisible();
    }
    await expectNoSeriousA11yViolations(page);
  });
});

test.describe("admin portal login (/admin/login)", () => {
  test("logs an admin in and goes to /admin/dashboard", { tag: "@one-viewport" }, async ({ page }) => {
    const account = await demoAccount(page, "admin");
    await page.goto("/admin/login");
    await usernameField(page).fill(account.username);
    await passwordField(page).fill(account.password);
    await submitButton(page).click();
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    await expect(page.getByRole("tablist")).toBeVisible();
  });

  test("redirects to /admin/dashboard when already logged in", { tag: "@one-viewport" }, async ({ page, loginAs }) => {
    await loginAs("admin");
    await page.goto("/admin/login");
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
  });

  test("requires both fields", { tag: "@one-viewport" }, async ({ page }) => {
    await page.goto("/admin/login");
    await expect(usernameField(page)).toBeVisible();
    await submitButton(page).click();
    await expect(page.getByText("Användarnamn och lösenord krävs").first()).toBeVisible();
  });

  test("has no serious accessibility violations", async ({ page }) => {
    await page.goto("/admin/login");
    await expect(usernameField(page)).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
});

test.describe("a failed login, then the right password", () => {
  // Issue 23: the first attempt's error toast stood on the dashboard after the second succeeded.
  for (const path of ["/login", "/admin/login"]) {
    test(`on ${path} the error toast is gone once the login succeeds`, { tag: "@one-viewport" }, async ({ page }) => {
      const account = await demoAccount(page, "admin");
      const toasts = page.getByRole("region", { name: /Aviseringar/ });
      await page.goto(path);
      if (path === "/login") await page.getByRole("tab", { name: "Administratör", exact: true }).click();
      await usernameField(page).fill(account.username);
      await passwordField(page).fill("FelLosenord1");
      await submitButton(page).click();
      await expect(toasts.getByText(/^Inloggning(en)? misslyckades$/)).toBeVisible();
      await passwordField(page).fill(account.password);
      await submitButton(page).click();
      await expect(page).toHaveURL(/\/admin(\/dashboard)?$/);
      await expect(page.getByRole("tablist")).toBeVisible();
      // Read once, now: a toast closes by itself after 5 s, so waiting would hide the fault.
      expect(await toasts.getByText(/misslyckades/).count(), "error toasts on the dashboard").toBe(0);
    });
  }
});

test.describe("guards", () => {
  for (const path of ["/admin", "/admin/dashboard", "/technician"]) {
    test(`an anonymous visitor opening ${path} is sent to /login`, { tag: "@one-viewport" }, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveURL(/\/login$/);
      await expect(usernameField(page)).toBeVisible();
    });
  }

  test("a technician opening /admin goes to / with the toast 'Åtkomst nekad'", { tag: "@one-viewport" }, async ({ page, loginAs }) => {
    await loginAs("technician");
    await page.goto("/admin");
    await expect(page).toHaveURL(/\/$/);
    const toast = page.getByRole("region", { name: /Aviseringar/ });
    await expect(toast.getByText("Åtkomst nekad", { exact: true })).toBeVisible();
    await expect(toast.getByText("Du har inte behörighet att se denna sida", { exact: true })).toBeVisible();
  });

  test("an admin may open the technician dashboard", { tag: "@one-viewport" }, async ({ page, loginAs }) => {
    await loginAs("admin");
    await page.goto("/technician");
    await expect(page.getByRole("heading", { name: "Tekniker Dashboard" })).toBeVisible();
  });
});
