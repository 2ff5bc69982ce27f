import type { Locator, Page, TestInfo } from "@playwright/test";
import sharp from "sharp";
import { addDays, timeSlotText, todayIn, type IsoDate } from "../src/common/booking-rules";
import type { AdminBookingDetail, AdminBookingList, AdminOverview, CustomerSuggestion } from "../src/common/schemas/admin-bookings";
import { expect, expectNoSeriousA11yViolations, test } from "./fixtures";

// Issue 14, rules §2 admin dashboard and admin booking screens, §5 admin create booking and
// reschedule, §8 admin bookings texts.
//
// Both projects (mobile, desktop) run at the same time against ONE server and ONE database, next to
// the other journeys. Public bookings only reach 74 days ahead (rules D2), admins may book any
// date from today on (rules D6): every booking made here lies hundreds of days ahead on a date
// picked at random for the test, and every customer name is unique, so no two tests meet.

const SLOT_TAKEN = "Den valda tiden är inte längre tillgänglig. Välj en annan tid.";

const today = () => todayIn(new Date());

/** A date far ahead, random per call, different ranges for the two projects. */
function farDate(testInfo: TestInfo): IsoDate {
  const base = testInfo.project.name === "mobile" ? 200 : 1200;
  return addDays(today(), base + Math.floor(Math.random() * 900));
}

