import type { APIRequestContext, Page } from "@playwright/test";
import { bookableDatesInRange, bookingWindow, todayIn, weekdayOf } from "../src/common/booking-rules";
import { DEFAULT_SYSTEM_SETTINGS } from "../src/common/schemas/settings";
import { expect, expectNoSeriousA11yViolations, test } from "./fixtures";

// Issue 11, rules D11: system settings an admin saves take effect on the public pages at once.
// These tests change company-wide settings, so they run in a project of their own after every
// other journey (playwright.config.ts), one at a time, and put the defaults back.

test.describe.configure({ mode: "serial" });

const toasts = (page: Page) => page.getByRole("region", { name: /Aviseringar/, includeHidden: true });

async function restoreDefaults(request: APIRequestContext, baseURL: string) {
  const response = await request.put("/api/admin/settings", { data: DEFAULT_SYSTEM_SETTINGS, headers: { origin: baseURL } });
  expect(response.status(), await response.text()).toBe(200);
}

test.afterEach(async ({ page, loginAs, baseURL }) => {
  await loginAs("admin");
  await restoreDefaults(page.request, baseURL!);
});

async function openSettings(page: Page) {
  await page.goto("/admin/settings");
  await expect(page.getByRole("heading", { level: 1, name: "Systeminställningar" })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByLabel("Företagsnamn")).toHaveValue(DEFAULT_SYSTEM_SETTINGS.companyName);
}

test("an admin changes the company phone and the working hours: the footer, the JSON-LD and the booking link page show them", async ({
  page,
  loginAs,
  browser,
}) => {
  const hydrationErrors: string[] = [];
  await loginAs("admin");
  await openSettings(page);
  for (const section of ["Företagsinformation", "Bokningsinställningar", "E-postinställningar", "Arbetstider"]) {
    await expect(page.getByRole("heading", { level: 2, name: section })).toBeVisible();
  }
  await expect(page.getByLabel("Max antal bokningar per dag")).toHaveValue("8");
  await expect(page.getByRole("switch", { name: "Bekräfta webbokningar automatiskt" })).toHaveAttribute("aria-checked", "true");
  await expect(page.getByLabel("Påminnelse om besöket")).toHaveValue("1");
  await expectNoSeriousA11yViolations(page);

  await page.getByLabel("Telefon").fill("060-12 34 56");
  await page.getByLabel("Arbetsdagen börjar").fill("07:30");
  await page.getByLabel("Arbetsdagen slutar").fill("16:00");
  await page.getByRole("button", { name: "Spara inställningar" }).click();
  await expect(toasts(page)).toContainText("Inställningar sparade");

  // Stored: a fresh load shows the saved values.
  await page.reload();
  await expect(page.getByLabel("Telefon")).toHaveValue("060-12 34 56");
  await expect(page.getByLabel("Arbetsdagen börjar")).toHaveValue("07:30");

  // A visitor (no session) sees them on the start page, in the HTML the server sends and after hydration.
  const visitor = await browser.newPage();
  visitor.on("console", (message) => {
    if (message.type() === "error" && /hydrat/i.test(message.text())) hydrationErrors.push(message.text());
  });
  const response = await visitor.goto("/");
  const html = (await response!.text()) ?? "";
  expect(html).toContain("060-12 34 56");
  expect(html).not.toContain("%%company");
  const jsonLd = JSON.parse((await visitor.locator('script[type="application/ld+json"]').textContent()) ?? "{}");
  expect(jsonLd).toMatchObject({ telephone: "+4660123456", openingHours: "Mo-Fr 07:30-16:00" });
  const footer = visitor.getByRole("contentinfo");
  await footer.scrollIntoViewIfNeeded();
  await expect(footer.getByRole("link", { name: "060-12 34 56" })).toHaveAttribute("href", "tel:060123456");
  await expect(footer).toContainText("Måndag–fredag 07:30–16:00, helger stängt");
  await expect(footer).not.toContainText("08-123 456 70");

  // The customer's booking link page (its own booking, made through the API as the wizard does).
  const today = todayIn(new Date());
  const { earliest, latest } = bookingWindow("service", today);
  const dates = bookableDatesInRange("service", earliest, latest, today)
    .filter((d) => weekdayOf(d) === 3)
    .reverse();
  let manageUrl: string | undefined;
  for (const date of dates) {
    // Asked first: every attempt counts towards the e-mail's daily limit, and the demo data may have
    // taken many Wednesday afternoons.
    const free = await visitor.request.get(`/api/availability?${new URLSearchParams({ date, timeSlot: "15:30-17:30", serviceType: "service" })}`);
    if (!((await free.json()) as { available: boolean }).available) continue;
    const booked = await visitor.request.post("/api/bookings", {
      data: {
        serviceType: "service",
        heatpumpModel: "Nibe F2120",
        description: "Inställningstest.",
        date,
        timeSlot: "15:30-17:30",
        name: "Sara Inställning",
        email: "sara.installning@exempel.se",
        phone: "070-555 12 34",
        address: "Inställningsgatan 1",
        city: "Uppsala",
        postalCode: "753 20",
        images: [],
      },
    });
    if (booked.status() === 409) continue;
    expect(booked.status(), await booked.text()).toBe(201);
    manageUrl = ((await booked.json()) as { manageUrl: string }).manageUrl;
    break;
  }
  expect(manageUrl).toBeTruthy();
  await visitor.goto(new URL(manageUrl!).pathname);
  const contact = visitor.getByRole("region", { name: "Kontakta oss" });
  await expect(contact).toContainText("060-12 34 56", { timeout: 20_000 });
  await expect(contact).toContainText("Måndag–fredag 07:30–16:00");
  expect(hydrationErrors).toEqual([]);
  await visitor.close();
});

