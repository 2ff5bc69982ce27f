import type { Page, TestInfo } from "@playwright/test";
import sharp from "sharp";
import { addDays, todayIn, type IsoDate } from "../src/common/booking-rules";
import { formatListDate } from "../src/common/format";
import { IMAGE_FILE_HINT } from "../src/common/image-rules";
import { expect, test } from "./fixtures";

// Issue 23 "Polish", as a person sees it on the phone (and at a desk): a booking link's validity is a
// date; every time range has an en dash, the booking's history included; lists write dates one way
// ('25 nov. 2026'); counts agree with their nouns; an action says it succeeded once; a confirm button
// names its action; every image upload gives the same hint, the one the server keeps to.

const toasts = (page: Page) => page.getByRole("region", { name: /Aviseringar/, includeHidden: true });
const unique = (testInfo: TestInfo) => `${testInfo.project.name === "mobile" ? "m" : "d"}${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
const today = () => todayIn(new Date(), "Europe/Stockholm");

/** A state-changing API call with our own Origin (the server refuses cookie-carrying requests from elsewhere). */
async function api(page: Page, method: "POST" | "PATCH", path: string, data: unknown) {
  const origin = new URL(page.url()).origin;
  const response = await page.request.fetch(path, { method, data, headers: { origin } });
  return { status: response.status(), body: (await response.json()) as Record<string, unknown> };
}

/** A service booked by the admin on a free far-off date (retried when the day is taken or closed). */
async function adminBooking(page: Page, testInfo: TestInfo, name: string): Promise<{ id: number; date: IsoDate }> {
  const base = testInfo.project.name === "mobile" ? 300 : 1300;
  for (let attempt = 0; attempt < 8; attempt++) {
    const date = addDays(today(), base + Math.floor(Math.random() * 800));
    const { status, body } = await api(page, "POST", "/api/admin/bookings", {
      customerInfo: {
        name,
        email: `${name.toLowerCase().replace(/[^a-z0-9]+/g, ".")}@exempel.se`,
        phone: "070-555 00 11",
        address: "Putsvägen 2",
        city: "Sigtuna",
        postalCode: "193 30",
      },
      serviceType: "service",
      date,
      timeSlot: "10:00-12:00",
      description: "Bokad av polish-testet.",
    });
    if (status === 201) return { id: body.id as number, date };
  }
  throw new Error("no free far date found");
}

/** A protocol the technician signed and finished, waiting for the customer. */
async function finishedProtocol(page: Page, customerName: string, email: string): Promise<number> {
  const svg =
    '<svg xmlns="http://www.w3.org/2000/svg" width="500" height="200"><path d="M30 150 C 80 20, 140 180, 200 90 S 320 40, 460 120" stroke="#111" stroke-width="3" fill="none"/></svg>';
  const signature = `data:image/png;base64,${(await sharp(Buffer.from(svg)).png().toBuffer()).toString("base64")}`;
  const { status, body } = await api(page, "POST", "/api/technician/protocols", {
    action: "finish",
    installationDate: today(),
    customerName,
    customerEmail: email,
    installedBrand: "Nibe",
    installedModel: "F2040",
    installedPower: "8 kW",
    installationType: "bergvarmepump",
    technicianSignature: signature,
  });
  expect(status, JSON.stringify(body)).toBe(201);
  return body.id as number;
}

test.describe("polish (issue 23)", () => {
  test("a booking's page: the link's validity is a date, the history's time range has an en dash, the list's date is '25 nov. 2026'", async ({
    page,
    loginAs,
  }, testInfo) => {
    const name = `Putsad Kund ${unique(testInfo)}`;
    await page.goto("/");
    await loginAs("admin");
    const { id, date } = await adminBooking(page, testInfo, name);

    await page.goto(`/admin/bookings/${id}`);
    await expect(page.getByRole("heading", { level: 1, name: `Bokning #${id}` })).toBeVisible();
    // Links stay valid 30 days after the visit: the last day, not 'kl. 00:59' of the day after.
    const validity = page.getByText("Länken gäller till", { exact: true }).locator("xpath=following-sibling::dd[1]");
    await expect(validity).toHaveText(formatListDate(addDays(date, 30)));
    await expect(validity).not.toContainText("kl.");
    // The history's "created" line: the list date and an en dash.
    const history = page.getByRole("region", { name: "Historik" });
    await expect(history).toContainText(`${formatListDate(date)} 10:00–12:00`);
    await expect(history).not.toContainText("10:00-12:00");

    // The bookings list writes the same date.
    await page.goto(`/admin/bookings?search=${encodeURIComponent(name)}`);
    const main = page.getByRole("main");
    await expect(main.getByText(name).first()).toBeVisible();
    await expect(main).toContainText(formatListDate(date));
    await expect(main).not.toContainText(/(mån|tis|ons|tors|fre|lör|sön) \d{1,2} [a-zåäö]+\.? \d{4}/);
  });

  test(
    "protocols: the lists' date, one message per action and a delete button that says what it deletes",
    { tag: "@one-viewport" },
    async ({ page, loginAs }, testInfo) => {
      const name = `Putsprotokoll ${unique(testInfo)}`;
      await page.goto("/");
      await loginAs("technician");
      const id = await finishedProtocol(page, name, `${unique(testInfo)}@exempel.se`);

      // The technician's list and the admin's table write the date as every list does.
      await page.goto("/technician?tab=protocols");
      await page.getByLabel("Sök protokoll").fill(name);
      const item = page.getByRole("listitem").filter({ hasText: name });
      await expect(item).toContainText(formatListDate(today()));
      await expect(item).not.toContainText(today());

      // Sending the e-mail again: said once, in the page, not in a toast as well.
      await page.goto(`/technician/protocols/${id}`);
      await page.getByRole("button", { name: "Skicka e-post igen" }).click();
      await expect(page.getByRole("main").getByRole("status").filter({ hasText: "E-post skickad till kund!" })).toBeVisible();
      await expect(toasts(page).getByText("E-post skickad till kund!")).toHaveCount(0);

      // The confirm button names the action.
      await page.getByRole("button", { name: "Ta bort", exact: true }).click();
      const confirm = page.getByRole("alertdialog", { name: "Ta bort protokollet?" });
      await expect(confirm.getByRole("button", { name: "Ja, ta bort" })).toHaveCount(0);
      await confirm.getByRole("button", { name: "Ta bort protokollet", exact: true }).click();
      await expect(page.getByRole("main").getByRole("status").filter({ hasText: "Protokoll borttaget!" })).toBeVisible();
      await expect(toasts(page).getByText("Protokoll borttaget!")).toHaveCount(0);

      await loginAs("admin");
      const other = await finishedProtocol(page, `${name} admin`, `${unique(testInfo)}@exempel.se`);
      expect(other).toBeGreaterThan(0);
      await page.goto("/admin/protocols");
      await page.getByLabel("Sök protokoll").fill(`${name} admin`);
      const row = page.getByRole("row").filter({ hasText: `${name} admin` });
      await expect(row).toContainText(formatListDate(today()));
      await expect(row).not.toContainText(today());
    },
  );

  test("the technician's start button says 'Påbörja arbetet', not 'Ja, fortsätt'", { tag: "@one-viewport" }, async ({ page, loginAs }, testInfo) => {
    const name = `Putsbesök ${unique(testInfo)}`;
    await page.goto("/");
    await loginAs("admin");
    const { id } = await adminBooking(page, testInfo, name);
    await loginAs("technician");
    await page.goto(`/technician/booking/${id}`);
    await page.getByRole("button", { name: "Påbörja arbete" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Påbörja arbetet?" });
    await expect(confirm.getByRole("button", { name: "Påbörja arbetet", exact: true })).toBeVisible();
    await expect(confirm.getByRole("button", { name: /^Ja/ })).toHaveCount(0);
    await confirm.getByRole("button", { name: "Avbryt" }).click();
    await expect(confirm).toBeHidden();
  });

  test("one reminder made says '1 påminnelse skapad'", { tag: "@one-viewport" }, async ({ page, loginAs }, testInfo) => {
    const tag = unique(testInfo);
    const model = `Putspump ${tag}`;
    const oldDate = new Date(Date.now() - 800 * 86_400_000).toLocaleDateString("sv-SE", { timeZone: "Europe/Stockholm" });
    await page.goto("/");
    await loginAs("admin");
    await page.goto("/admin/service-reminders");
    await expect(page.getByRole("heading", { level: 1, name: "Servicepåminnelser" })).toBeVisible({ timeout: 20_000 });
    await page.getByLabel("JSON med kunder").fill(
      JSON.stringify([
        {
          name: `Ensam Kund ${tag}`,
          email: `ensam.${tag}@exempel.se`,
          phone: "070-222 33 44",
          address: "Ensamvägen 1",
          city: "Gävle",
          postal_code: "802 50",
          products: [{ model, type: "luftvarmepump", install_date: oldDate }],
        },
      ]),
    );
    await page.getByRole("button", { name: "Importera JSON" }).click();
    await expect(toasts(page)).toContainText("1 kund importerad: 1 ny kund och 1 ny värmepump.");
    await page.getByRole("tab", { name: "Väntande produkter" }).click();
    const all = page.getByRole("checkbox", { name: "Välj alla" });
    await expect(all).toBeChecked();
    await all.uncheck();
    await page.getByRole("checkbox", { name: `Välj ${model} hos Ensam Kund ${tag}` }).check();
    await page.getByRole("button", { name: "Skapa påminnelser (1)" }).click();
    await expect(toasts(page)).toContainText("1 påminnelse skapad. De skickas om 7 dagar.");
    await expect(toasts(page)).not.toContainText("1 påminnelse skapade");
  });

  test("every image upload gives the same hint: the types and the limit the server keeps to", { tag: "@one-viewport" }, async ({ page, loginAs }, testInfo) => {
    expect(IMAGE_FILE_HINT).toBe("JPG, PNG, GIF, WebP eller HEIC, högst 10 MB per bild.");
    // The booking wizard.
    await page.goto("/booking");
    await expect(page.getByText(IMAGE_FILE_HINT, { exact: false }).first()).toBeVisible();

    // The staff upload on a booking's page, and the customer's page behind its link.
    await loginAs("admin");
    const { id } = await adminBooking(page, testInfo, `Bildkund ${unique(testInfo)}`);
    const allowed = await api(page, "PATCH", `/api/admin/bookings/${id}/link`, { allowClientUpdates: true });
    expect(allowed.status, JSON.stringify(allowed.body)).toBe(200);
    await page.goto(`/admin/bookings/${id}`);
    await expect(page.getByRole("heading", { level: 2, name: "Bilder" })).toBeVisible();
    await expect(page.getByRole("main")).toContainText(IMAGE_FILE_HINT);
    const url = await page.getByLabel("Länk", { exact: true }).inputValue();
    await page.goto(new URL(url).pathname);
    await expect(page.getByRole("region", { name: "Bilder" })).toContainText(IMAGE_FILE_HINT);

    // The protocol photos.
    await loginAs("technician");
    await page.goto("/technician/protocols/new");
    await expect(page.getByText(IMAGE_FILE_HINT, { exact: true })).toBeVisible();
  });
});