const unique = (testInfo: TestInfo) => `${testInfo.project.name === "mobile" ? "M" : "D"}${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;

/** A state-changing API call with our own Origin (the server refuses cookie-carrying requests from elsewhere). */
async function api<T>(page: Page, method: "POST" | "PATCH", path: string, data: unknown): Promise<{ status: number; body: T }> {
  // Called after page.goto: the page's own origin is ours.
  const origin = new URL(page.url()).origin;
  const response = await page.request.fetch(path, { method, data, headers: { origin } });
  return { status: response.status(), body: (await response.json()) as T };
}

/**
 * A far date without any booking yet, for a test that books it through the form (which cannot
 * retry like bookThroughApi): the far dates of parallel tests are random and may meet.
 */
async function emptyFarDate(page: Page, testInfo: TestInfo): Promise<IsoDate> {
  for (let attempt = 0; attempt < 10; attempt++) {
    const date = farDate(testInfo);
    const list = (await (await page.request.get(`/api/admin/bookings?search=${date}`)).json()) as AdminBookingList;
    if (list.total === 0) return date;
  }
  throw new Error("no far date without bookings found");
}

type NewBooking = { name: string; date: IsoDate; timeSlot: string; serviceType?: string; status?: string };

/** Books through the admin API (as a phone booking would be made); a new far date on the rare clash. */
async function bookThroughApi(page: Page, testInfo: TestInfo, booking: NewBooking): Promise<{ id: number; date: IsoDate }> {
  let date = booking.date;
  for (let attempt = 0; attempt < 5; attempt++) {
    const { status, body } = await api<{ id: number }>(page, "POST", "/api/admin/bookings", {
      customerInfo: {
        name: booking.name,
        email: `${booking.name.toLowerCase().replace(/[^a-z0-9]+/g, ".")}@exempel.se`,
        phone: "070-555 00 11",
        address: "Provvägen 3",
        city: "Sigtuna",
        postalCode: "193 30",
      },
      serviceType: booking.serviceType ?? "service",
      date,
      timeSlot: booking.timeSlot,
      description: "Bokad av testet.",
      status: booking.status ?? "planned",
    });
    if (status === 201) return { id: body.id, date };
    expect(status, JSON.stringify(body)).toBe(409);
    date = farDate(testInfo);
  }
  throw new Error("no free far date found");
}

async function smallPng() {
  const buffer = await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 30, g: 110, b: 200 } } })
    .png()
    .toBuffer();
  return { name: "utedel.png", mimeType: "image/png", buffer };
}

// While a modal dialog is open everything outside it is hidden from assistive technology (the
// dialog's own alert says the same), so the toast region is looked up including hidden elements.
const toasts = (page: Page) => page.getByRole("region", { name: /Aviseringar/, includeHidden: true });
const main = (page: Page) => page.getByRole("main");

/** The list row (desktop table) or card (phone) of a booking, found by its customer's name. */
function resultFor(page: Page, isMobile: boolean, name: string): Locator {
  return isMobile
    ? main(page).getByRole("article", { name })
    : main(page)
        .getByRole("row")
        .filter({ has: page.getByRole("rowheader", { name: new RegExp(name) }) });
}

test.describe("admin bookings", () => {
  test.beforeEach(async ({ loginAs }) => {
    await loginAs("admin");
  });

  test("the overview on /admin shows today's visits and links each to its booking", async ({ page }) => {
    await page.goto("/admin");
    const overview = (await (await page.request.get("/api/admin/overview")).json()) as AdminOverview;
    expect(overview.today.length, "the demo data books visits for today").toBeGreaterThan(0);

    const todayCard = main(page).getByRole("region", { name: /^Dagens besök/ });
    await expect(todayCard).toBeVisible();
    for (const visit of overview.today) {
      const link = todayCard.locator(`a[href="/admin/bookings/${visit.id}"]`);
      await expect(link).toContainText(visit.customerName);
      await expect(link).toContainText(timeSlotText(visit.timeSlot));
      await expect(link).toContainText(visit.city);
      if (visit.technician) await expect(link).toContainText(visit.technician.name);
    }
    await expect(main(page).getByRole("region", { name: /^Nya bokningar/ })).toBeVisible();
    await expect(main(page).getByRole("region", { name: /^Behöver åtgärd/ })).toBeVisible();
    // The tabs of cards are still there below.
    await expect(page.getByRole("tab", { name: "Bokningar" })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    // The first of today's visits opens its booking.
    await todayCard.locator(`a[href="/admin/bookings/${overview.today[0].id}"]`).click();
    await expect(page).toHaveURL(new RegExp(`/admin/bookings/${overview.today[0].id}$`));
    await expect(page.getByRole("heading", { level: 1, name: `Bokning #${overview.today[0].id}` })).toBeVisible();
  });

  test("'Markera som sedda' marks the new bookings as seen", { tag: "@one-viewport" }, async ({ page }, testInfo) => {
    await page.goto("/admin");
    // One new booking at least, so the button is there.
    await bookThroughApi(page, testInfo, { name: `Ny kund ${unique(testInfo)}`, date: farDate(testInfo), timeSlot: "08:00-10:00" });
    await page.reload();
    const button = main(page).getByRole("button", { name: "Markera som sedda" });
    await button.click();
    await expect(toasts(page).getByText("Bokningarna är markerade som sedda")).toBeVisible();
    await expect(main(page).getByText(/^Sedan du senast tittade/)).toBeVisible();
  });

  test("an admin finds a booking by customer name and changes its status", async ({ page, isMobile }, testInfo) => {
    const name = `Sökbar ${unique(testInfo)}`;
    await page.goto("/admin/bookings");
    const { id } = await bookThroughApi(page, testInfo, { name, date: farDate(testInfo), timeSlot: "10:00-12:00" });

    await expect(page.getByRole("heading", { level: 1, name: "Bokningar" })).toBeVisible();
    await expect(main(page).getByRole("link", { name: "Tillbaka till administration" })).toHaveAttribute("href", "/admin");
    await main(page).getByRole("searchbox", { name: "Sök" }).fill(name);
    // The search is kept in the URL (debounced), so a reload shows the same list.
    await expect(page).toHaveURL(/\?search=/);
    const result = resultFor(page, isMobile, name);
    await expect(result).toHaveCount(1);
    await expect(result).toContainText(`#${id}`);
    await expect(result).toContainText("070-555 00 11");
    await expect(result).toContainText("Sigtuna");
    await expectNoSeriousA11yViolations(page);

    await page.reload();
    await expect(main(page).getByRole("searchbox", { name: "Sök" })).toHaveValue(name);
    await expect(resultFor(page, isMobile, name)).toHaveCount(1);

    await resultFor(page, isMobile, name)
      .getByRole("combobox", { name: `Ändra status för bokning #${id}` })
      .selectOption({ label: "Bekräftad" });
    await expect(toasts(page).getByText("Status uppdaterad")).toBeVisible();
    await expect(toasts(page).getByText("Bokningens status har uppdaterats")).toBeVisible();
    await expect(
      resultFor(page, isMobile, name)
        .locator("span")
        .filter({ hasText: /^Bekräftad$/ }),
    ).toBeVisible();
    await expect(resultFor(page, isMobile, name).getByRole("combobox")).toHaveValue("confirmed");

    // The status filter is kept in the URL too, and Back undoes it.
    await main(page).getByRole("combobox", { name: "Status", exact: true }).selectOption({ label: "Avbokad" });
    await expect(page).toHaveURL(/status=cancelled/);
    await expect(main(page).getByText("Inga bokningar hittades med angivna filter")).toBeVisible();
    await page.goBack();
    await expect(page).not.toHaveURL(/status=cancelled/);
    await expect(resultFor(page, isMobile, name)).toHaveCount(1);

    await resultFor(page, isMobile, name)
      .getByRole("link", { name: /^Detaljer/ })
      .click();
    await expect(page).toHaveURL(new RegExp(`/admin/bookings/${id}$`));
    await expect(page.getByRole("heading", { level: 1, name: `Bokning #${id}` })).toBeVisible();
    await expect(main(page).getByRole("combobox", { name: "Ändra status" })).toHaveValue("confirmed");
    const detail = (await (await page.request.get(`/api/admin/bookings/${id}`)).json()) as AdminBookingDetail;
    expect(detail.booking.status).toBe("confirmed");
    expect(detail.history.map((e) => [e.kind, e.from, e.to])).toContainEqual(["status", "planned", "confirmed"]);
    await expect(main(page).getByText("Från Planerad till Bekräftad")).toBeVisible();
  });

  test("an admin reschedules a booking: a taken time shows who has it, a passed one that it has passed", async ({ page }, testInfo) => {
    const name = `Flyttas ${unique(testInfo)}`;
    const blockerName = `Upptagen ${unique(testInfo)}`;
    await page.goto("/admin");
    const { id, date } = await bookThroughApi(page, testInfo, { name, date: farDate(testInfo), timeSlot: "10:00-12:00" });
    const blocker = await bookThroughApi(page, testInfo, {
      name: blockerName,
      date: farDate(testInfo),
      timeSlot: "08:00-10:00",
      serviceType: "troubleshooting",
      status: "confirmed",
    });

    await page.goto(`/admin/bookings/${id}`);
    await expect(page.getByRole("heading", { level: 1, name: `Bokning #${id}` })).toBeVisible();
    await expect(main(page).getByRole("link", { name: "Tillbaka till bokningar" })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    const open = main(page).getByRole("button", { name: "Omplanera" });
    await open.click();
    const dialog = page.getByRole("dialog", { name: "Omplanera bokning" });
    await expect(dialog).toBeVisible();

    // rules §5: both required, checked before anything is sent.
    await dialog.getByRole("button", { name: "Spara ny tid" }).click();
    await expect(dialog.getByRole("alert")).toContainText("Både datum och tid måste anges.");
    await expect(toasts(page).getByText("Fyll i alla fält")).toBeVisible();

    // rules §5: a time that has passed cannot be chosen, and says so (yesterday's are all over).
    await dialog.getByLabel("Nytt datum").fill(addDays(today(), -1));
    const passed = dialog.getByRole("radio", { name: "08:00–10:00" });
    await expect(passed).toBeDisabled();
    await expect(passed).toHaveAccessibleDescription("Har passerat");

    // Issue 23 point 7: the blocker's time is shown taken, by whom, before anything is sent.
    await dialog.getByLabel("Nytt datum").fill(blocker.date);
    const taken = dialog.getByRole("radio", { name: "08:00–10:00" });
    await expect(taken).toBeDisabled();
    await expect(taken).toHaveAccessibleDescription(new RegExp(`Upptagen – ${blockerName}.*Felsökning 08:00–10:00, bekräftad`));
    const blockerLink = dialog.getByRole("link", { name: `Visa bokning #${blocker.id} (öppnas i ny flik)` });
    await expect(blockerLink).toHaveAttribute("href", `/admin/bookings/${blocker.id}`);
    await expect(dialog.getByRole("radio", { name: "10:00–12:00" })).toBeEnabled();
    await expectNoSeriousA11yViolations(page);

    // Taken a moment after the dialog showed it free: the server refuses it (409) and says why, and
    // the dialog reads the times again and shows who took it.
    const racer = `Hann före ${unique(testInfo)}`;
    await expect(dialog.getByRole("radio", { name: "14:00–16:00" })).toBeEnabled();
    await dialog.getByRole("radio", { name: "14:00–16:00" }).check();
    const raced = await api<{ id: number }>(page, "POST", "/api/admin/bookings", {
      customerInfo: {
        name: racer,
        email: `${racer.toLowerCase().replace(/[^a-z0-9]+/g, ".")}@exempel.se`,
        phone: "070-555 00 12",
        address: "Provvägen 4",
        city: "Sigtuna",
        postalCode: "193 30",
      },
      serviceType: "service",
      date: blocker.date,
      timeSlot: "14:00-16:00",
    });
    expect(raced.status).toBe(201);
    await dialog.getByRole("button", { name: "Spara ny tid" }).click();
    await expect(dialog.getByRole("alert")).toContainText(SLOT_TAKEN);
    await expect(toasts(page).getByText("Fel vid omplanering")).toBeVisible();
    await expect(dialog.getByRole("radio", { name: "14:00–16:00" })).toBeDisabled();
    await expect(dialog.getByText(`Upptagen – ${racer}`)).toBeVisible();

    await dialog.getByRole("radio", { name: "12:00–14:00" }).check();
    await dialog.getByRole("button", { name: "Spara ny tid" }).click();
    await expect(toasts(page).getByText("Bokning omplanerad")).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(open).toBeFocused();
    await expect(main(page).getByText("Omplanerad", { exact: true }).first()).toBeVisible();

    const detail = (await (await page.request.get(`/api/admin/bookings/${id}`)).json()) as AdminBookingDetail;
    expect([detail.booking.date, detail.booking.timeSlot, detail.booking.status]).toEqual([blocker.date, "12:00-14:00", "rescheduled"]);
    expect(detail.history.find((e) => e.kind === "reschedule")).toMatchObject({
      from: `${date} 10:00-12:00`,
      to: `${blocker.date} 12:00-14:00`,
      actor: "admin",
    });
    // The history names who did it.
    await expect(main(page).getByRole("heading", { name: "Historik" })).toBeVisible();
    await expect(
      main(page)
        .getByText(/Anna Lindqvist \(Administratör\)/)
        .first(),
    ).toBeVisible();
  });

  test("an admin uploads an image and opens it in the enlarge dialog", async ({ page }, testInfo) => {
    const name = `Bildkund ${unique(testInfo)}`;
    await page.goto("/admin");
    const { id } = await bookThroughApi(page, testInfo, { name, date: farDate(testInfo), timeSlot: "14:00-16:00" });
    await page.goto(`/admin/bookings/${id}`);
    await expect(main(page).getByText("Inga bilder har laddats upp till bokningen.")).toBeVisible();

    // The Swedish picker button opens the file chooser (no "Choose File" of the browser's own).
    await expect(main(page).getByText("Ingen bild vald")).toBeVisible();
    const chooser = page.waitForEvent("filechooser");
    await main(page).getByRole("button", { name: "Välj bild", exact: true }).click();
    await (await chooser).setFiles(await smallPng());
    await main(page).getByLabel("Bildtext (valfritt)").fill("Utedelen framifrån");
    await main(page).getByRole("button", { name: "Ladda upp" }).click();
    await expect(toasts(page).getByText("Bild uppladdad")).toBeVisible();

    const thumbnail = main(page).getByRole("button", { name: "Visa bild: Utedelen framifrån" });
    await thumbnail.click();
    const dialog = page.getByRole("dialog", { name: "Utedelen framifrån" });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText("Uppladdad av");
    await expect(dialog).toContainText("Anna Lindqvist (Administratör)");
    const image = dialog.getByRole("img", { name: "Utedelen framifrån" });
    await expect(image).toBeVisible();
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(64);
    await expectNoSeriousA11yViolations(page);

    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(thumbnail).toBeFocused();
  });

  test("an admin manages the customer's link: copy, images allowed, deactivate", async ({ page, context, baseURL }, testInfo) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL });
    const name = `Länkkund ${unique(testInfo)}`;
    await page.goto("/admin");
    const { id } = await bookThroughApi(page, testInfo, { name, date: farDate(testInfo), timeSlot: "12:00-14:00" });
    await page.goto(`/admin/bookings/${id}`);

    const card = main(page).getByRole("region", { name: "Kundens bokningslänk" });
    // A booking made by staff already has a link (it goes out in the confirmation e-mail).
    const url = card.getByLabel("Länk", { exact: true });
    await expect(url).toHaveValue(/\/booking\/shared\/[A-Za-z0-9_-]{22,}$/);
    await expect(card.getByText("Aktiv", { exact: true })).toBeVisible();

    await card.getByRole("button", { name: "Kopiera länk" }).click();
    await expect(toasts(page).getByText("Länken kopierad")).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await url.inputValue());

    const allow = card.getByRole("switch", { name: "Kunden får lägga till bilder" });
    await expect(allow).toHaveAttribute("aria-checked", "false");
    await allow.click();
    await expect(toasts(page).getByText("Kunden får nu lägga till bilder")).toBeVisible();
    await expect(allow).toHaveAttribute("aria-checked", "true");

    await card.getByRole("button", { name: "Inaktivera länk" }).click();
    await expect(card.getByText("Inaktiv", { exact: true })).toBeVisible();
    await expect(card.getByRole("button", { name: "Aktivera länk" })).toBeVisible();
    const detail = (await (await page.request.get(`/api/admin/bookings/${id}`)).json()) as AdminBookingDetail;
    expect(detail.link).toMatchObject({ isActive: false, allowClientUpdates: true });
    await expectNoSeriousA11yViolations(page);
  });

  test("an admin books a phone customer who is new", async ({ page, isMobile }, testInfo) => {
    const name = `Telefonkund ${unique(testInfo)}`;
    await page.goto("/admin/bookings");
    const date = await emptyFarDate(page, testInfo);
    await main(page).getByRole("link", { name: "Skapa bokning" }).click();
    await expect(page).toHaveURL(/\/admin\/bookings\/new$/);
    await expect(page.getByRole("heading", { level: 1, name: "Ny bokning" })).toBeVisible();
    await expect(page).toHaveTitle("Ny bokning | Värmepumpsservice");

    // An empty form shows the §5 messages inline.
    await main(page).getByRole("button", { name: "Skapa bokning" }).click();
    await expect(main(page).getByText("Kundens namn måste vara minst 2 tecken")).toBeVisible();
    await expect(main(page).getByText("Välj ett datum för bokningen")).toBeVisible();
    await expect(main(page).getByText("Välj en tid för bokningen")).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await main(page).getByLabel("Namn", { exact: true }).fill(name);
    await main(page)
      .getByLabel("E-post", { exact: true })
      .fill(`${name.toLowerCase().replace(/[^a-z0-9]+/g, ".")}@exempel.se`);
    await main(page).getByLabel("Telefon", { exact: true }).fill("070-987 65 43");
    await main(page).getByLabel("Adress", { exact: true }).fill("Telefonvägen 5");
    await main(page).getByLabel("Postnummer", { exact: true }).fill("112 33");
    await main(page).getByLabel("Ort", { exact: true }).fill("Stockholm");
    await main(page).getByLabel("Typ av tjänst").selectOption({ label: "Felsökning" });
    await main(page).getByLabel("Datum", { exact: true }).fill(date);
    await main(page).getByRole("radio", { name: "12:00–14:00" }).check();
    await main(page).getByLabel("Värmepumpsmodell (valfritt)").fill("Nibe F2120");
    await main(page).getByLabel("Beskrivning (valfritt)").fill("Kunden ringde: felkod E5.");
    await main(page).getByRole("button", { name: "Skapa bokning" }).click();

    await expect(toasts(page).getByText("Bokning skapad")).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/bookings\?sort=created_desc$/);
    const list = (await (await page.request.get(`/api/admin/bookings?search=${encodeURIComponent(name)}`)).json()) as AdminBookingList;
    expect(list.items).toHaveLength(1);
    expect(list.items[0]).toMatchObject({
      date,
      timeSlot: "12:00-14:00",
      serviceType: "troubleshooting",
      status: "planned",
      customerPhone: "070-987 65 43",
      city: "Stockholm",
    });
    await main(page).getByRole("searchbox", { name: "Sök" }).fill(name);
    await expect(resultFor(page, isMobile, name)).toHaveCount(1);

    // The same time once more (issue 23 point 7): shown taken by the new booking, with a link to it,
    // and it cannot be chosen.
    await page.goto("/admin/bookings/new");
    await main(page).getByLabel("Namn", { exact: true }).fill(`${name} två`);
    await main(page).getByLabel("E-post", { exact: true }).fill("tva.kunden@exempel.se");
    await main(page).getByLabel("Telefon", { exact: true }).fill("070-987 65 44");
    await main(page).getByLabel("Adress", { exact: true }).fill("Telefonvägen 7");
    await main(page).getByLabel("Postnummer", { exact: true }).fill("112 33");
    await main(page).getByLabel("Ort", { exact: true }).fill("Stockholm");
    await main(page).getByLabel("Typ av tjänst").selectOption({ label: "Service" });
    await main(page).getByLabel("Datum", { exact: true }).fill(date);
    const taken = main(page).getByRole("radio", { name: "12:00–14:00" });
    await expect(taken).toBeDisabled();
    await expect(taken).toHaveAccessibleDescription(new RegExp(`Upptagen – ${name}.*Felsökning 12:00–14:00, planerad`));
    await expect(main(page).getByRole("link", { name: `Visa bokning #${list.items[0].id} (öppnas i ny flik)` })).toHaveAttribute(
      "href",
      `/admin/bookings/${list.items[0].id}`,
    );
    await expect(main(page).getByRole("radio", { name: "10:00–12:00" })).toBeEnabled();
    await expectNoSeriousA11yViolations(page);

    // Taken after the form showed it free: the server refuses it with its message, shown inline and
    // in a toast, and the form then shows who took it.
    await main(page).getByRole("radio", { name: "08:00–10:00" }).check();
    const racer = `Hann före ${unique(testInfo)}`;
    const raced = await api<{ id: number }>(page, "POST", "/api/admin/bookings", {
      customerInfo: {
        name: racer,
        email: `${racer.toLowerCase().replace(/[^a-z0-9]+/g, ".")}@exempel.se`,
        phone: "070-555 00 12",
        address: "Provvägen 4",
        city: "Sigtuna",
        postalCode: "193 30",
      },
      serviceType: "service",
      date,
      timeSlot: "08:00-10:00",
    });
    expect(raced.status).toBe(201);
    await main(page).getByRole("button", { name: "Skapa bokning" }).click();
    await expect(main(page).getByRole("alert")).toContainText(SLOT_TAKEN);
    await expect(toasts(page).getByText("Fel", { exact: true })).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/bookings\/new$/);
    await expect(main(page).getByRole("radio", { name: "08:00–10:00" })).toBeDisabled();
    await expect(main(page).getByText(`Upptagen – ${racer}`)).toBeVisible();
  });

  test("an admin books a phone customer picked from the customer register", async ({ page }, testInfo) => {
    await page.goto("/admin/bookings/new");
    const date = await emptyFarDate(page, testInfo);
    const [lars] = (await (await page.request.get("/api/admin/customers/search?q=Lars%20Andersson")).json()) as CustomerSuggestion[];
    expect(lars, "the demo data has Lars Andersson").toBeTruthy();

    await main(page).getByRole("searchbox", { name: "Sök befintlig kund" }).fill("Lars And");
    await main(page)
      .getByRole("button", { name: /Lars Andersson/ })
      .click();
    await expect(main(page).getByText("Vald kund: Lars Andersson")).toBeVisible();
    await expect(main(page).getByLabel("Namn", { exact: true })).toHaveValue(lars.name);
    await expect(main(page).getByLabel("Postnummer", { exact: true })).toHaveValue(lars.postalCode);
    await expectNoSeriousA11yViolations(page);

    await main(page).getByLabel("Typ av tjänst").selectOption({ label: "Hembesök" });
    await expect(main(page).getByLabel("Värmepumpsmodell (valfritt)")).toHaveCount(0);
    await main(page).getByLabel("Datum", { exact: true }).fill(date);
    await main(page).getByRole("radio", { name: "10:30–11:00" }).check();
    await main(page).getByLabel("Status").selectOption({ label: "Bekräftad" });
    await main(page).getByRole("button", { name: "Skapa bokning" }).click();
    await expect(toasts(page).getByText("Bokning skapad")).toBeVisible();

    const list = (await (await page.request.get(`/api/admin/bookings?search=${date}`)).json()) as AdminBookingList;
    const created = list.items.find((b) => b.customerName === lars.name && b.timeSlot === "10:30-11:00");
    expect(created).toMatchObject({ serviceType: "hembesok", status: "confirmed" });
    const detail = (await (await page.request.get(`/api/admin/bookings/${created!.id}`)).json()) as AdminBookingDetail;
    expect(detail.customer.id).toBe(lars.id);
  });

  test("a missing booking says 'Bokning hittades inte'", async ({ page }) => {
    await page.goto("/admin/bookings/99999999");
    await expect(page.getByRole("heading", { level: 1, name: "Bokning hittades inte" })).toBeVisible();
    await expect(page).toHaveTitle("Bokning hittades inte | Värmepumpsservice");
    await expectNoSeriousA11yViolations(page);
  });
});