test("the form says what is wrong, in Swedish, next to the field, and saves nothing", async ({ page, loginAs }) => {
  await loginAs("admin");
  await openSettings(page);
  await page.getByLabel("Företagsnamn").fill("");
  await page.getByLabel("E-post", { exact: true }).fill("inte-en-adress");
  await page.getByLabel("Lunch börjar").fill("18:00");
  await page.getByLabel("Lunch slutar").fill("18:30");
  await page.getByRole("button", { name: "Spara inställningar" }).click();
  await expect(toasts(page)).toContainText("Formulärfel");
  await expect(page.getByText("Företagsnamn krävs")).toBeVisible();
  await expect(page.getByText("Ange en giltig e-postadress")).toBeVisible();
  await expect(page.getByText("Lunchen måste ligga inom arbetsdagen")).toBeVisible();
  await expect(page.getByLabel("Företagsnamn")).toHaveAttribute("aria-invalid", "true");
  await page.reload();
  await expect(page.getByLabel("Företagsnamn")).toHaveValue(DEFAULT_SYSTEM_SETTINGS.companyName);
});

test("on a phone the settings fit the screen, switches work by keyboard, and the e-mail switches follow the master switch", async ({ page, loginAs }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await loginAs("admin");
  await openSettings(page);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  const master = page.getByRole("switch", { name: "Skicka e-postaviseringar" });
  await master.focus();
  await page.keyboard.press("Space");
  await expect(master).toHaveAttribute("aria-checked", "false");
  await expect(page.getByRole("switch", { name: "Skicka bokningsbekräftelse till kunden" })).toBeDisabled();
  await expect(page.getByLabel("Påminnelse om besöket")).toBeDisabled();
  await expectNoSeriousA11yViolations(page);
  await page.keyboard.press("Space");
  await expect(master).toHaveAttribute("aria-checked", "true");
  await expect(page.getByRole("switch", { name: "Skicka bokningsbekräftelse till kunden" })).toBeEnabled();
});
