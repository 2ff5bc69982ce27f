import type { Locator, Page } from "@playwright/test";
import sharp from "sharp";
import { bookingWindow, closedDaysOfYear, todayIn, type IsoDate } from "../src/common/booking-rules";
import { expect, expectNoSeriousA11yViolations, test } from "./fixtures";

// Issue 8: the booking wizard as a hurried customer on a phone uses it. Both projects run these
// (mobile 390 x 844 with touch, desktop); the layout checks that only make sense on a phone say so.
// Nothing here books a visit except where it says so, so the tests do not take each other's times.

/** Console errors, page errors and CSP violations, collected from before the page's first script. */
async function watchConsole(page: Page) {
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(`${message.type()}: ${message.text()}`);
  });
  page.on("pageerror", (error) => problems.push(`pageerror: ${String(error)}`));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  return problems;
}

/** Every request the page makes to GET /api/auth/user. */
function watchAuthUser(page: Page) {
  const calls: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname === "/api/auth/user") calls.push(request.url());
  });
  return calls;
}

const heading2 = (page: Page, name: string) => page.getByRole("heading", { level: 2, name });
const nextButton = (page: Page) => page.getByRole("button", { name: "Nästa", exact: true });
const imageInput = (page: Page) => page.getByLabel("Bilder (viktigt)", { exact: true });
const imageList = (page: Page) => page.getByRole("list", { name: "Valda bilder" });

async function openBooking(page: Page, query = "") {
  await page.goto(`/booking${query}`);
  await expect(heading2(page, "Tjänst & Beskrivning")).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole("radio", { name: "Service", exact: true })).toBeEnabled();
}

async function fillStep1(page: Page) {
  await page.getByRole("radio", { name: "Felsökning", exact: true }).check();
  await page.getByLabel("Värmepumpsmodell").fill("Daiseikai");
  await page.getByLabel("Beskrivning", { exact: true }).fill("Blåser kall luft sedan i går.");
}

/** Moves the pointer and scrolls, so the prerendered parts of a page hydrate (lib/deferred-hydration). */
async function interact(page: Page) {
  await page.mouse.move(20, 200);
  await page.mouse.wheel(0, 600);
  await page.waitForLoadState("networkidle");
  await page.mouse.wheel(0, -600);
}

test.describe("a quiet console on every public page", () => {
  test("no console error or CSP violation, and no /api/auth/user for a first-time visitor", { tag: "@one-viewport" }, async ({ page }) => {
    test.setTimeout(120_000);
    const problems = await watchConsole(page);
    const authCalls = watchAuthUser(page);
    for (const path of ["/", "/booking", "/booking?service=hembesok", "/policies/terms", "/policies/privacy", "/policies/cookies", "/login", "/admin/login"]) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
      await page.waitForLoadState("networkidle");
      await interact(page);
      expect(problems, path).toEqual([]);
    }
    // The wizard's validation (zod, jitless: the CSP forbids eval) and step 2 load on use.
    await openBooking(page);
    await nextButton(page).click();
    await expect(page.getByText("Välj en tjänst")).toBeVisible();
    await fillStep1(page);
    await nextButton(page).click();
    await expect(heading2(page, "Välj tid")).toBeVisible();
    await expect(page.getByText(/^Valt datum:/)).toBeVisible();
    await nextButton(page).click();
    await expect(page.getByText("Välj en tid", { exact: true })).toBeVisible();
    await page.waitForLoadState("networkidle");
    expect(problems, "/booking steps 1-2").toEqual([]);
    expect(authCalls).toEqual([]);
  });

  test("the 404 page answers HTTP 404 and logs nothing but the 404 itself", { tag: "@one-viewport" }, async ({ page }) => {
    const problems = await watchConsole(page);
    const response = await page.goto("/sidan/finns/inte");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Sidan hittades inte" })).toBeVisible();
    await page.waitForLoadState("networkidle");
    await interact(page);
    // Chromium reports the document's own status as a console error; nothing else may appear.
    expect(problems.filter((p) => !/status of 404/.test(p))).toEqual([]);
  });
});