// Issue 23 point 6: the technician is chosen on the booking's own page too (before, only in the
// planning grid), with the keyboard as with the list, and the change is recorded.
test("an admin gives a visit to a technician on the booking's page, with the keyboard too, moves it and takes it back", async ({ page, loginAs }, testInfo) => {
  await loginAs("admin");
  await page.goto("/admin");
  const { id } = await bookThroughApi(page, testInfo, { name: `Tilldelas ${unique(testInfo)}`, date: farDate(testInfo), timeSlot: "08:00-10:00" });
  await page.goto(`/admin/bookings/${id}`);
  await expect(page.getByRole("heading", { level: 1, name: `Bokning #${id}` })).toBeVisible({ timeout: 20_000 });
  const select = main(page).getByRole("combobox", { name: "Tekniker", exact: true });
  await expect(select).toHaveValue("");
  // Nobody, then the technicians by name (other journeys may add technicians meanwhile).
  await expect(select.locator("option").first()).toHaveText("Ingen tekniker");
  await expect(select.locator("option", { hasText: "Erik Johansson" })).toHaveCount(1);
  await expect(select.locator("option", { hasText: "Sara Nilsson" })).toHaveCount(1);
  const technicians = await select
    .locator("option")
    .evaluateAll((options) => options.slice(1).map((o) => ({ id: Number((o as HTMLOptionElement).value), name: o.textContent ?? "" })));
  await expect(main(page).getByText("Ingen tekniker tilldelad")).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // The arrow key picks the first technician of the list, at once.
  await select.focus();
  await page.keyboard.press("ArrowDown");
  await expect(toasts(page).getByText(`Besöket är tilldelat ${technicians[0].name}.`)).toBeVisible();
  await expect(select).toHaveValue(String(technicians[0].id));
  await expect(select).toBeFocused();
  const history = main(page).getByRole("region", { name: "Historik" });
  await expect(history.getByRole("listitem").last()).toContainText("Tekniker tilldelad");
  await expect(history.getByRole("listitem").last()).toContainText(technicians[0].name);

  // To another technician, then to nobody: each recorded, from whom to whom.
  const other = technicians.find((t) => t.id !== technicians[0].id)!;
  await select.selectOption({ label: other.name });
  await expect(toasts(page).getByText(`Besöket är tilldelat ${other.name}.`)).toBeVisible();
  await expect(select).toHaveValue(String(other.id));
  await select.selectOption({ label: "Ingen tekniker" });
  await expect(toasts(page).getByText("Besöket har ingen tekniker.")).toBeVisible();
  await expect(main(page).getByText("Ingen tekniker tilldelad")).toBeVisible();
  const detail = (await (await page.request.get(`/api/admin/bookings/${id}`)).json()) as AdminBookingDetail;
  expect(detail.history.filter((e) => e.kind === "technician").map((e) => [e.actor, e.from, e.to])).toEqual([
    ["admin", null, technicians[0].name],
    ["admin", technicians[0].name, other.name],
    ["admin", other.name, null],
  ]);
  expect(detail.booking.technician).toBeNull();
  await expectNoSeriousA11yViolations(page);
});
