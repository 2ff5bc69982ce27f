import type { APIRequestContext, Browser, Locator, Page, TestInfo } from "@playwright/test";
import { bookableDatesInRange, bookingWindow, daysBetween, todayIn, weekdayOf, type IsoDate } from "../src/common/booking-rules";
import { formatListDate } from "../src/common/format";
import { expect, expectNoSeriousA11yViolations, test } from "./fixtures";

// rules §2 Blocked time slots, §4 blocked-time filter, §5 Blocked time, §8 blocked-time toasts;
// rules D4 (a blocked time removes its slots from public availability); issue 14 (bookings
// already inside a new blocked time are not dropped silently: the admin is told which).
//
// Both projects (mobile, desktop) run at the same time against one server and one database, next to
// the booking journeys (e2e/booking.spec.ts), which book the EARLIEST dates of their weekdays. These
// tests use the LATEST dates of the booking window, and each project its own weeks (parity).

const MONDAY = "2024-01-01";
const today = () => todayIn(new Date());
const parityOf = (testInfo: TestInfo) => (testInfo.project.name === "mobile" ? 1 : 0);

/** Service dates on `weekday` in this project's weeks, LATEST first. */
function lateServiceDates(weekday: number, testInfo: TestInfo): IsoDate[] {
  const t = today();
  const { earliest, latest } = bookingWindow("service", t);
  return bookableDatesInRange("service", earliest, latest, t)
    .filter((d) => weekdayOf(d) === weekday && Math.floor(daysBetween(MONDAY, d) / 7) % 2 === parityOf(testInfo))
    .reverse();
}

const longDate = new Intl.DateTimeFormat("sv-SE", { weekday: "long", day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });
const monthYear = new Intl.DateTimeFormat("sv-SE", { month: "long", year: "numeric", timeZone: "UTC" });
const utc = (d: IsoDate) => new Date(`${d}T00:00:00Z`);
/** 'måndag 25 januari 2027', as the calendar and the list name a date. */
const swedishDate = (d: IsoDate) => longDate.format(utc(d));

type Slot = { label: string; available: boolean };
async function daySlots(request: APIRequestContext, serviceType: string, date: IsoDate): Promise<Slot[]> {
  const response = await request.get(`/api/availability/day?${new URLSearchParams({ date, serviceType })}`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { slots: Slot[] }).slots;
}
const freeLabels = async (request: APIRequestContext, serviceType: string, date: IsoDate) =>
  (await daySlots(request, serviceType, date)).filter((s) => s.available).map((s) => s.label);

const toasts = (page: Page) => page.getByRole("region", { name: /Aviseringar/ });

async function openBlockedTimes(page: Page) {
  await page.goto("/admin/blocked-times");
  await expect(page.getByRole("heading", { level: 1, name: "Blockerade tider" })).toBeVisible({ timeout: 20_000 });
  await expect(page).toHaveTitle("Blockerade tider | Värmepumpsservice");
}

/** Fills and sends the create dialog; `serviceTypes` are the labels to keep checked. */
async function blockTime(
  page: Page,
  input: { date: IsoDate; start?: string; end?: string; reason: string; serviceTypes: string[] },
  check?: (dialog: Locator) => Promise<void>,
) {
  await page.getByRole("button", { name: "Blockera tid" }).click();
  const dialog = page.getByRole("dialog", { name: "Blockera tid" });
  await expect(dialog).toBeVisible();
  // rules §5: the create defaults are 08:00 to 17:00.
  await expect(dialog.getByLabel("Starttid")).toHaveValue("08:00");
  await expect(dialog.getByLabel("Sluttid")).toHaveValue("17:00");
  await dialog.getByLabel("Datum").fill(input.date);
  if (input.start) await dialog.getByLabel("Starttid").fill(input.start);
  if (input.end) await dialog.getByLabel("Sluttid").fill(input.end);
  await dialog.getByLabel("Anledning").fill(input.reason);
  for (const label of ["Service", "Installation", "Felsökning"]) await dialog.getByLabel(label, { exact: true }).setChecked(input.serviceTypes.includes(label));
  await check?.(dialog);
  await dialog.getByRole("button", { name: "Blockera tid" }).click();
  await expect(dialog).toBeHidden();
  await expect(toasts(page)).toContainText("Tid blockerad");
}

const row = (page: Page, reason: string) => page.getByRole("list", { name: "Blockerade tider" }).getByRole("listitem").filter({ hasText: reason });