test.describe("careless input is caught where it happens", () => {
  test("a text file renamed .jpg and a JPEG cut off in the middle are refused on step 1 and never sent", async ({ page }) => {
    await openBooking(page, "?service=troubleshooting");
    const photo = await sharp({ create: { width: 400, height: 300, channels: 3, background: { r: 200, g: 80, b: 40 } } })
      .jpeg({ quality: 90 })
      .toBuffer();
    await imageInput(page).setInputFiles([
      { name: "kvitto.jpg", mimeType: "image/jpeg", buffer: Buffer.from("Detta är ett kvitto, ingen bild.\n".repeat(20)) },
      { name: "avbruten.jpg", mimeType: "image/jpeg", buffer: photo.subarray(0, Math.floor(photo.length * 0.6)) },
      { name: "hel.jpg", mimeType: "image/jpeg", buffer: photo },
    ]);
    const row = (name: string) => imageList(page).getByRole("listitem").filter({ hasText: name });
    await expect(row("kvitto.jpg")).toContainText("Kunde inte läsa bilden ”kvitto.jpg”");
    await expect(row("avbruten.jpg")).toContainText("Kunde inte läsa bilden ”avbruten.jpg”");
    await expect(row("hel.jpg")).toContainText("Klar");
    for (const name of ["kvitto.jpg", "avbruten.jpg"]) {
      await expect(row(name)).not.toContainText("Klar");
      await expect(row(name)).toHaveAttribute("data-status", "error");
    }
    await expect(page.getByText("1 av 4 bilder")).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  test("'Nästa' brings the first field with an error into view and focuses it", async ({ page }) => {
    await openBooking(page);
    await page.getByLabel("Beskrivning", { exact: true }).fill("Något låter konstigt.");
    await page.getByLabel("Beskrivning", { exact: true }).scrollIntoViewIfNeeded();
    await nextButton(page).click();
    const message = page.getByText("Välj en tjänst", { exact: true });
    await expect(message).toBeInViewport();
    await expect(page.getByRole("radio", { name: "Service", exact: true })).toBeFocused();
    // Not hidden under the sticky header.
    const header = await page.getByRole("banner").boundingBox();
    const box = await message.boundingBox();
    expect(box!.y).toBeGreaterThanOrEqual(header!.y + header!.height);
  });

  test("the 'Formulärfel' toast never covers the field it is about, nor its label or message", async ({ page }) => {
    await openBooking(page);
    await page.getByRole("radio", { name: "Service", exact: true }).check();
    await page.getByLabel("Värmepumpsmodell").fill("Nibe F2040");
    await nextButton(page).click();
    const toast = page
      .getByRole("region", { name: /Aviseringar/ })
      .getByRole("listitem")
      .filter({ hasText: "Formulärfel" });
    await expect(toast).toBeVisible();
    const field = page.getByLabel("Beskrivning", { exact: true });
    await expect(field).toBeFocused();
    const parts = [page.getByText("Beskrivning", { exact: true }), field, page.getByText("En beskrivning krävs", { exact: true })];
    for (const part of parts) await expect(part).toBeInViewport();
    const header = (await page.getByRole("banner").boundingBox())!;
    expect((await parts[0].boundingBox())!.y, "the label below the sticky header").toBeGreaterThanOrEqual(header.y + header.height);
    await expect
      .poll(
        async () => {
          const box = (await toast.boundingBox())!;
          const covered: string[] = [];
          for (const [index, part] of parts.entries()) {
            const p = (await part.boundingBox())!;
            if (box.x < p.x + p.width && p.x < box.x + box.width && box.y < p.y + p.height && p.y < box.y + box.height)
              covered.push(["label", "field", "message"][index]);
          }
          return covered;
        },
        { message: "parts of the field under the toast" },
      )
      .toEqual([]);
  });

  test("Swedish phone numbers and postal codes are checked on step 3, with the label's own word", async ({ page }) => {
    await openBooking(page);
    await fillStep1(page);
    await nextButton(page).click();
    await expect(page.getByText(/^Valt datum:/)).toBeVisible();
    const times = page.getByRole("group", { name: "Välj starttid" }).getByRole("radio");
    await expect(times.first().or(page.getByText("Inga tillgängliga tider för valt datum"))).toBeVisible();
    if ((await times.count()) === 0) await page.locator("button[data-date]:enabled").nth(1).click();
    await times.first().check();
    await nextButton(page).click();
    await expect(heading2(page, "Dina uppgifter")).toBeVisible();
    await page.getByLabel("Namn", { exact: true }).fill("Å");
    await page.getByLabel("Telefonnummer", { exact: true }).fill("070-123 45");
    await page.getByLabel("Postnummer", { exact: true }).fill("7221");
    await page.getByLabel("E-postadress", { exact: true }).fill("åsa.öberg@exempel.se");
    await page.getByRole("button", { name: "Slutför bokning" }).click();
    await expect(page.getByText("Skriv ditt namn med minst två bokstäver")).toBeVisible();
    await expect(page.getByText("Ogiltigt telefonnummer. Skriv till exempel 070-123 45 67 eller 08-123 456 78.")).toBeVisible();
    await expect(page.getByText("Postnumret ska ha fem siffror, till exempel 722 11")).toBeVisible();
    await expect(page.getByText("Ort krävs", { exact: true })).toBeVisible();
    await expect(page.getByText("Ogiltig e-postadress")).toHaveCount(0); // å, ä and ö are fine
    await expect(page.getByLabel("Namn", { exact: true })).toBeFocused();
    await page.getByLabel("E-postadress", { exact: true }).fill("");
    await page.getByRole("button", { name: "Slutför bokning" }).click();
    await expect(page.getByText("E-postadress krävs", { exact: true })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
});

test.describe("the browser's own buttons", () => {
  test("Back, Forward and reload across the steps keep what was entered", { tag: "@one-viewport" }, async ({ page }) => {
    await openBooking(page);
    await fillStep1(page);
    await nextButton(page).click();
    await expect(heading2(page, "Välj tid")).toBeVisible();
    await expect(page).toHaveURL(/[?&]step=2/);
    await expect(page.getByText(/^Valt datum:/)).toBeVisible();

    await page.goBack();
    await expect(heading2(page, "Tjänst & Beskrivning")).toBeVisible();
    await expect(page).not.toHaveURL(/step=/);
    await expect(page.getByLabel("Beskrivning", { exact: true })).toHaveValue("Blåser kall luft sedan i går.");
    await expect(page.getByRole("radio", { name: "Felsökning", exact: true })).toBeChecked();

    await page.goForward();
    await expect(heading2(page, "Välj tid")).toBeVisible();
    const chosen = (await page.getByText(/^Valt datum:/).innerText()).trim();

    // The draft is saved as the customer types (no 'Spara bokning' pressed): a reload keeps it all.
    await expect.poll(async () => JSON.parse((await page.evaluate(() => localStorage.getItem("booking_draft"))) ?? "{}").step).toBe(2);
    await page.reload();
    await expect(heading2(page, "Välj tid")).toBeVisible({ timeout: 20_000 });
    await expect(page.getByText(/^Valt datum:/)).toHaveText(chosen);
    await page.getByRole("button", { name: "Föregående", exact: true }).click();
    await expect(heading2(page, "Tjänst & Beskrivning")).toBeVisible();
    await expect(page.getByLabel("Värmepumpsmodell")).toHaveValue("Daiseikai");
    await expect(page.getByLabel("Beskrivning", { exact: true })).toHaveValue("Blåser kall luft sedan i går.");

    // Typed, then reloaded at once: the last words are there too (saved when the page is left).
    await page.getByLabel("Beskrivning", { exact: true }).fill("Blåser kall luft sedan i går. Felkod E5.");
    await page.reload();
    await expect(page.getByLabel("Beskrivning", { exact: true })).toHaveValue("Blåser kall luft sedan i går. Felkod E5.", { timeout: 20_000 });
  });

  test("'Spara bokning' says the booking is not made yet", { tag: "@one-viewport" }, async ({ page }) => {
    await openBooking(page);
    await fillStep1(page);
    await page.getByRole("button", { name: "Spara bokning" }).click();
    const toasts = page.getByRole("region", { name: /Aviseringar/ });
    await expect(toasts).toContainText("Utkastet är sparat – bokningen är inte klar");
    await expect(toasts).toContainText("Tiden är inte bokad förrän du har tryckt på ”Slutför bokning” i steg 3.");
  });
});

test.describe("closed on Swedish holidays (rules D22)", () => {
  const isWeekday = (date: IsoDate) => new Date(`${date}T00:00:00Z`).getUTCDay() !== 0;

  /** The weekday closed days inside the service booking window of `today`. */
  function closedInWindow(today: IsoDate): { date: IsoDate; name: string }[] {
    const { earliest, latest } = bookingWindow("service", today);
    const years = [...new Set([earliest.slice(0, 4), latest.slice(0, 4)])].map(Number);
    return years.flatMap((year) => closedDaysOfYear(year)).filter((d) => d.date >= earliest && d.date <= latest && isWeekday(d.date));
  }

  /** The next weekday closed day after the window of `today`, and a day 30 days before it (its window then holds it). */
  function nextClosedDay(today: IsoDate): { holiday: { date: IsoDate; name: string }; browserToday: IsoDate } {
    const year = Number(today.slice(0, 4));
    const holiday = [...closedDaysOfYear(year), ...closedDaysOfYear(year + 1)].find((d) => d.date > today && isWeekday(d.date))!;
    const before = new Date(`${holiday.date}T12:00:00Z`);
    before.setUTCDate(before.getUTCDate() - 30);
    return { holiday, browserToday: before.toISOString().slice(0, 10) as IsoDate };
  }

  test(
    "a holiday cannot be picked in the calendar, has no times, and cannot be booked through the API",
    { tag: "@one-viewport" },
    async ({ page, request, baseURL }) => {
      const today = todayIn(new Date());
      let [holiday] = closedInWindow(today);
      if (holiday) {
        // The server's window holds a holiday today: the API has no times that day, marks it
        // unavailable, and refuses a booking in Swedish (also proven with a fixed clock in
        // src/server/modules/bookings/holidays.routes.test.ts).
        const day = await request.get(`/api/availability/day?date=${holiday.date}&serviceType=service`);
        expect((await day.json()).slots).toEqual([]);
        const range = await request.get(`/api/availability/range?from=${holiday.date}&to=${holiday.date}&serviceType=service`);
        expect((await range.json()).dates).toEqual([{ date: holiday.date, available: false }]);
        const weekday = new Date(`${holiday.date}T00:00:00Z`).getUTCDay();
        const booked = await request.post("/api/bookings", {
          headers: { origin: baseURL ?? "" },
          data: {
            serviceType: "service",
            heatpumpModel: "Nibe F2120",
            description: "Service på helgdag",
            date: holiday.date,
            timeSlot: weekday === 1 ? "08:00-10:00" : weekday === 6 ? "12:00-14:00" : "15:30-17:30",
            name: "Helg Dagsson",
            email: `helgdag-${Date.now()}@exempel.se`,
            phone: "070-123 45 67",
            address: "Storgatan 1",
            city: "Uppsala",
            postalCode: "753 20",
          },
        });
        expect(booked.status()).toBe(422);
        expect((await booked.json()).message).toBe(`Vi har stängt på ${holiday.name}. Välj ett annat datum.`);
      } else {
        // No holiday in today's window (a summer's day): the browser's clock moves to 30 days before
        // the next one, so the calendar shows it; the calendar's rule is the shared one.
        const next = nextClosedDay(today);
        holiday = next.holiday;
        await page.clock.setFixedTime(new Date(`${next.browserToday}T10:00:00+01:00`));
      }

      // The calendar: the day is there, disabled, and says why.
      await openBooking(page, "?service=service");
      await page.getByLabel("Värmepumpsmodell").fill("Nibe F2120");
      await page.getByLabel("Beskrivning", { exact: true }).fill("Årlig service.");
      await nextButton(page).click();
      await expect(page.getByText(/^Valt datum:/)).toBeVisible();
      const dayButton = page.locator(`button[data-date="${holiday.date}"]`);
      for (let i = 0; i < 4 && (await dayButton.count()) === 0; i++) await page.getByRole("button", { name: "Nästa månad" }).click();
      await expect(dayButton).toBeDisabled();
      await expect(dayButton).toHaveAttribute("aria-label", new RegExp(`${holiday.name}, stängt$`));
      await dayButton.click({ force: true });
      await expect(page.getByText(/^Valt datum:/)).not.toContainText(String(Number(holiday.date.slice(8))) + " ");
    },
  );
});

test.describe("a slot taken meanwhile", () => {
  test("the 409 message stands inline above the times of step 2, in view", async ({ page }) => {
    // The page's clock is Playwright's, so the toast's lifetime can be skipped instead of waited for.
    await page.clock.install();
    await openBooking(page);
    await fillStep1(page);
    await nextButton(page).click();
    await expect(page.getByText(/^Valt datum:/)).toBeVisible();
    const times = page.getByRole("group", { name: "Välj starttid" }).getByRole("radio");
    await expect(times.first().or(page.getByText("Inga tillgängliga tider för valt datum"))).toBeVisible();
    if ((await times.count()) === 0) await page.locator("button[data-date]:enabled").nth(1).click();
    await times.first().check();
    await nextButton(page).click();
    await page.getByLabel("Namn", { exact: true }).fill("Kund Konflikt");
    await page.getByLabel("E-postadress", { exact: true }).fill("konflikt@exempel.se");
    await page.getByLabel("Telefonnummer", { exact: true }).fill("+46 70 123 45 67");
    await page.getByLabel("Adress", { exact: true }).fill("Storgatan 1");
    await page.getByLabel("Ort", { exact: true }).fill("Uppsala");
    await page.getByLabel("Postnummer", { exact: true }).fill("75320");
    // Someone else was quicker: the server answers 409 (the real race is in booking.spec.ts).
    let sent: Record<string, unknown> = {};
    await page.route("**/api/bookings", async (route) => {
      sent = route.request().postDataJSON() as Record<string, unknown>;
      await route.fulfill({
        status: 409,
        contentType: "application/json",
        body: JSON.stringify({ message: "Tiden du valde hann tyvärr bokas av någon annan. Välj en av de lediga tiderna." }),
      });
    });
    await page.getByRole("button", { name: "Slutför bokning" }).click();
    await expect(heading2(page, "Välj tid")).toBeVisible();
    const alert = page.getByRole("group", { name: "Välj starttid" }).getByRole("alert");
    await expect(alert).toContainText("Tiden du valde hann tyvärr bokas av någon annan.");
    await expect(alert).toBeInViewport();
    await page.clock.fastForward(5_500); // longer than a toast lives
    await expect(alert).toBeVisible();
    // The contact details went out normalised by the shared schema.
    expect(sent).toMatchObject({ phone: "070-123 45 67", postalCode: "753 20" });
  });
});

test.describe("phone layout", () => {
  test("on a touch screen the upload area says 'Välj bilder', with a mouse 'Dra och släpp'", async ({ page, isMobile }) => {
    await openBooking(page);
    const zone = page.getByTestId("image-dropzone");
    if (isMobile) {
      await expect(zone.getByText("Välj bilder", { exact: true })).toBeVisible();
      await expect(zone.getByText("Dra och släpp bilder här")).toBeHidden();
    } else {
      await expect(zone.getByText("Dra och släpp bilder här")).toBeVisible();
      await expect(zone.getByText("Välj bilder", { exact: true })).toBeHidden();
    }
  });

  test("toasts do not cover the header's menu button", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 }); // the menu button exists on a phone-sized screen
    await openBooking(page);
    await nextButton(page).click();
    const toast = page
      .getByRole("region", { name: /Aviseringar/ })
      .getByRole("listitem")
      .first();
    await expect(toast).toContainText("Formulärfel");
    const menu = await page.getByRole("button", { name: "Öppna meny" }).boundingBox();
    const box = await toast.boundingBox();
    expect(box!.y).toBeGreaterThanOrEqual(menu!.y + menu!.height);
    await page.getByRole("button", { name: "Öppna meny" }).click(); // not intercepted by the toast
    await expect(page.getByRole("button", { name: "Stäng meny" })).toBeVisible();
  });

  /** The element's box once it has stopped moving (two reads 100 ms apart agree), or null when hidden. */
  async function settledBox(locator: Locator) {
    let previous = await locator.boundingBox();
    for (let attempt = 0; attempt < 20; attempt += 1) {
      await locator.page().waitForTimeout(100);
      const current = await locator.boundingBox();
      if (JSON.stringify(current) === JSON.stringify(previous)) return current;
      previous = current;
    }
    return previous;
  }

  test("the chat button never covers a control while the wizard scrolls beneath it", async ({ page }) => {
    await openBooking(page);
    const png = await sharp({ create: { width: 200, height: 200, channels: 3, background: { r: 30, g: 120, b: 200 } } })
      .png()
      .toBuffer();
    await imageInput(page).setInputFiles([1, 2, 3].map((n) => ({ name: `bild-${n}.png`, mimeType: "image/png", buffer: png })));
    await expect(imageList(page).getByText("Klar")).toHaveCount(3);
    // The floating button (it carries data-offset); stepped aside it is hidden, also from getByRole.
    const chat = page.locator("button[data-offset]");
    // Every control of the page but the floating button itself (it carries data-offset).
    const controls = page.locator("main :is(a[href], button, input, textarea, select, label, [data-chat-avoid]):not([data-offset]):visible");
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    for (let y = 0; y < height; y += 150) {
      await page.evaluate((top) => window.scrollTo(0, top), y);
      // The button moves in the next frame and then slides (a CSS transition): judge where it stops.
      const button = await settledBox(chat);
      if (!button || !(await chat.isVisible())) continue; // stepped aside
      const covered = await controls.evaluateAll(
        (elements, b) =>
          elements
            .map((e) => ({ e, r: e.getBoundingClientRect() }))
            .filter(({ r }) => r.width > 0 && r.height > 0 && r.left < b.x + b.width && b.x < r.right && r.top < b.y + b.height && b.y < r.bottom)
            .map(({ e }) => e.outerHTML.slice(0, 80)),
        button,
      );
      expect(covered, `scrolled to ${y}`).toEqual([]);
    }
  });

  test("the cookie table fits a 360 px screen as stacked rows", async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto("/policies/cookies");
    const table = page.getByRole("table", { name: "Cookies och lokal lagring som webbplatsen använder" });
    await expect(table).toBeVisible();
    const box = await table.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(360);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    // Each cell says which column it is, and the rows are still rows of a table for screen readers.
    await expect(table.getByRole("rowheader")).toHaveText(["vps.sid", "booking_draft", "_vps_analytics"]);
    const duration = table.getByRole("row").filter({ hasText: "booking_draft" }).getByRole("cell").nth(1);
    expect(await duration.evaluate((cell) => getComputedStyle(cell, "::before").content)).toBe('"Lagringstid"');
    await expectNoSeriousA11yViolations(page);
  });
});
