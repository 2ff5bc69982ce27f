import type { Browser, Page, TestInfo } from "@playwright/test";
import { addDays, timeSlotText, todayIn, type IsoDate } from "../src/common/booking-rules";
import type { AdminBookingDetail } from "../src/common/schemas/admin-bookings";
import type { SystemSettings } from "../src/common/schemas/settings";
import { demoAccount, expect, expectNoSeriousA11yViolations, test, waitForEmail } from "./fixtures";

// Issue 23 point 4: when an admin or a technician cancels or moves a visit, the customer hears of it
// as when they act through their own link: the new time with a new .ics, or the cancellation with
// the company's phone number. A technician's cancel says why, and the admin reads it on the booking
// page. The e2e server's SMTP catcher receives the e-mails (fixtures.ts waitForEmail). Both projects
// run at once: every visit lies on a far date picked at random, for a customer of its own.

const unique = (testInfo: TestInfo) => `${testInfo.project.name === "mobile" ? "m" : "d"}${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
const farDate = (testInfo: TestInfo): IsoDate =>
  addDays(todayIn(new Date()), (testInfo.project.name === "mobile" ? 250 : 1250) + Math.floor(Math.random() * 800));
const toasts = (page: Page) => page.getByRole("region", { name: /Aviseringar/, includeHidden: true });
const main = (page: Page) => page.getByRole("main");

type Visit = { id: number; date: IsoDate; name: string; email: string };

/** A visit booked by the admin for a new customer (unassigned, so every technician may work on it), with its confirmation e-mail. */
async function bookedByAdmin(page: Page, testInfo: TestInfo, timeSlot = "10:00-12:00"): Promise<Visit> {
  const tag = unique(testInfo);
  const name = `Personalkund ${tag}`;
  const email = `personal.${tag}@exempel.se`;
  const origin = new URL(page.url()).origin;
  for (let attempt = 0; attempt < 5; attempt++) {
    const date = farDate(testInfo);
    const response = await page.request.post("/api/admin/bookings", {
      headers: { origin },
      data: {
        customerInfo: { name, email, phone: "070-555 00 11", address: "Verkstadsgatan 4", city: "Knivsta", postalCode: "741 30" },
        serviceType: "service",
        date,
        timeSlot,
        description: "Pumpen piper vid avfrostning.",
        status: "confirmed",
      },
    });
    if (response.status() === 201) {
      await waitForEmail(email, { subject: "Bokningsbekräftelse" });
      return { id: ((await response.json()) as { id: number }).id, date, name, email };
    }
    expect(response.status(), await response.text()).toBe(409);
  }
  throw new Error("no free far date found");
}

/** The phone number the e-mails give (the settings' company phone). */
async function companyPhone(page: Page): Promise<string> {
  return ((await (await page.request.get("/api/admin/settings")).json()) as SystemSettings).companyPhone;
}

/** The admin on a browser of their own (the technician's page keeps its session). */
async function adminPage(browser: Browser, baseURL: string): Promise<Page> {
  const context = await browser.newContext({ baseURL, locale: "sv-SE", timezoneId: "Europe/Stockholm" });
  await context.addInitScript(() => localStorage.setItem("vps.signed-in", "1"));
  const page = await context.newPage();
  const account = await demoAccount(page, "admin");
  const login = await page.request.post("/api/auth/login", {
    data: { username: account.username, password: account.password, role: "admin" },
    headers: { origin: baseURL },
  });
  expect(login.status(), await login.text()).toBe(200);
  return page;
}

test(
  "an admin moves a visit and then cancels it: the customer gets the new time with its .ics, then the cancellation with the phone number",
  { tag: "@one-viewport" },
  async ({ page, loginAs }, testInfo) => {
    await page.goto("/");
    await loginAs("admin");
    const visit = await bookedByAdmin(page, testInfo);
    const phone = await companyPhone(page);

    await page.goto(`/admin/bookings/${visit.id}`);
    await expect(page.getByRole("heading", { level: 1, name: `Bokning #${visit.id}` })).toBeVisible({ timeout: 20_000 });
    await main(page).getByRole("button", { name: "Omplanera" }).click();
    const dialog = page.getByRole("dialog", { name: "Omplanera bokning" });
    const newDate = addDays(visit.date, 1);
    await dialog.getByLabel("Nytt datum").fill(newDate);
    await dialog.getByRole("radio", { name: "16:00–18:00" }).check();
    await dialog.getByRole("button", { name: "Spara ny tid" }).click();
    await expect(toasts(page).getByText("Bokning omplanerad")).toBeVisible();

    const moved = await waitForEmail(visit.email, { subject: "Ny tid för ditt besök" });
    expect(moved.subject).toMatch(/kl\. 16:00$/);
    expect(moved.text).toContain(`Tid: ${timeSlotText("16:00-18:00")}`);
    const calendar = moved.attachments.find((a) => a.contentType.startsWith("text/calendar"));
    expect(calendar?.filename).toBe(`${visit.id}.ics`);
    expect(calendar?.content).toContain(`DTSTART:${newDate.replaceAll("-", "")}T`);
    expect(calendar?.content).toContain("SEQUENCE:1");

    await main(page).getByRole("combobox", { name: "Ändra status" }).selectOption({ label: "Avbokad" });
    await expect(toasts(page).getByText("Bokningens status har uppdaterats")).toBeVisible();
    const cancelled = await waitForEmail(visit.email, { subject: "Ditt besök är avbokat" });
    expect(cancelled.text).toContain("Vi har tyvärr fått avboka ditt besök");
    expect(cancelled.text).toContain(`Ring oss på ${phone}`);
    expect(cancelled.text).toContain(`Bokningsnummer: #${visit.id}`);
  },
);

