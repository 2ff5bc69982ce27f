import type { Locator, Page, TestInfo } from "@playwright/test";
import sharp from "sharp";
import { expect, expectNoSeriousA11yViolations, test, waitForEmail } from "./fixtures";

// Issue 10, SPEC §2 protocol form and customer protocol page, §4 protocol status, §5, §8: a
// technician on a phone fills in an installation protocol, loses nothing on a reload, signs and sends
// it; the customer opens the link from the e-mail, signs, and gets the PDF.

const toasts = (page: Page) => page.getByRole("region", { name: /Aviseringar/, includeHidden: true });
const unique = (testInfo: TestInfo) => `${testInfo.project.name === "mobile" ? "m" : "d"}${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;

/** Draws a signature on a pad: a stroke across it with the mouse (touch and pen behave alike). */
async function drawSignature(page: Page, pad: Locator) {
  await pad.scrollIntoViewIfNeeded();
  const box = (await pad.boundingBox())!;
  await page.mouse.move(box.x + box.width * 0.1, box.y + box.height * 0.7);
  await page.mouse.down();
  for (let i = 1; i <= 20; i += 1) {
    await page.mouse.move(box.x + box.width * (0.1 + 0.04 * i), box.y + box.height * (0.5 + 0.3 * Math.sin(i / 2)));
  }
  await page.mouse.up();
}

test.describe("installation protocols", () => {
  test("a technician fills in a protocol, finds it after a reload, signs and sends it; the customer signs and gets the PDF", async ({ page, loginAs, browser }, testInfo) => {
    const email = `protokoll.${unique(testInfo)}@exempel.se`;
    const customerName = `Åke Ängström ${unique(testInfo)}`;
    await page.goto("/");
    await loginAs("technician");
    await page.goto("/technician?tab=protocols");
    await page.getByRole("link", { name: "Skapa nytt protokoll" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Nytt installationsprotokoll" })).toBeVisible();
    // The installing company's details come from the settings.
    await expect(page.getByLabel("Företagets namn")).toHaveValue("Värmepumpsservice i Sverige AB");
    await expect(page.getByLabel("Företagets organisationsnummer")).toHaveValue("559123-4567");

    // SPEC §5 messages for the required fields.
    await page.getByRole("button", { name: "Spara utkast" }).click();
    await expect(page.getByText("Kundnamn krävs")).toBeVisible();
    await expect(page.getByText("E-postadress krävs för att kunna skicka protokoll för signering")).toBeVisible();
    await expect(page.getByText("Värmepumpsmodell krävs")).toBeVisible();
    await expect(page.getByRole("button", { name: "Slutför protokollet" })).toBeDisabled();

    await page.getByLabel("Kundens namn *").fill(customerName);
    await page.getByLabel("Kundens e-post *").fill(email);
    await page.getByLabel("Installationsadress *").fill("Östra Långgatan 4, 753 20 Uppsala");
    await page.getByLabel("Märke *").fill("Nibe");
    await page.getByLabel("Modell *").fill("F2120-12");
    await page.getByLabel("Effekt *").fill("12 kW");
    await page.getByLabel("Köldmedium", { exact: true }).selectOption("R410A");
    await page.getByLabel("Köldmediemängd (kg)").fill("2,4");
    await expect(page.getByText("CO2-ekvivalent: 5,011 ton CO2e")).toBeVisible();
    await expect(page.getByText("Periodisk läckagekontroll krävs (5 ton CO2e eller mer).")).toBeVisible();
    await page.getByRole("button", { name: "Markera alla: Trycktester" }).click();
    await expect(page.getByLabel("Vakuumtest")).toBeChecked();
    await expect(page.getByLabel("Läcksökning")).toBeChecked();
    await expect(page.getByRole("button", { name: "Avmarkera alla: Trycktester" })).toBeVisible();
    const photo = await sharp({ create: { width: 2400, height: 1800, channels: 3, background: { r: 90, g: 140, b: 200 } } }).jpeg().toBuffer();
    await page.getByLabel("Lägg till bilder: Serienummer på ute- och innedel").setInputFiles({ name: "serienummer.jpg", mimeType: "image/jpeg", buffer: photo });
    await expect(page.getByRole("img", { name: "Serienummer på ute- och innedel 1" })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    // A reload (or a lost connection) mid-form loses nothing.
    await page.waitForTimeout(600); // the copy on the device is written 400 ms after the last change
    await page.reload();
    await expect(page.getByText(/Vi har återställt det du skrev/)).toBeVisible();
    await expect(page.getByLabel("Kundens namn *")).toHaveValue(customerName);
    await expect(page.getByLabel("Läcksökning")).toBeChecked();
    await expect(page.getByRole("img", { name: "Serienummer på ute- och innedel 1" })).toBeVisible();

    // Sign and finish: sent to the customer for signing.
    await drawSignature(page, page.getByRole("img", { name: "Teknikerns signatur" }));
    await expect(page.getByRole("button", { name: "Slutför protokollet" })).toBeEnabled();
    await page.getByRole("button", { name: "Slutför protokollet" }).click();
    await expect(toasts(page).getByText("Protokoll skickat för kundsignering!")).toBeVisible();
    await expect(page.getByRole("main").getByRole("status").filter({ hasText: "Protokoll skickat för kundsignering!" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 1, name: /Installationsprotokoll nr \d+/ })).toBeVisible();
    await expect(page.getByText("Väntar på kundsignatur").first()).toBeVisible();
    await expect(page.getByRole("link", { name: "Visa kundsigneringslänk" })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    // The customer, on their own phone, opens the link from the e-mail.
    const request = await waitForEmail(email, { subject: "att signera" });
    const link = /https?:\/\/\S+\/protocol\/[A-Za-z0-9_-]+/.exec(request.text)![0];
    const customer = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: "sv-SE" });
    try {
      const customerPage = await customer.newPage();
      await customerPage.goto(new URL(new URL(link).pathname, page.url()).href);
      await expect(customerPage.getByRole("heading", { level: 1, name: "Installationsprotokoll" })).toBeVisible();
      await expect(customerPage.getByText(customerName).first()).toBeVisible();
      await expect(customerPage.getByText("F2120-12")).toBeVisible();
      await expect(customerPage.getByRole("button", { name: "Signera och godkänn" })).toBeDisabled();
      await customerPage.getByLabel("Kundens kommentarer").fill("Mycket nöjd, tack!");
      await drawSignature(customerPage, customerPage.getByRole("img", { name: "Kundens signatur" }));
      await expectNoSeriousA11yViolations(customerPage);
      await customerPage.getByRole("button", { name: "Signera och godkänn" }).click();
      await expect(customerPage.getByText("Protokoll signerat och godkänt")).toBeVisible();
      await expect(customerPage.getByText("Mycket nöjd, tack!")).toBeVisible();
      await expect(customerPage.getByRole("button", { name: "Signera och godkänn" })).toHaveCount(0);
      // The link holder can download the signed protocol.
      const pdfHref = await customerPage.getByRole("link", { name: "Ladda ned PDF" }).getAttribute("href");
      const pdf = await customerPage.request.get(pdfHref!);
      expect(pdf.status()).toBe(200);
      expect(pdf.headers()["content-type"]).toBe("application/pdf");
    } finally {
      await customer.close();
    }

    // The signed copy arrives as a PDF, and the technician's list says the protocol is finished.
    const copy = await waitForEmail(email, { subject: "Signerat installationsprotokoll" });
    expect(copy.attachments.map((a) => a.contentType)).toContain("application/pdf");
    await page.goto("/technician?tab=protocols");
    await page.getByLabel("Sök protokoll").fill(customerName);
    await expect(page.getByRole("listitem").filter({ hasText: customerName })).toContainText("Slutfört");
  });

  test("a protocol started from a visit is prefilled with the customer and the address", async ({ page, loginAs }, testInfo) => {
    const name = `Besökskund ${unique(testInfo)}`;
    const email = `besok.${unique(testInfo)}@exempel.se`;
    await page.goto("/");
    await loginAs("admin");
    const origin = new URL(page.url()).origin;
    let bookingId = 0;
    for (let attempt = 0; attempt < 5 && !bookingId; attempt++) {
      const date = new Date(Date.now() + (400 + Math.floor(Math.random() * 900)) * 86_400_000).toISOString().slice(0, 10);
      const response = await page.request.post("/api/admin/bookings", {
        headers: { origin },
        data: {
          customerInfo: { name, email, phone: "070-555 00 22", address: "Gjuterigatan 9", city: "Västerås", postalCode: "722 11" },
          serviceType: "installation",
          date,
          timeSlot: "08:00-10:00",
          description: "Ny luft/vatten-pump.",
          heatpumpModel: "Nibe S2125",
        },
      });
      if (response.status() === 201) bookingId = ((await response.json()) as { id: number }).id;
    }
    expect(bookingId).toBeGreaterThan(0);
    await loginAs("technician");
    await page.goto(`/technician/booking/${bookingId}`);
    await page.getByRole("link", { name: "Skapa installationsprotokoll" }).click();
    await expect(page).toHaveURL(new RegExp(`/technician/protocols/new\\?bookingId=${bookingId}$`));
    await expect(page.getByLabel("Kundens namn *")).toHaveValue(name);
    await expect(page.getByLabel("Kundens e-post *")).toHaveValue(email);
    await expect(page.getByLabel("Installationsadress *")).toHaveValue("Gjuterigatan 9, 722 11 Västerås");
    await expect(page.getByLabel("Modell *")).toHaveValue("Nibe S2125");
  });

  test("a save without network waits for the connection and is sent once when it returns", async ({ page, context, loginAs }, testInfo) => {
    const name = `Källarkund ${unique(testInfo)}`;
    await page.goto("/");
    await loginAs("technician");
    await page.goto("/technician/protocols/new");
    await page.getByLabel("Kundens namn *").fill(name);
    await page.getByLabel("Kundens e-post *").fill(`${unique(testInfo)}@exempel.se`);
    await page.getByLabel("Märke *").fill("Nibe");
    await page.getByLabel("Modell *").fill("F2040");
    await page.getByLabel("Effekt *").fill("8 kW");
    await context.setOffline(true);
    await page.getByRole("button", { name: "Spara utkast" }).click();
    await expect(page.getByText("Ingen anslutning. Protokollet sparas så snart anslutningen är tillbaka.")).toBeVisible();
    await context.setOffline(false);
    await expect(toasts(page).getByText("Protokoll sparat som utkast!")).toBeVisible();
    await expect(page).toHaveURL(/\/technician\/protocols\/\d+\/edit$/);
    // SPEC §8: the message stands inline too, and the form now edits the saved protocol.
    await expect(page.getByRole("main").getByRole("status").filter({ hasText: "Protokoll sparat som utkast!" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 1, name: "Redigera installationsprotokoll" })).toBeVisible();
    await expect(page.getByLabel("Kundens namn *")).toHaveValue(name);
    const list = await page.request.get(`/api/technician/protocols?search=${encodeURIComponent(name)}`);
    expect(((await list.json()) as unknown[]).length).toBe(1);
  });

  test("an admin finds protocols by customer and status on /admin/protocols", async ({ page, loginAs }, testInfo) => {
    const name = `Protokollkund ${unique(testInfo)}`;
    await page.goto("/");
    await loginAs("admin");
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="500" height="200"><path d="M30 150 C 80 20, 140 180, 200 90 S 320 40, 460 120" stroke="#111" stroke-width="3" fill="none"/></svg>';
    const signature = `data:image/png;base64,${(await sharp(Buffer.from(svg)).png().toBuffer()).toString("base64")}`;
    const origin = new URL(page.url()).origin;
    for (const action of ["draft", "finish"]) {
      const response = await page.request.post("/api/technician/protocols", {
        headers: { origin },
        data: { action, installationDate: "2026-11-20", customerName: `${name} ${action}`, customerEmail: `${unique(testInfo)}@exempel.se`, installedBrand: "Nibe", installedModel: "F2040", technicianSignature: action === "finish" ? signature : null },
      });
      expect(response.status(), await response.text()).toBe(201);
    }
    await page.goto("/admin/protocols");
    await expect(page.getByRole("heading", { level: 1, name: "Installationsprotokoll" })).toBeVisible();
    await page.getByLabel("Sök protokoll").fill(name);
    await expect(page.getByRole("cell", { name: `${name} draft`, exact: true })).toBeVisible();
    await expect(page.getByRole("cell", { name: `${name} finish`, exact: true })).toBeVisible();
    await page.getByLabel("Status").selectOption({ label: "Väntar på kund" });
    await expect(page).toHaveURL(/status=technician-signed/);
    await expect(page.getByRole("cell", { name: `${name} finish`, exact: true })).toBeVisible();
    await expect(page.getByRole("cell", { name: `${name} draft`, exact: true })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);
    await page.getByRole("link", { name: `Visa: ${name} finish` }).click();
    await expect(page.getByRole("heading", { level: 1, name: /Installationsprotokoll nr \d+/ })).toBeVisible();
  });

  test("an unknown protocol link says 'Protokoll hittades inte'", async ({ page }) => {
    await page.goto("/protocol/finns-inte-alls-0000000000");
    await expect(page.getByRole("heading", { name: "Protokoll hittades inte" })).toBeVisible();
  });
});
