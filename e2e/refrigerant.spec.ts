import type { Page, TestInfo } from "@playwright/test";
import { addDays, todayIn, type IsoDate } from "../src/common/booking-rules";
import { formatListDate } from "../src/common/format";
import { demoAccount, expect, expectNoSeriousA11yViolations, test } from "./fixtures";

// Issue 26, the refrigerant register on a phone and on a desktop: a customer's heat pump holds
// R410A 3 kg (6.263 t CO2e: a leak check at least every 12 months); the customer booked a visit
// without saying which pump. The demo technician opens the visit, starts it, chooses the pump in the
// service report ("Vilken värmepump gäller rapporten?") and records a tight leak check with it; the
// admin then finds the pump in /admin/refrigerant-register checked today and due a year later, and
// the check in the pump's timeline. Dates are Stockholm's. Both projects share one server: each has
// its own customer, pumps and serial numbers, and its visit on a far date of its own.

const unique = (testInfo: TestInfo) => `${testInfo.project.name === "mobile" ? "m" : "d"}${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
const farDate = (testInfo: TestInfo): IsoDate =>
  addDays(todayIn(new Date()), (testInfo.project.name === "mobile" ? 320 : 1320) + Math.floor(Math.random() * 800));
const toasts = (page: Page) => page.getByRole("region", { name: /Aviseringar/, includeHidden: true });
/** Nothing to scroll sideways: the pumps' long names in the select, the register's cards. */
const fitsTheWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

/** The same day a year on; 29 February becomes 28 February (the register's "at least every 12 months"). */
function aYearAfter(date: IsoDate): IsoDate {
  const [year, month, day] = date.split("-");
  return `${Number(year) + 1}-${month}-${month === "02" && day === "29" ? "28" : day}`;
}
/** How the technician's report page writes a date: 'måndag 7 december 2026'. */
const longDate = (date: IsoDate) =>
  new Intl.DateTimeFormat("sv-SE", { weekday: "long", day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }).format(new Date(`${date}T00:00:00Z`));

/**
 * As the admin, through the API: a customer with two heat pumps (the Nibe with its refrigerant set,
 * a Thermia without) and a service visit for the customer that names neither, assigned to the demo
 * technician on a free far date.
 */
async function customerWithUnnamedVisit(page: Page, baseURL: string, testInfo: TestInfo) {
  const tag = unique(testInfo);
  const headers = { origin: baseURL };
  const contact = {
    name: `Köldkund ${tag}`,
    email: `kold.${tag}@exempel.se`,
    phone: "070-555 00 26",
    address: "Kylvägen 26",
    city: "Enköping",
    postalCode: "745 37",
  };
  const created = await page.request.post("/api/customers", { headers, data: contact });
  expect(created.status(), await created.text()).toBe(201);
  const customerId = ((await created.json()) as { id: number }).id;

  const serial = `KM-${tag}`;
  const nibe = await page.request.post("/api/products", {
    headers,
    data: { customerId, type: "luftvärmepump", brand: "Nibe", model: "F2120-8", serialNumber: serial, installationDate: "2024-04-15" },
  });
  expect(nibe.status(), await nibe.text()).toBe(201);
  const productId = ((await nibe.json()) as { id: number }).id;
  const refrigerant = await page.request.put(`/api/admin/products/${productId}/refrigerant`, {
    headers,
    data: { refrigerant: "R410A", chargeKg: 3, leakDetection: false, hermeticallySealed: false },
  });
  expect(refrigerant.status(), await refrigerant.text()).toBe(200);
  expect(await refrigerant.json()).toMatchObject({ co2eTonnes: 6.262, intervalMonths: 12 });
  const thermia = await page.request.post("/api/products", {
    headers,
    data: { customerId, type: "bergvärmepump", brand: "Thermia", model: "Atlas", serialNumber: `TA-${tag}` },
  });
  expect(thermia.status(), await thermia.text()).toBe(201);

  const technician = await demoAccount(page, "technician");
  const users = (await (await page.request.get("/api/admin/users")).json()) as { id: number; username: string }[];
  const technicianId = users.find((u) => u.username === technician.username)?.id;
  expect(technicianId, "the demo technician").toBeTruthy();

  for (let attempt = 0; attempt < 5; attempt++) {
    const date = farDate(testInfo);
    const booking = await page.request.post("/api/admin/bookings", {
      headers,
      data: {
        customerId,
        customerInfo: contact,
        serviceType: "service",
        date,
        timeSlot: "10:00-12:00",
        description: "Årlig service, kunden vet inte vilken pump.",
        technicianId,
      },
    });
    if (booking.status() === 201) {
      const id = ((await booking.json()) as { id: number }).id;
      return { id, date, customerId, productId, serial, name: contact.name, technicianName: technician.name };
    }
    expect(booking.status(), await booking.text()).toBe(409);
  }
  throw new Error("no free far date found");
}

test("a technician records a leak check on the customer's pump chosen in the report, and the register shows the next due date", async ({
  page,
  baseURL,
  loginAs,
}, testInfo) => {
  test.setTimeout(120_000);
  // The phone project at the narrowest phone width the app is made for.
  if (testInfo.project.name === "mobile") await page.setViewportSize({ width: 360, height: 740 });
  await loginAs("admin");
  const visit = await customerWithUnnamedVisit(page, baseURL!, testInfo);
  const certificate = `INCERT-${unique(testInfo)}`;

  // The technician finds the visit on its day and starts it.
  await loginAs("technician");
  await page.goto(`/technician?date=${visit.date}`);
  await expect(page.getByRole("heading", { level: 1, name: "Tekniker Dashboard" })).toBeVisible();
  const card = page.getByRole("listitem").filter({ hasText: visit.name });
  await expect(card).toContainText("10:00–12:00");
  await card.getByRole("link", { name: `Visa detaljer: ${visit.name}` }).click();
  await expect(page.getByRole("heading", { level: 1, name: visit.name })).toBeVisible();
  await page.getByRole("button", { name: "Påbörja arbete" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Påbörja arbetet?" });
  await confirm.getByRole("button", { name: "Påbörja arbetet", exact: true }).click();
  await expect(toasts(page).getByText("Bokningens status har uppdaterats framgångsrikt")).toBeVisible();
  await page.getByRole("link", { name: "Slutför service" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Serviceprotokoll" })).toBeVisible();

  // The booking names no pump: none is chosen, and no leak check is offered until one is.
  const pump = page.getByRole("combobox", { name: "Vilken värmepump gäller rapporten?" });
  await expect(pump).toHaveValue("");
  await expect(pump.getByRole("option")).toHaveText([
    `Nibe F2120-8 · SN ${visit.serial} · installerad 15 apr. 2024`,
    /^Thermia Atlas · SN TA-/,
    "Ingen av dem / okänd",
  ]);
  const leakCheck = page.getByRole("group", { name: "Läckagekontroll (F-gas)" });
  await expect(leakCheck).toContainText("Välj värmepumpen ovan för att registrera en läckagekontroll.");
  await expect(page.getByLabel("Läckagekontroll utförd")).toHaveCount(0);
  await pump.selectOption({ label: `Nibe F2120-8 · SN ${visit.serial} · installerad 15 apr. 2024` });
  await expect(leakCheck).toContainText("Gäller Nibe F2120-8. Läckagekontroll krävs minst var 12:e månad.");

  await page.getByLabel("Utförda åtgärder *").fill("Rengjort förångaren, läcksökt köldmediekretsen.");
  await page.getByLabel("Läckagekontroll utförd").check();
  await page.getByLabel("Metod *").selectOption({ label: "Direkt metod" });
  await page.getByLabel("Resultat *").selectOption({ label: "Tät" });
  await page.getByLabel("Ditt certifikatnummer *").fill(certificate);
  expect(await fitsTheWidth(page)).toBe(true);
  await expectNoSeriousA11yViolations(page);
  await page.getByRole("button", { name: "Registrera service" }).click();

  // Checked today in Stockholm: the next check at the latest a year on.
  const today = todayIn(new Date());
  const nextDue = aYearAfter(today);
  const done = page.getByRole("main").getByRole("status").filter({ hasText: "Service registrerad" });
  await expect(done).toContainText(`Läckagekontrollen är registrerad. Nästa läckagekontroll senast ${longDate(nextDue)}.`);
  await expect(page).toHaveURL(/\/technician$/, { timeout: 6000 });

  // The admin's register: the pump, checked today and tight, due a year later, on time.
  await loginAs("admin");
  await page.goto("/admin/refrigerant-register");
  await expect(page.getByRole("heading", { level: 1, name: "Köldmedieregister" })).toBeVisible();
  const entry = page
    .getByRole("region", { name: /aggregat$/ })
    .getByRole("listitem")
    .filter({ hasText: visit.name });
  await expect(entry).toHaveCount(1);
  await expect(entry).toContainText(`Nibe F2120-8 (SN ${visit.serial})`);
  await expect(entry).toContainText("R410A · 3 kg · 6,262 ton CO₂e");
  await expect(entry).toContainText("Kontroll minst var 12:e månad");
  await expect(entry).toContainText(`Senaste kontroll: ${formatListDate(today)}, tät`);
  await expect(entry).toContainText(`Nästa kontroll senast: ${formatListDate(nextDue)}`);
  await expect(entry).toContainText("I tid");
  expect(await fitsTheWidth(page)).toBe(true);
  await expectNoSeriousA11yViolations(page);

  // The pump's timeline: the check, how and by whom, above the service it was made with.
  await page.goto("/admin/products");
  await page.getByLabel("Sök produkt").fill(visit.serial);
  await page.getByRole("button", { name: `Visa Nibe F2120-8, ${visit.name}` }).click();
  const detail = page.getByRole("dialog", { name: "Nibe F2120-8" });
  const section = detail.getByRole("region", { name: "Köldmedium och läckagekontroller" });
  await expect(section).toContainText(`Nästa kontroll senast: ${formatListDate(nextDue)} (I tid)`);
  const events = section.getByRole("listitem");
  await expect(events.first()).toContainText(`${formatListDate(today)} · Läckagekontroll: tät (direkt metod)`);
  await expect(events.first()).toContainText(`${visit.technicianName}, certifikat ${certificate}`);
  await expect(events.nth(1)).toContainText(`${formatListDate(today)} · Servicebesök`);
  await expect(events.last()).toContainText(`${formatListDate("2024-04-15")} · Installerad`);
  await expectNoSeriousA11yViolations(page);
});