/** A customer's own browser (no admin cookie), sized like the project's. */
async function customerPage(browser: Browser, testInfo: TestInfo): Promise<Page> {
  const use = testInfo.project.use;
  const context = await browser.newContext({
    baseURL: use.baseURL,
    viewport: use.viewport,
    isMobile: use.isMobile,
    hasTouch: use.hasTouch,
    deviceScaleFactor: use.deviceScaleFactor,
    locale: use.locale,
    timezoneId: use.timezoneId,
  });
  // The wizard saves a draft as the customer types and restores it on the next visit: every visit
  // here starts afresh.
  await context.addInitScript(() => localStorage.removeItem("booking_draft"));
  return context.newPage();
}

/** /booking for service up to step 2, showing the month of `date`; returns the day's button. */
async function wizardDay(page: Page, date: IsoDate): Promise<Locator> {
  await page.goto("/booking?service=service");
  await expect(page.getByRole("heading", { level: 2, name: "Tjänst & Beskrivning" })).toBeVisible({ timeout: 20_000 });
  await page.getByLabel("Värmepumpsmodell").fill("Nibe F2120");
  await page.getByLabel("Beskrivning", { exact: true }).fill("Årlig service.");
  await page.getByRole("button", { name: "Nästa", exact: true }).click();
  await expect(page.getByRole("heading", { level: 2, name: "Välj tid" })).toBeVisible();
  // The calendar is ready once the first free date has been chosen automatically (rules §4).
  await expect(page.getByText(/^Valt datum:/)).toBeVisible();
  const next = page.getByRole("button", { name: "Nästa månad" });
  while (!(await page.getByText(monthYear.format(utc(date)), { exact: true }).isVisible())) {
    await expect(next).toBeEnabled();
    await next.click();
  }
  return page.getByRole("button", { name: swedishDate(date), exact: true });
}

