import type { Page } from "@playwright/test";
import { expect, expectNoSeriousA11yViolations, test } from "./fixtures";
import { startOwnApp, type OwnApp } from "./own-app";

// Issue 24: e-mail that has been failing for more than an hour is said in red on the admin overview,
// with a link to the outbox on the integrations screen.
//
// The failing messages are written with SQL before the app starts (e2e/start-server.mjs E2E_SEED_SQL),
// into an app of its own: the shared server's outbox sends everything through its SMTP server, and
// other journeys must not see a red overview (one app per project, each with its own database).

test.describe.configure({ mode: "serial" });

const ADMIN = { username: "drift", password: "Utkorg-Larm-Röd-24" };

// Given up three and two hours ago, and still being retried after 90 minutes (its next attempt is
// tomorrow, so the app's sweep leaves it alone). A fourth, failing for ten minutes only, is no alert.
const SEED_SQL = `
  INSERT INTO email_outbox ("to", subject, text, status, attempts, last_error, created_at, next_attempt_at) VALUES
    ('kund1@exempel.se', 'Bokningsbekräftelse', 'Hej!', 'failed', 20, 'Anslutningen nekades', now() - interval '3 hours', now()),
    ('kund2@exempel.se', 'Påminnelse', 'Hej!', 'failed', 20, '550 Mailbox unavailable', now() - interval '2 hours', now()),
    ('kund3@exempel.se', 'Ny tid för ditt besök', 'Hej!', 'queued', 7, 'Anslutningen nekades', now() - interval '90 minutes', now() + interval '1 day'),
    ('kund4@exempel.se', 'Bokningsbekräftelse', 'Hej!', 'queued', 2, 'Anslutningen nekades', now() - interval '10 minutes', now() + interval '1 day');`;

let app: OwnApp | undefined;

test.beforeAll(async () => {
  test.info().setTimeout(120_000);
  app = await startOwnApp(
    `alerts-${test.info().project.name}`,
    { SEED_DEMO: "0", ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password, E2E_SEED_SQL: SEED_SQL },
    { timeoutMs: 90_000 },
  );
});

test.afterAll(async () => {
  await app?.stop();
});

async function loginAsAdmin(page: Page, url: string) {
  const login = await page.request.post(`${url}/api/auth/login`, { data: { ...ADMIN, role: "admin" }, headers: { origin: url } });
  expect(login.status(), await login.text()).toBe(200);
  await page.addInitScript(() => localStorage.setItem("vps.signed-in", "1"));
}

test("the admin overview says in red that e-mail has been stuck for over an hour, and leads to the outbox", async ({ page }) => {
  const url = app!.url;
  await loginAsAdmin(page, url);
  await page.goto(`${url}/admin`);

  const alert = page.getByRole("alert");
  await expect(alert).toContainText("E-post fastnar: 3 meddelanden har inte kunnat skickas på över en timme.", { timeout: 20_000 });
  await expect(alert).toContainText(/Det äldsta skrevs \d{1,2} \S+ \d{4} kl\. \d\d:\d\d\./);
  // Red, not the amber of "Behöver åtgärd": the text's and the border's hue (Tailwind's colours are oklch).
  const box = alert.locator("li").first();
  for (const property of ["color", "borderTopColor"] as const) {
    const colour = await box.evaluate((el, p) => getComputedStyle(el)[p], property);
    const hue = Number(/^oklch\([\d.]+ [\d.]+ ([\d.]+)/.exec(colour)?.[1]);
    expect(hue, `${property} ${colour}`).toBeGreaterThanOrEqual(10);
    expect(hue, `${property} ${colour}`).toBeLessThanOrEqual(35);
  }
  // It fits the screen (a phone too).
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
  await expect(page.getByRole("region", { name: /^Dagens besök/ })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await alert.getByRole("link", { name: "Se utkorgen under Integrationer" }).click();
  await expect(page).toHaveURL(`${url}/admin/integrations`);
  await expect(page.getByRole("heading", { level: 1, name: "Integrationer" })).toBeVisible({ timeout: 20_000 });
  const outbox = page.getByRole("region", { name: "Utkorg" });
  await expect(outbox.getByRole("row", { name: /kund1@exempel\.se/ })).toContainText("Anslutningen nekades");
});
