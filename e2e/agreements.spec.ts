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
