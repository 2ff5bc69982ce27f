import type { Browser, Page, TestInfo } from "@playwright/test";
import { demoAccount, expect, expectNoSeriousA11yViolations, test, waitForEmail } from "./fixtures";

// Issue 25, the whole way from a finished visit to a paid invoice, on a phone and on a desktop: a
// technician completes an installation, the admin invoices it with ROT from the service report,
// sends it, the customer opens it from the e-mail without logging in, the admin registers the
// payment and takes Skatteverket's claim file. Both projects run at once: each has its own customer
// on a far date, and checks only its own invoice.

const unique = (testInfo: TestInfo) => `${testInfo.project.name === "mobile" ? "m" : "d"}${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
const toasts = (page: Page) => page.getByRole("region", { name: /Aviseringar/, includeHidden: true });

/** A page logged in as the demo admin, in a browser context of its own. */
async function adminPage(browser: Browser, baseURL: string, testInfo: TestInfo): Promise<Page> {
  const viewport = testInfo.project.use.viewport ?? undefined;
  const context = await browser.newContext({ baseURL, locale: "sv-SE", timezoneId: "Europe/Stockholm", viewport, isMobile: testInfo.project.use.isMobile });
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

/** An installation visit on a far free day, booked by the admin for a new customer. */
async function installationVisit(admin: Page, baseURL: string, testInfo: TestInfo) {
  const tag = unique(testInfo);
  const name = `Rotkund ${tag}`;
  const email = `rot.${tag}@exempel.se`;
  for (let attempt = 0; attempt < 8; attempt++) {
    const offset = (testInfo.project.name === "mobile" ? 300 : 1300) + Math.floor(Math.random() * 800);
    const day = new Date(Date.now() + offset * 86_400_000);
    // Installations are booked Tuesday to Saturday.
    if (day.getUTCDay() === 0 || day.getUTCDay() === 1) continue;
    const response = await admin.request.post("/api/admin/bookings", {
      headers: { origin: baseURL },
      data: {
        customerInfo: { name, email, phone: "070-555 00 33", address: "Rotgatan 5", city: "Enköping", postalCode: "745 31" },
        serviceType: "installation",
        date: day.toISOString().slice(0, 10),
        timeSlot: "08:00-10:00",
        description: "Ny luft/vatten-värmepump.",
        heatpumpModel: "Nibe S2125",
        status: "confirmed",
      },
    });
    if (response.status() === 201) return { id: ((await response.json()) as { id: number }).id, name, email };
  }
  throw new Error("no free far installation day found");
}

test("a finished installation becomes a paid ROT invoice the customer opens from the e-mail", async ({ page, browser, baseURL, loginAs }, testInfo) => {
  test.setTimeout(120_000);
  const admin = await adminPage(browser, baseURL!, testInfo);
  const visit = await installationVisit(admin, baseURL!, testInfo);

  // The technician starts and completes the visit with a service report.
  await page.goto("/");
  await loginAs("technician");
  await page.goto(`/technician/booking/${visit.id}`);
  await page.getByRole("button", { name: "Påbörja arbete" }).click();
  await page.getByRole("alertdialog", { name: "Påbörja arbetet?" }).getByRole("button", { name: "Påbörja arbetet", exact: true }).click();
  await expect(page.getByText("Pågående", { exact: true })).toBeVisible();
  await page.getByRole("link", { name: "Slutför service" }).click();
  await page.getByLabel("Utförda åtgärder *").fill("Monterat ute- och innedel, vakuumsatt och provkört.");
  await page.getByLabel("Använda delar").fill("Väggkonsol");
  await page.getByRole("button", { name: "Registrera service" }).click();
  await expect(page.getByRole("main").getByRole("status").filter({ hasText: "Service registrerad" })).toBeVisible();

  // The admin invoices it from the booking: the report prefills the lines, ROT is preselected.
  await admin.goto(`/admin/bookings/${visit.id}`);
  await admin.getByRole("link", { name: "Skapa faktura" }).click();
  await expect(admin).toHaveURL(new RegExp(`/admin/invoices/new\\?bookingId=${visit.id}$`));
  await expect(admin.getByRole("heading", { level: 1, name: "Ny faktura" })).toBeVisible();
  await expect(admin.getByLabel("Beskrivning rad 1")).toHaveValue(/Monterat ute- och innedel/);
  await expect(admin.getByLabel("Beskrivning rad 2")).toHaveValue(/Väggkonsol/);
  await admin.getByLabel("À-pris exkl. moms (kr) rad 2").fill("1 000");
  await expect(admin.getByRole("checkbox", { name: "Rotavdrag", exact: true })).toBeChecked();
  await admin.getByLabel("Personnummer (köpare 1)").fill("19800101-1231");
  await admin.getByRole("textbox", { name: "Fastighetsbeteckning" }).fill("Enköping Rotgården 1:5");
  await admin.getByLabel("Antal arbetstimmar").fill("8");
  await expectNoSeriousA11yViolations(admin);
  // Labour 5 200 kr + material 1 000 kr, 25 % VAT: 7 750 kr; ROT 30 % of 6 500 kr labour = 1 950 kr; to pay 5 800 kr.
  const totals = admin.getByRole("region", { name: "Summa" });
  await expect(totals).toContainText("7 750,00 kr");
  await expect(totals).toContainText("1 950,00 kr");
  await expect(totals).toContainText("5 800,00 kr");
  await admin.getByRole("button", { name: "Spara utkast" }).click();
  await expect(admin).toHaveURL(/\/admin\/invoices\/\d+$/);
  const invoiceId = Number(new URL(admin.url()).pathname.split("/").pop());

  // Sent: a number, and the e-mail with the PDF and the customer's link.
  await admin.getByRole("button", { name: "Skicka", exact: true }).click();
  const sendDialog = admin.getByRole("alertdialog", { name: "Skicka fakturan?" });
  await expect(sendDialog).toContainText(visit.email);
  await sendDialog.getByRole("button", { name: "Skicka fakturan" }).click();
  await expect(toasts(admin).getByText("Fakturan är skickad")).toBeVisible();
  const invoice = (await (await admin.request.get(`/api/admin/invoices/${invoiceId}`)).json()) as { number: number; ocr: string };
  await expect(admin.getByRole("heading", { level: 1, name: `Faktura ${invoice.number}` })).toBeVisible();
  await expect(admin.getByRole("button", { name: "Redigera" })).toHaveCount(0);
  await expectNoSeriousA11yViolations(admin);

  const email = await waitForEmail(visit.email, { subject: `Faktura ${invoice.number}` });
  expect(email.attachments.map((a) => a.filename)).toEqual([`faktura-${invoice.number}.pdf`]);
  expect(email.text).toContain(invoice.ocr);
  expect(email.text).not.toMatch(/198001011231|800101-1231/);
  const link = email.text.match(/https?:\/\/\S+\/faktura\/[A-Za-z0-9_-]+/)?.[0];
  expect(link, email.text).toBeTruthy();

  // The customer opens it from the e-mail, in a browser with no session.
  const customerContext = await browser.newContext({ locale: "sv-SE", timezoneId: "Europe/Stockholm", viewport: testInfo.project.use.viewport ?? undefined });
  const customer = await customerContext.newPage();
  await customer.goto(new URL(new URL(link!).pathname, baseURL).toString());
  await expect(customer.getByRole("heading", { level: 1, name: `Faktura ${invoice.number}` })).toBeVisible();
  await expect(customer.getByText(invoice.ocr).first()).toBeVisible();
  await expect(customer.getByText("5 800,00 kr").first()).toBeVisible();
  await expect(customer.getByRole("link", { name: "Ladda ner PDF" })).toHaveAttribute("href", /\/api\/invoices\/[A-Za-z0-9_-]+\/pdf$/);
  expect(await customer.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await expectNoSeriousA11yViolations(customer);

  // The admin registers the payment; the invoice is paid, and the customer's page says so.
  await admin.getByRole("button", { name: "Registrera betalning" }).click();
  const payment = admin.getByRole("dialog", { name: "Registrera betalning" });
  await payment.getByLabel("Belopp (kr)").fill("5 800");
  await expectNoSeriousA11yViolations(admin);
  await payment.getByRole("button", { name: "Registrera betalningen" }).click();
  await expect(toasts(admin).getByText("Betalningen är registrerad")).toBeVisible();
  await expect(admin.getByText("Betald", { exact: true }).first()).toBeVisible();
  await customer.reload();
  await expect(customer.getByText("Betald", { exact: true }).first()).toBeVisible();

  // Skatteverket's claim file has the paid invoice with the buyer; then it is marked as claimed.
  await admin.goto("/admin/invoices");
  const claimLink = admin.getByRole("link", { name: "Rotbegäran (XML)" });
  const href = await claimLink.getAttribute("href");
  const claim = await admin.request.get(href!);
  expect(claim.status()).toBe(200);
  const xml = await claim.text();
  expect(xml).toMatch(new RegExp(`<(\\w+:)?FakturaNr>${invoice.number}</`));
  expect(xml).toContain("198001011231");
  await admin.goto(`/admin/invoices/${invoiceId}`);
  await admin.getByRole("button", { name: "Markera som begärd" }).click();
  await expect(toasts(admin).getByText("Rotavdraget är markerat som begärt")).toBeVisible();
  await expect(admin.getByRole("button", { name: "Registrera Skatteverkets beslut" })).toBeVisible();
  await customerContext.close();
  await admin.context().close();
});