test.describe("blocked times", () => {
  test("an admin blocks a whole day for service: it vanishes from /booking; editing and deleting it work", async ({
    page,
    loginAs,
    browser,
    request,
  }, testInfo) => {
    // Two browsers (the admin's and a customer's), the customer's calendar paged forward twice, four
    // axe checks, then an edit, the list's filters and a delete: a long journey, over the default
    // minute on this two-core machine while the other worker runs (CI: 1.1 min on both sizes).
    test.slow();
    // A Monday (five service times) near the end of the window that is free now.
    let day: IsoDate | undefined;
    for (const candidate of lateServiceDates(1, testInfo)) {
      if ((await freeLabels(request, "service", candidate)).length === 5) {
        day = candidate;
        break;
      }
    }
    expect(day, "a free Monday late in the booking window").toBeDefined();
    const date = day!;
    const reason = `Utbildning ${testInfo.project.name} ${Date.now()}`;

    const customer = await customerPage(browser, testInfo);
    try {
      // Before: the customer can pick the day.
      await expect(await wizardDay(customer, date)).toBeEnabled();

      await loginAs("admin");
      await openBlockedTimes(page);
      await expect(page.getByRole("link", { name: "Tillbaka till administrationen" })).toHaveAttribute("href", "/admin");
      await expect(page.getByRole("button", { name: "Kommande" })).toHaveAttribute("aria-pressed", "true");
      await expectNoSeriousA11yViolations(page);

      await blockTime(page, { date, reason, serviceTypes: ["Service"] }, async (dialog) => {
        await expectNoSeriousA11yViolations(page);
        // An empty reason is refused inline (rules §5) before anything is sent.
        await dialog.getByLabel("Anledning").fill("");
        await dialog.getByRole("button", { name: "Blockera tid" }).click();
        await expect(dialog.getByText("Ange en anledning")).toBeVisible();
        await expect(dialog.getByLabel("Anledning")).toHaveAttribute("aria-invalid", "true");
        await expectNoSeriousA11yViolations(page);
        await dialog.getByLabel("Anledning").fill(reason);
      });
      const item = row(page, reason);
      await expect(item).toContainText(formatListDate(date));
      await expect(item).toContainText("08:00–17:00");
      await expect(item).toContainText("Service");
      await expect(item).not.toContainText("Installation");
      // Nothing was booked that day: no notice.
      await expect(page.getByTestId("overlapping-bookings")).toHaveCount(0);

      // The day is gone from public availability at once, for service only (rules D4).
      expect(await freeLabels(request, "service", date)).toEqual([]);
      expect((await freeLabels(request, "troubleshooting", date)).length).toBeGreaterThan(0);
      await expect(await wizardDay(customer, date)).toBeDisabled();

      // Edit: only the morning stays blocked; the afternoon times come back.
      await item.getByRole("button", { name: /^Redigera blockerad tid/ }).click();
      const dialog = page.getByRole("dialog", { name: "Redigera blockerad tid" });
      await expect(dialog.getByLabel("Datum")).toHaveValue(date);
      await expect(dialog.getByLabel("Anledning")).toHaveValue(reason);
      await dialog.getByLabel("Sluttid").fill("12:00");
      await dialog.getByLabel("Anledning").fill(`${reason} (förmiddag)`);
      await expectNoSeriousA11yViolations(page);
      await dialog.getByRole("button", { name: "Spara ändringar" }).click();
      await expect(dialog).toBeHidden();
      await expect(toasts(page)).toContainText("Uppdaterad");
      await expect(row(page, `${reason} (förmiddag)`)).toContainText("08:00–12:00");
      expect(await freeLabels(request, "service", date)).toEqual(["12:00-14:00", "14:00-16:00", "15:30-17:30"]);

      // The filter: 'Alla' lists it too, 'Passerade' does not; the choice is kept in the URL.
      await page.getByRole("button", { name: "Alla" }).click();
      await expect(page).toHaveURL(/\?filter=all$/);
      await expect(row(page, reason)).toHaveCount(1);
      await page.getByRole("button", { name: "Passerade" }).click();
      await expect(page).toHaveURL(/\?filter=past$/);
      await expect(page.getByRole("button", { name: "Passerade" })).toHaveAttribute("aria-pressed", "true");
      await expect(row(page, reason)).toHaveCount(0);
      await expectNoSeriousA11yViolations(page);
      await page.getByRole("button", { name: "Kommande" }).click();

      // Delete, after confirming.
      await row(page, reason)
        .getByRole("button", { name: /^Ta bort blockerad tid/ })
        .click();
      const confirm = page.getByRole("alertdialog", { name: "Ta bort blockerad tid?" });
      await expect(confirm).toContainText(swedishDate(date));
      await expectNoSeriousA11yViolations(page);
      await confirm.getByRole("button", { name: "Ta bort den blockerade tiden", exact: true }).click();
      await expect(confirm).toBeHidden();
      await expect(toasts(page)).toContainText("Borttagen");
      await expect(row(page, reason)).toHaveCount(0);
      expect((await freeLabels(request, "service", date)).length).toBe(5);
      await expect(await wizardDay(customer, date)).toBeEnabled();
    } finally {
      await customer.context().close();
    }
  });

  test("blocking a day with a booking keeps the booking and tells the admin which one, with a link to it", async ({ page, loginAs, request }, testInfo) => {
    // A customer has booked a Friday afternoon (15:30-17:30, the one service time of a Friday).
    let booked: { id: number; date: IsoDate } | undefined;
    for (const date of lateServiceDates(5, testInfo)) {
      if (!(await freeLabels(request, "service", date)).includes("15:30-17:30")) continue;
      const response = await request.post("/api/bookings", {
        data: {
          serviceType: "service",
          heatpumpModel: "Nibe F2120",
          description: "Service före blockering.",
          date,
          timeSlot: "15:30-17:30",
          name: "Kund Blockering",
          email: `${testInfo.project.name}-blockering-${Date.now()}@exempel.se`,
          phone: "070-123 45 67",
          address: "Storgatan 12",
          city: "Uppsala",
          postalCode: "753 20",
          images: [],
        },
      });
      if (response.status() === 409) continue;
      expect(response.status(), await response.text()).toBe(201);
      booked = { id: ((await response.json()) as { id: number }).id, date };
      break;
    }
    expect(booked, "a booked Friday").toBeDefined();
    const { id, date } = booked!;
    const reason = `Sjukdom ${testInfo.project.name} ${Date.now()}`;

    await loginAs("admin");
    await openBlockedTimes(page);
    await blockTime(page, { date, start: "08:00", end: "18:00", reason, serviceTypes: ["Service", "Installation", "Felsökning"] });

    const notice = page.getByRole("region", { name: "En bokning ligger inom den blockerade tiden" });
    await expect(notice).toBeVisible();
    await expect(notice).toContainText("Bokningarna finns kvar");
    await expect(notice).toContainText("Kontakta kunderna");
    const link = notice.getByRole("link", { name: new RegExp(`Öppna bokning ${id}\\b`) });
    await expect(link).toHaveAttribute("href", `/admin/bookings/${id}`);
    await expect(link).toContainText("Kund Blockering");
    await expect(link).toContainText("15:30–17:30");
    await expectNoSeriousA11yViolations(page);

    // The booking itself is kept: it still holds its time (no one else can book it).
    expect((await daySlots(request, "service", date)).find((s) => s.label === "15:30-17:30")?.available).toBe(false);

    // Clean up: the day is free for others again once the block is gone.
    await notice.getByRole("button", { name: "Stäng meddelandet" }).click();
    await expect(notice).toBeHidden();
    await row(page, reason)
      .getByRole("button", { name: /^Ta bort blockerad tid/ })
      .click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Ta bort den blockerade tiden", exact: true }).click();
    await expect(toasts(page)).toContainText("Borttagen");
  });
});
