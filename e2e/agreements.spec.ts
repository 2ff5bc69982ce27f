import type { Page, TestInfo } from "@playwright/test";
import { expect, expectNoSeriousA11yViolations, test, waitForEmail } from "./fixtures";

// Issue 26, service agreements on a phone and on a desktop: the admin creates an agreement for a
// customer's heat pump from the customer's product, the customer opens the e-mailed link without
// logging in and accepts the terms, and the admin sees the agreement active with when and from where
// it was accepted. Each project has its own customer and checks only its own agreement.

const unique = (testInfo: TestInfo) => `${testInfo.project.name === "mobile" ? "m" : "d"}${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;

/** A new customer with one registered heat pump, made through the admin API. */
async function customerWithPump(page: Page, baseURL: string, testInfo: TestInfo) {
  const tag = unique(testInfo);
  const name = `Avtalskund ${tag}`;
  const email = `avtal.${tag}@exempel.se`;
  const headers = { origin: baseURL };
  const created = await page.request.post("/api/customers", {
    headers,
    data: { name, email, phone: "070-555 00 44", address: "Avtalsvägen 4", city: "Sigtuna", postalCode: "193 30" },
  });
  expect(created.status(), await created.text()).toBe(201);
  const customer = (await created.json()) as { id: number };
  const serial = `AV-${tag}`;
  const pump = await page.request.post("/api/products", {
    headers,
    data: { customerId: customer.id, type: "luftvärmepump", brand: "Nibe", model: "F2120-12", serialNumber: serial },
  });
  expect(pump.status(), await pump.text()).toBe(201);
  const product = (await pump.json()) as { id: number };
  return { customerId: customer.id, productId: product.id, name, email, serial };
}

test("an admin creates a service agreement, the customer accepts it from the e-mail, and the admin sees it active", async ({
  page,
  browser,
  baseURL,
  loginAs,
}, testInfo) => {
  test.setTimeout(90_000);
  await loginAs("admin");
  const customer = await customerWithPump(page, baseURL!, testInfo);

  // From the customer's product, the form comes with the customer and the pump chosen.
  await page.goto(`/admin/agreements/new?customerId=${customer.customerId}&productId=${customer.productId}`);
  await expect(page.getByRole("heading", { level: 1, name: "Nytt serviceavtal" })).toBeVisible();
  await expect(page.getByRole("combobox", { name: "Produkt" })).toHaveValue(String(customer.productId));
  await page.getByLabel("Startdatum").fill("2027-01-01");
  await page.getByLabel("Årspris (kr)").fill("2 400");
  await page.getByRole("combobox", { name: "Besök per år" }).selectOption("2");
  await page.getByRole("combobox", { name: "Besöksmånad" }).selectOption("4");
  await page.getByLabel("Rabatt på reparationer (%)").fill("10");
  await expectNoSeriousA11yViolations(page);
  await page.getByRole("button", { name: "Skapa och skicka avtalet" }).click();

  await expect(page.getByRole("heading", { level: 1, name: /^Avtal #\d+$/ })).toBeVisible();
  const agreementUrl = page.url();
  const main = page.getByRole("main");
  await expect(main.getByText("Väntar på godkännande").first()).toBeVisible();
  await expect(main.getByText("2 besök per år, april och oktober")).toBeVisible();
  await expect(main.getByText("10 % på arbetskostnaden")).toBeVisible();

  // The customer reads the terms in the e-mail and opens the link, on a device of their own.
  const email = await waitForEmail(customer.email, { subject: /Serviceavtal för din värmepump/ });
  expect(email.text).toContain("Årspris: 2 400 kr");
  expect(email.text).toContain("Besök: 2 servicebesök per år, i april och oktober");
  const link = email.text.match(/https?:\/\/\S+\/avtal\/[A-Za-z0-9_-]+/)?.[0];
  expect(link, email.text).toBeTruthy();
  const context = await browser.newContext({
    baseURL,
    locale: "sv-SE",
    timezoneId: "Europe/Stockholm",
    viewport: testInfo.project.use.viewport ?? undefined,
    isMobile: testInfo.project.use.isMobile,
    hasTouch: testInfo.project.use.hasTouch,
  });
  const own = await context.newPage();
  await own.goto(new URL(link!).pathname);
  await expect(own.getByRole("heading", { name: "Godkänn avtalet" })).toBeVisible();
  await expect(own.getByText(customer.serial, { exact: false }).first()).toBeVisible();
  await expectNoSeriousA11yViolations(own);
  await own.getByRole("button", { name: "Godkänn avtalet" }).click();
  await expect(own.getByText(/^Du godkände avtalet den \d{1,2} \w+ \d{4} kl\. \d{2}\.\d{2}/)).toBeVisible();
  await expect(own.getByRole("button", { name: "Godkänn avtalet" })).toHaveCount(0);
  // Nothing horizontal to scroll on the phone.
  expect(await own.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  // Opened again, the page says it is accepted and offers nothing to accept.
  await own.reload();
  await expect(own.getByText(/^Du godkände avtalet den /)).toBeVisible();
  await expect(own.getByRole("button", { name: "Godkänn avtalet" })).toHaveCount(0);
  await context.close();

  // The admin sees it active, when and from which address it was accepted, and in the list.
  await page.goto(agreementUrl);
  await expect(main.getByText("Aktivt").first()).toBeVisible();
  await expect(main.getByText("Kunden godkände avtalet")).toBeVisible();
  await expect(main.getByText("127.0.0.1")).toBeVisible();
  await page.goto(`/admin/agreements?q=${encodeURIComponent(customer.name)}`);
  await expect(main.getByText(customer.name).first()).toBeVisible();
  await expect(main.getByText("Aktivt").first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test("the admin proposes the next visit, the customer gets it by e-mail and moves it within the month", async ({
  page,
  browser,
  baseURL,
  loginAs,
}, testInfo) => {
  test.setTimeout(120_000);
  await loginAs("admin");
  const customer = await customerWithPump(page, baseURL!, testInfo);
  // Visits next month: the agreement starts today and is accepted at once (through its link).
  const now = new Date();
  const nextMonth = ((now.getMonth() + 1) % 12) + 1;
  const created = await page.request.post("/api/admin/agreements", {
    headers: { origin: baseURL! },
    data: {
      customerId: customer.customerId,
      productId: customer.productId,
      startDate: now.toLocaleDateString("sv-SE", { timeZone: "Europe/Stockholm" }),
      yearlyPriceOre: 190_000,
      visitsPerYear: 1,
      visitMonth: nextMonth,
      repairDiscountPercent: 5,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const agreement = (await created.json()) as { id: number; customerUrl: string };
  const accepted = await page.request.post(`/api/agreements/${agreement.customerUrl.split("/avtal/")[1]}/accept`, { headers: { origin: baseURL! } });
  expect(accepted.status(), await accepted.text()).toBe(200);

  // The admin proposes it now instead of waiting for the morning job.
  await page.goto(`/admin/agreements/${agreement.id}`);
  await page.getByRole("button", { name: "Föreslå besök nu" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Föreslå nästa besök nu?" });
  await confirm.getByRole("button", { name: "Föreslå besöket" }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByRole("main").getByText("Servicebesök föreslogs")).toBeVisible();

  // The customer's e-mail: the time held and the link.
  const email = await waitForEmail(customer.email, { subject: /Servicebesök enligt ditt serviceavtal/ });
  const link = email.text.match(/https?:\/\/\S+\/booking\/shared\/[A-Za-z0-9_-]+/)?.[0];
  expect(link, email.text).toBeTruthy();
  const context = await browser.newContext({
    baseURL,
    locale: "sv-SE",
    timezoneId: "Europe/Stockholm",
    viewport: testInfo.project.use.viewport ?? undefined,
    isMobile: testInfo.project.use.isMobile,
    hasTouch: testInfo.project.use.hasTouch,
  });
  const own = await context.newPage();
  await own.goto(new URL(link!).pathname);
  const selfService = own.getByRole("region", { name: "Ändra eller avboka" });
  await expect(selfService).toContainText("Besök enligt ditt serviceavtal");
  const monthText = (await selfService.textContent())!.match(/ledig tid i (\p{L}+ \d{4})/u)![1];
  await expect(selfService.getByRole("button", { name: "Bekräfta tiden" })).toBeVisible();
  await expectNoSeriousA11yViolations(own);

  // Moved to another free time of the same month.
  await selfService.getByRole("button", { name: "Flytta besöket" }).click();
  const dialog = own.getByRole("dialog", { name: "Flytta besöket" });
  await expect(dialog).toBeVisible();
  const current = (await dialog.getByText(/^Nuvarande tid:/).textContent())!;
  const days = dialog.getByRole("button", { name: new RegExp(`^\\p{L}+ \\d{1,2} ${monthText}$`, "u") });
  // The calendar may open on an earlier month: forward to the visit's.
  for (let i = 0; i < 3 && (await days.count()) === 0; i++) await dialog.getByRole("button", { name: "Nästa månad" }).click();
  let moved = false;
  for (let i = 0; i < (await days.count()) && !moved; i++) {
    const day = days.nth(i);
    const name = (await day.getAttribute("aria-label")) ?? "";
    if (!(await day.isEnabled()) || current.includes(name.replace(/^\p{L}+ /u, ""))) continue;
    await day.click();
    await expect(dialog.getByText("Kontrollerar tillgängliga tider...")).toHaveCount(0);
    const times = dialog.getByRole("group", { name: "Välj starttid" }).getByRole("radio", { disabled: false });
    if ((await times.count()) === 0) continue;
    await times.first().check();
    await dialog.getByRole("button", { name: "Flytta till vald tid" }).click();
    const taken = dialog.getByText("Tiden du valde hann tyvärr bokas av någon annan");
    await expect.poll(async () => (await dialog.isHidden()) || (await taken.isVisible())).toBe(true);
    moved = await dialog.isHidden();
  }
  expect(moved, `another free time in ${monthText}`).toBe(true);
  await expect(selfService).toContainText(`Besöket ingår i ditt serviceavtal. Det kan flyttas till en annan ledig tid i ${monthText}.`);
  await expect(selfService.getByRole("button", { name: "Bekräfta tiden" })).toHaveCount(0);
  expect(await own.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await context.close();
});
