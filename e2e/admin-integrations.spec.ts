import type { Page, TestInfo } from "@playwright/test";
import { bookableDatesInRange, bookingWindow, todayIn } from "../src/common/booking-rules";
import { expect, expectNoSeriousA11yViolations, test, waitForEmail } from "./fixtures";

// Issue 11: the integrations screen shows what is true (rules D12, D14): e-mail with the outbox's
// counts, secret calendar feeds to copy and replace, and Google Calendar only when configured (the
// test server has no Google client, so the spec's error text). Both projects run at once: each
// replaces only the feed of a technician of its own.

const unique = (testInfo: TestInfo) => `${testInfo.project.name === "mobile" ? "m" : "d"}${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
const toasts = (page: Page) => page.getByRole("region", { name: /Aviseringar/, includeHidden: true });

/** A home visit booked through the API on a free time, as the wizard does; the LATEST dates first. */
async function bookHomeVisit(page: Page, email: string) {
  const today = todayIn(new Date());
  const { earliest, latest } = bookingWindow("hembesok", today);
  for (const date of bookableDatesInRange("hembesok", earliest, latest, today).reverse()) {
    const day = await (await page.request.get(`/api/availability/day?${new URLSearchParams({ date, serviceType: "hembesok" })}`)).json();
    const slot = (day.slots as { label: string; available: boolean }[]).find((s) => s.available);
    if (!slot) continue;
    const response = await page.request.post("/api/bookings", {
      data: {
        serviceType: "hembesok",
        description: "Utkorgstest.",
        date,
        timeSlot: slot.label,
        name: "Ulla Utkorg",
        email,
        phone: "070-555 66 77",
        address: "Postvägen 3",
        city: "Uppsala",
        postalCode: "753 20",
        images: [],
      },
    });
    if (response.status() === 409) continue;
    expect(response.status(), await response.text()).toBe(201);
    return;
  }
  throw new Error("no free home visit");
}

async function openIntegrations(page: Page) {
  await page.goto("/admin/integrations");
  await expect(page.getByRole("heading", { level: 1, name: "Integrationer" })).toBeVisible({ timeout: 20_000 });
  await expect(
    page
      .getByRole("region", { name: "Kalenderflöden" })
      .getByRole("button", { name: /^Kopiera/ })
      .first(),
  ).toBeVisible();
  // Long URLs and the outbox table scroll inside their cards; the page itself fits a phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
}

test("the e-mail card is real: SMTP configured and the outbox's counts; a sent confirmation is listed as sent", async ({ page, loginAs }, testInfo) => {
  // A booking of our own, whose confirmation e-mail the test SMTP server receives.
  const email = `utkorg.${unique(testInfo)}@exempel.se`;
  await bookHomeVisit(page, email);
  await waitForEmail(email, { subject: "Bokningsbekräftelse" });

  await loginAs("admin");
  await openIntegrations(page);
  const card = page.getByRole("region", { name: "E-post" });
  await expect(card).toContainText("Konfigurerad");
  await expect(card).toContainText("E-post skickas via SMTP");
  expect(Number(await card.locator("dd").nth(1).textContent())).toBeGreaterThanOrEqual(1);
  const outbox = page.getByRole("region", { name: "Utkorg" });
  await outbox.getByRole("button", { name: /^Skickade/ }).click();
  await expect(outbox.getByRole("button", { name: /^Skickade/ })).toHaveAttribute("aria-pressed", "true");
  const row = outbox.getByRole("row", { name: new RegExp(email.replace(/\./g, "\\.")) });
  await expect(row).toContainText("Bokningsbekräftelse");
  await expect(row).toContainText("Skickad");
  const statuses = await outbox.getByRole("table").locator("tbody tr td:nth-child(3)").allTextContents();
  expect(new Set(statuses)).toEqual(new Set(["Skickad"]));
  await expectNoSeriousA11yViolations(page);
});

test("an admin copies a calendar feed URL that calendar apps can read, and replaces a technician's (the old one stops working)", async ({
  page,
  context,
  loginAs,
  baseURL,
}, testInfo) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL });
  await loginAs("admin");
  const name = `Fia Flöde ${unique(testInfo)}`;
  const created = await page.request.post("/api/admin/users", {
    // Not bookable (rules D25): the times every other journey sees stay as they are.
    data: { username: `flode${unique(testInfo)}`, name, password: "Kalender99x", role: "technician", bookable: false },
    headers: { origin: baseURL! },
  });
  expect(created.status(), await created.text()).toBe(201);
  await openIntegrations(page);
  const feeds = page.getByRole("region", { name: "Kalenderflöden" });

  // The company's feed: copied to the clipboard, and it is a calendar.
  const companyUrl = await feeds.getByLabel("Kalenderlänk för Företaget – alla bokningar").inputValue();
  expect(companyUrl).toMatch(/\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
  await feeds.getByRole("button", { name: "Kopiera: Företaget – alla bokningar" }).click();
  await expect(toasts(page)).toContainText("Länken är kopierad");
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(companyUrl);
  const calendar = await page.request.get(new URL(companyUrl).pathname);
  expect(calendar.status()).toBe(200);
  expect(calendar.headers()["content-type"]).toBe("text/calendar; charset=utf-8");
  expect(await calendar.text()).toContain("BEGIN:VCALENDAR");
  await expectNoSeriousA11yViolations(page);

  // The new technician's feed, replaced after confirming.
  const owner = `${name} – tilldelade besök`;
  const before = await feeds.getByLabel(`Kalenderlänk för ${owner}`).inputValue();
  expect((await page.request.get(new URL(before).pathname)).status()).toBe(200);
  await feeds.getByRole("button", { name: `Skapa ny länk för ${owner}` }).click();
  const confirm = page.getByRole("alertdialog", { name: "Skapa ny kalenderlänk?" });
  await expect(confirm).toContainText("slutar fungera direkt");
  await expectNoSeriousA11yViolations(page);
  await confirm.getByRole("button", { name: "Skapa ny kalenderlänk" }).click();
  await expect(toasts(page)).toContainText("Ny länk skapad");
  await expect(feeds.getByLabel(`Kalenderlänk för ${owner}`)).not.toHaveValue(before);
  const after = await feeds.getByLabel(`Kalenderlänk för ${owner}`).inputValue();
  expect((await page.request.get(new URL(before).pathname)).status()).toBe(404);
  expect((await page.request.get(new URL(after).pathname)).status()).toBe(200);
});

test("Google Calendar says it is not configured, and connecting answers with the spec's error text", { tag: "@one-viewport" }, async ({ page, loginAs }) => {
  await loginAs("admin");
  await openIntegrations(page);
  const google = page.getByRole("region", { name: "Google Calendar" });
  await expect(google).toContainText("Inte konfigurerad");
  await expect(google).not.toContainText("Ansluten");
  const popup = page.waitForEvent("popup");
  await google.getByRole("button", { name: "Anslut Google Calendar" }).click();
  await expect(toasts(page)).toContainText("Fel uppstod");
  // The authorization window it opened on the click is closed again.
  const opened = await popup;
  await expect.poll(() => opened.isClosed()).toBe(true);
  await expect(toasts(page)).toContainText("Kunde inte starta Google-autentisering. Kontrollera att API-nycklarna är korrekt konfigurerade.");
});

test("a technician finds their own calendar link in their portal, and it holds their visits' calendar", async ({
  page,
  loginAs,
  baseURL,
  browser,
}, testInfo) => {
  await loginAs("admin");
  const username = `kal${unique(testInfo)}`;
  const created = await page.request.post("/api/admin/users", {
    data: { username, name: `Kalle Kalender ${username}`, password: "Pendel-Ugglor-77", role: "technician", bookable: false },
    headers: { origin: baseURL! },
  });
  expect(created.status(), await created.text()).toBe(201);
  const feeds = (await (await page.request.get("/api/admin/calendar-feeds")).json()) as { owner: { name?: string }; url: string }[];
  const adminView = feeds.find((f) => f.owner.name === `Kalle Kalender ${username}`)!;

  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: "sv-SE", timezoneId: "Europe/Stockholm" });
  const technician = await context.newPage();
  const login = await technician.request.post("/api/auth/login", {
    data: { username, password: "Pendel-Ugglor-77", role: "technician" },
    headers: { origin: baseURL! },
  });
  expect(login.status()).toBe(200);
  await technician.addInitScript(() => localStorage.setItem("vps.signed-in", "1"));
  await technician.goto("/technician");
  await technician.getByText("Dina besök i din egen kalender").click();
  const field = technician.getByLabel("Din kalenderlänk");
  await expect(field).toHaveValue(adminView.url);
  const calendar = await technician.request.get(new URL(adminView.url).pathname);
  expect(calendar.headers()["content-type"]).toBe("text/calendar; charset=utf-8");
  // Long lines are folded (RFC 5545 §3.1): unfold before reading.
  expect((await calendar.text()).replace(/\r\n[ \t]/g, "")).toContain(`X-WR-CALNAME:Värmepumpsservice – Kalle Kalender ${username}`);
  await expectNoSeriousA11yViolations(technician);
  await context.close();
});