test("a technician cancels only with a reason; the customer is told and the admin reads the reason on the booking page", async ({
  page,
  loginAs,
  browser,
  baseURL,
}, testInfo) => {
  await page.goto("/");
  await loginAs("admin");
  const visit = await bookedByAdmin(page, testInfo, "12:00-14:00");
  const phone = await companyPhone(page);
  await loginAs("technician");

  await page.goto(`/technician/booking/${visit.id}`);
  await expect(page.getByRole("heading", { level: 1, name: visit.name })).toBeVisible({ timeout: 20_000 });
  await page.getByRole("button", { name: "Avboka" }).click();
  const dialog = page.getByRole("dialog", { name: "Avboka uppdraget?" });
  await expect(dialog).toContainText("Kunden får ett e-postmeddelande om avbokningen.");
  const reason = dialog.getByRole("textbox", { name: "Anledning till avbokningen" });
  // Without a reason nothing is sent: the field says what is missing.
  await dialog.getByRole("button", { name: "Avboka besöket" }).click();
  await expect(dialog.getByText("Skriv varför besöket avbokas")).toBeVisible();
  await expect(reason).toHaveAttribute("aria-invalid", "true");
  await expectNoSeriousA11yViolations(page);
  await reason.fill("Reservdelen har inte kommit, kunden behöver en ny tid.");
  await dialog.getByRole("button", { name: "Avboka besöket" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText("Avbokad", { exact: true })).toBeVisible();

  const mail = await waitForEmail(visit.email, { subject: "Ditt besök är avbokat" });
  expect(mail.text).toContain(`Ring oss på ${phone}`);
  expect(mail.text).not.toContain("Reservdelen");

  const admin = await adminPage(browser, baseURL!);
  try {
    await admin.goto(`/admin/bookings/${visit.id}`);
    const history = admin.getByRole("main").getByRole("region", { name: "Historik" });
    await expect(history).toContainText("Anledning: Reservdelen har inte kommit, kunden behöver en ny tid.", { timeout: 20_000 });
    await expect(history).toContainText("Erik Johansson (Tekniker)");
    const detail = (await (await admin.request.get(`/api/admin/bookings/${visit.id}`)).json()) as AdminBookingDetail;
    expect(detail.history.at(-1)).toMatchObject({ actor: "technician", kind: "cancelled", note: "Reservdelen har inte kommit, kunden behöver en ny tid." });
  } finally {
    await admin.context().close();
  }
});
