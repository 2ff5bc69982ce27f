import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DEFAULT_SIE_ACCOUNTS, DEFAULT_SYSTEM_SETTINGS, type SystemSettings } from "@/common/schemas/settings";
import { buildApp } from "../../app";
import type { Database } from "../../db/client";
import { NOW, bookingPayload } from "../../test-support/booking-fixtures";
import { SAME_ORIGIN, createTestDatabase, createUser, loginAs, queryRows, testConfig } from "../../test-support/test-app";

// System settings (issue 11, rules D11): stored, validated, and in effect wherever they are used;
// a second instance on the same database sees a change within 5 seconds.

let database: Database;
let app: FastifyInstance;
let clientDir: string;
let admin: string;
let technician: string;
let clock = NOW;

/** A built page as the prerender writes it: placeholders where the company's details go. */
const LANDING_HTML = `<!doctype html><html lang="sv"><head><title>Värmepumpsservice</title><script type="application/ld+json">{"@type":"HVACBusiness","name":"%%company.name%%","telephone":"%%company.phoneE164%%","openingHours":"Mo-Fr %%company.opens%%-%%company.closes%%"}</script></head><body><div id="root"><footer><a href="%%company.phoneHref%%">%%company.phone%%</a><a href="mailto:%%company.email%%">%%company.email%%</a><p>%%company.address%%</p><p>%%company.openingHours%%</p><p>© 2026 %%company.name%%</p></footer></div></body></html>`;

beforeAll(async () => {
  clientDir = mkdtempSync(join(tmpdir(), "vps-settings-client-"));
  mkdirSync(join(clientDir, ".vite"), { recursive: true });
  writeFileSync(join(clientDir, "index.html"), LANDING_HTML);
  writeFileSync(join(clientDir, "spa.html"), '<!doctype html><html><head></head><body><div id="root"></div></body></html>');
  writeFileSync(join(clientDir, ".vite/prerendered.json"), JSON.stringify({ fallback: "spa.html", pages: [{ path: "/", file: "index.html" }] }));
  database = await createTestDatabase();
  app = await buildApp(testConfig({ clientDir }), { database, now: () => clock });
  await app.ready();
  await createUser(database, { username: "chef", password: "Chef12345", role: "admin", name: "Chefen" });
  await createUser(database, { username: "tekniker", password: "Tekniker1234", role: "technician" });
  admin = await loginAs(app, "chef", "Chef12345", "admin");
  technician = await loginAs(app, "tekniker", "Tekniker1234");
});
afterAll(async () => {
  await app.close();
  await database.close();
  rmSync(clientDir, { recursive: true, force: true });
});
beforeEach(async () => {
  clock = NOW;
  await save(DEFAULT_SYSTEM_SETTINGS);
});

const save = (settings: unknown, cookie = admin, on = app) =>
  on.inject({ method: "PUT", url: "/api/admin/settings", headers: { ...SAME_ORIGIN, cookie }, payload: settings as object });
const read = (cookie = admin, on = app) => on.inject({ method: "GET", url: "/api/admin/settings", headers: { cookie } });
async function change(patch: Partial<SystemSettings>) {
  const res = await save({ ...DEFAULT_SYSTEM_SETTINGS, ...patch });
  expect(res.statusCode, res.body).toBe(200);
}
const outboxTo = (to: string) =>
  queryRows<{ subject: string; text: string; html: string }>(database, sql`select subject, text, html from email_outbox where "to" = ${to} order by id`);

let customerCounter = 0;
/** A public booking by a new customer; returns the answer. */
function book(overrides: Parameters<typeof bookingPayload>[0] = {}, on = app) {
  customerCounter++;
  return on.inject({ method: "POST", url: "/api/bookings", payload: bookingPayload({ email: `kund${customerCounter}@exempel.se`, ...overrides }) });
}

describe("GET and PUT /api/admin/settings", () => {
  it("answers the §9 defaults before anything is saved, to admins only", async () => {
    expect((await read()).json()).toEqual(DEFAULT_SYSTEM_SETTINGS);
    expect(DEFAULT_SYSTEM_SETTINGS).toMatchObject({
      maxBookingsPerDay: 8,
      autoConfirmBookings: true,
      reminderEmailDays: 1,
      workdayStart: "08:00",
      workdayEnd: "17:00",
      lunchBreakStart: "12:00",
      lunchBreakEnd: "13:00",
    });
    expect((await read(technician)).statusCode).toBe(403);
    expect((await app.inject({ method: "GET", url: "/api/admin/settings" })).statusCode).toBe(401);
    expect((await save(DEFAULT_SYSTEM_SETTINGS, technician)).statusCode).toBe(403);
  });

  it("stores every field and answers what is stored", async () => {
    const changed: SystemSettings = {
      companyName: "Norrlands Värmepump AB",
      orgNumber: "556677-8899",
      companyPhone: "060-12 34 56",
      companyEmail: "kontor@norrvarme.se",
      companyAddress: "Storgatan 3, 852 30 Sundsvall",
      maxBookingsPerDay: 3,
      autoConfirmBookings: false,
      emailNotifications: true,
      sendCustomerConfirmation: false,
      sendTechnicianNotification: true,
      reminderEmailDays: 3,
      workdayStart: "07:00",
      workdayEnd: "16:00",
      lunchBreakStart: "11:30",
      lunchBreakEnd: "12:00",
      vatNumber: "SE556677889901",
      fSkatt: false,
      bankgiro: "5050-1055",
      paymentTermsDays: 15,
      invoiceNumberStart: 20_001,
      paymentReminderDays: 10,
      sieAccounts: { ...DEFAULT_SIE_ACCOUNTS, sales25: "3041", bank: "1940" },
      agreementUnanswered: "release",
      agreementAnswerDays: 3,
    };
    const res = await save(changed);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual(changed);
    expect((await read()).json()).toEqual(changed);
    const rows = await queryRows<{ key: string }>(database, sql`select key from system_settings`);
    expect(rows.map((r) => r.key).sort()).toEqual(Object.keys(DEFAULT_SYSTEM_SETTINGS).sort());
  });

  it.each([
    [{ companyName: "  " }, "Företagsnamn krävs"],
    [{ companyEmail: "inte-en-adress" }, "Ange en giltig e-postadress"],
    [{ orgNumber: "5566778899" }, "Organisationsnumret ska skrivas som 556123-4567"],
    [{ companyPhone: "ring oss" }, "Ange ett giltigt telefonnummer"],
    [{ maxBookingsPerDay: 0 }, "Max antal bokningar per dag ska vara ett heltal mellan 1 och 50"],
    [{ maxBookingsPerDay: 2.5 }, "Max antal bokningar per dag ska vara ett heltal mellan 1 och 50"],
    [{ maxBookingsPerDay: "8" }, "Max antal bokningar per dag ska vara ett heltal mellan 1 och 50"],
    [{ reminderEmailDays: 5 }, "Välj 1, 2, 3 eller 7 dagar"],
    [{ workdayStart: "8" }, "Ange tiden som TT:MM"],
    [{ workdayStart: "17:00", workdayEnd: "08:00" }, "Arbetsdagen måste sluta efter att den börjar"],
    [{ lunchBreakStart: "13:00", lunchBreakEnd: "12:00" }, "Lunchen måste sluta efter att den börjar"],
    [{ lunchBreakStart: "07:00", lunchBreakEnd: "07:30" }, "Lunchen måste ligga inom arbetsdagen"],
    [{ autoConfirmBookings: "ja" }, null],
  ])("refuses %j with a Swedish 400 and stores nothing", async (patch, message) => {
    const res = await save({ ...DEFAULT_SYSTEM_SETTINGS, companyName: "Ändrat AB", ...patch });
    expect(res.statusCode).toBe(400);
    if (message) expect(res.json().message).toContain(message);
    expect((await read()).json()).toEqual(DEFAULT_SYSTEM_SETTINGS);
  });

  it("refuses a form with a field missing, and a body that is not JSON", async () => {
    const { companyPhone: _phone, ...missing } = DEFAULT_SYSTEM_SETTINGS;
    expect((await save(missing)).statusCode).toBe(400);
    const notJson = await app.inject({
      method: "PUT",
      url: "/api/admin/settings",
      headers: { ...SAME_ORIGIN, cookie: admin, "content-type": "application/json" },
      payload: "{nej",
    });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json().message).toMatch(/[åäö]|Ogiltig|Felaktig/i);
  });

  it("falls back to the default for a stored value that no longer passes (never breaks bookings)", async () => {
    await database.db.execute(sql`update system_settings set value = '"många"'::jsonb where key = 'maxBookingsPerDay'`);
    const other = await buildApp(testConfig(), { database });
    try {
      expect((await other.settings.get()).maxBookingsPerDay).toBe(8);
    } finally {
      await other.close();
    }
  });
});

describe("the company's details take effect", () => {
  const norr = {
    companyName: "Norrlands Värmepump AB",
    companyPhone: "060-12 34 56",
    companyEmail: "kontor@norrvarme.se",
    companyAddress: "Storgatan 3, 852 30 Sundsvall",
  };

  it("in the booking confirmation e-mail and its calendar file", async () => {
    await change(norr);
    const res = await book({ email: "eva.norr@exempel.se" });
    expect(res.statusCode, res.body).toBe(201);
    const [mail] = await outboxTo("eva.norr@exempel.se");
    expect(mail.text).toContain("Ring 060-12 34 56");
    expect(mail.text).toContain("kontor@norrvarme.se");
    expect(mail.text).toContain("Norrlands Värmepump AB");
    expect(mail.html).toContain("Norrlands Värmepump AB");
    expect(mail.text).not.toContain("08-123 456 70");
  });

  it("on the customer's booking link page and in its calendar file", async () => {
    const res = await book({ timeSlot: "10:00-12:00" });
    expect(res.statusCode, res.body).toBe(201);
    const token = res.json().manageUrl.split("/").pop();
    await change({ ...norr, workdayStart: "07:30", workdayEnd: "16:00" });
    const view = await app.inject({ method: "GET", url: `/api/booking-links/${token}` });
    expect(view.json().company).toEqual({
      name: "Norrlands Värmepump AB",
      phone: "060-12 34 56",
      email: "kontor@norrvarme.se",
      openingHours: "Måndag–fredag 07:30–16:00, helger stängt",
    });
    const ics = await app.inject({ method: "GET", url: `/api/booking-links/${token}/calendar.ics` });
    expect(ics.body).toContain("060-12 34 56");
  });

  it("in ServiceBot's answers that send the customer to the phone", async () => {
    await change(norr);
    const res = await app.inject({
      method: "POST",
      url: "/api/chatbot/troubleshoot",
      headers: SAME_ORIGIN,
      payload: { question: "Vad tycker du om fotboll?" },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().answer).toContain("060-12 34 56");
    expect(res.json().answer).not.toContain("08-123 456 70");
  });

  it("in the served pages: the footer, the opening hours and the landing page's JSON-LD, with the values for hydration", async () => {
    await change({ ...norr, workdayStart: "07:30", workdayEnd: "16:00" });
    const page = await app.inject({ method: "GET", url: "/", headers: { "accept-encoding": "identity" } });
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toContain("text/html");
    expect(page.body).not.toContain("%%company");
    expect(page.body).toContain('<a href="tel:060123456">060-12 34 56</a>');
    expect(page.body).toContain("Storgatan 3, 852 30 Sundsvall");
    expect(page.body).toContain("Måndag–fredag 07:30–16:00, helger stängt");
    const jsonLd = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/.exec(page.body)![1]);
    expect(jsonLd).toEqual({ "@type": "HVACBusiness", name: "Norrlands Värmepump AB", telephone: "+4660123456", openingHours: "Mo-Fr 07:30-16:00" });
    const data = JSON.parse(/<script type="application\/json" id="company-profile">(.*?)<\/script>/.exec(page.body)![1]);
    expect(data).toMatchObject({ name: "Norrlands Värmepump AB", phone: "060-12 34 56", openingHours: "Måndag–fredag 07:30–16:00, helger stängt" });
    // The shell of the other pages carries the values too (pages rendered in the browser read them).
    const shell = await app.inject({ method: "GET", url: "/admin/settings" });
    expect(shell.body).toContain('id="company-profile"');
    expect(shell.body).toContain("060-12 34 56");
  });

  it("compresses the filled page, revalidates it by ETag, and changes the ETag with the settings", async () => {
    const first = await app.inject({ method: "GET", url: "/", headers: { "accept-encoding": "br, gzip" } });
    expect(first.headers["content-encoding"]).toBe("br");
    expect(first.headers["cache-control"]).toBe("no-cache");
    const etag = first.headers.etag as string;
    expect((await app.inject({ method: "GET", url: "/", headers: { "if-none-match": etag } })).statusCode).toBe(304);
    await change(norr);
    const after = await app.inject({ method: "GET", url: "/", headers: { "if-none-match": etag, "accept-encoding": "gzip" } });
    expect(after.statusCode).toBe(200);
    expect(after.headers["content-encoding"]).toBe("gzip");
    expect(after.headers.etag).not.toBe(etag);
  });

  it("never lets a hostile company name break out of the page or its JSON-LD", async () => {
    const hostile = `Evil AB</script><script>alert(1)</script>"'&`;
    await change({ companyName: hostile });
    const page = await app.inject({ method: "GET", url: "/", headers: { "accept-encoding": "identity" } });
    expect(page.body).not.toContain("<script>alert(1)");
    expect(page.body.match(/<script/g)).toHaveLength(2); // the JSON-LD and the data block, nothing more
    const jsonLd = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/.exec(page.body)![1]);
    expect(jsonLd.name).toBe(hostile);
    const data = JSON.parse(/<script type="application\/json" id="company-profile">(.*?)<\/script>/.exec(page.body)![1]);
    expect(data.name).toBe(hostile);
    expect(page.body).toContain("© 2026 Evil AB&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;&quot;&#39;&amp;");
  });
});

describe("booking settings take effect", () => {
  it("auto-confirm decides a public booking's status", async () => {
    expect((await book({ timeSlot: "08:00-10:00", date: "2026-12-14" })).json().status).toBe("confirmed");
    await change({ autoConfirmBookings: false });
    expect((await book({ timeSlot: "10:00-12:00", date: "2026-12-14" })).json().status).toBe("planned");
  });

  it("never lets 20 parallel public and admin bookings of one day pass the day's maximum", async () => {
    await change({ maxBookingsPerDay: 4 });
    // Wednesday 16 December: eleven 30-minute home-visit slots, none overlapping another.
    const date = "2026-12-16";
    const homeSlots = [
      "10:00-10:30",
      "10:30-11:00",
      "11:00-11:30",
      "11:30-12:00",
      "12:00-12:30",
      "12:30-13:00",
      "13:00-13:30",
      "13:30-14:00",
      "14:00-14:30",
      "17:00-17:30",
      "17:30-18:00",
    ];
    const publicRequests = homeSlots.map((timeSlot, i) => book({ serviceType: "hembesok", heatpumpModel: "", date, timeSlot, email: `dag${i}@exempel.se` }));
    const adminRequests = Array.from({ length: 9 }, (_, i) =>
      app.inject({
        method: "POST",
        url: "/api/admin/bookings",
        headers: { ...SAME_ORIGIN, cookie: admin },
        payload: {
          customerInfo: {
            name: `Telefonkund ${i}`,
            email: `telefon${i}@exempel.se`,
            phone: "070-222 33 44",
            address: "Telefonvägen 8",
            city: "Enköping",
            postalCode: "745 31",
          },
          // A service before the home visits (an installation would hold the rest of the day, rules D24).
          serviceType: i === 0 ? "service" : "hembesok",
          date,
          timeSlot: i === 0 ? "08:00-10:00" : homeSlots[i],
          description: "Ringde in.",
        },
      }),
    );
    const answers = await Promise.all([...publicRequests, ...adminRequests]);
    const created = answers.filter((a) => a.statusCode === 201);
    const refused = answers.filter((a) => a.statusCode !== 201);
    expect(created).toHaveLength(4);
    expect(refused.every((a) => a.statusCode === 409)).toBe(true);
    expect(refused.map((a) => a.json().message)).toContain("Dagen är fullbokad (högst 4 bokningar per dag). Välj en annan dag.");
    const [{ n }] = await queryRows<{ n: number }>(database, sql`select count(*)::int as n from bookings where date = ${date} and status <> 'cancelled'`);
    expect(n).toBe(4);
    // The wizard shows the day as full.
    const day = await app.inject({ method: "GET", url: `/api/availability/day?serviceType=hembesok&date=${date}` });
    expect(day.json().slots.every((s: { available: boolean }) => !s.available)).toBe(true);
    // A higher maximum opens the day again at once.
    await change({ maxBookingsPerDay: 5 });
    const reopened = await app.inject({ method: "GET", url: `/api/availability/day?serviceType=hembesok&date=${date}` });
    expect(reopened.json().slots.some((s: { available: boolean }) => s.available)).toBe(true);
  });

  it("refuses a public booking on a full day with the day limit's own message; a taken time keeps its own", async () => {
    await change({ maxBookingsPerDay: 2 });
    const date = "2026-12-30";
    const home = (timeSlot: string, email: string) => book({ serviceType: "hembesok", heatpumpModel: "", date, timeSlot, email });
    expect((await home("10:00-10:30", "full1@exempel.se")).statusCode).toBe(201);
    expect((await home("10:30-11:00", "full2@exempel.se")).statusCode).toBe(201);
    const day = await app.inject({ method: "GET", url: `/api/availability/day?serviceType=hembesok&date=${date}` });
    expect(day.json().slots.every((s: { available: boolean }) => !s.available)).toBe(true);
    const one = await app.inject({ method: "GET", url: `/api/availability?serviceType=hembesok&date=${date}&timeSlot=11:00-11:30` });
    expect(one.json().available).toBe(false);
    // A free time of a full day: no other time of that day would do, so the customer is told the day is full.
    const free = await home("11:00-11:30", "full3@exempel.se");
    expect(free.statusCode).toBe(409);
    expect(free.json().message).toBe("Dagen är fullbokad (högst 2 bokningar per dag). Välj en annan dag.");
    // A time that is itself taken says so, full day or not.
    const taken = await home("10:00-10:30", "full4@exempel.se");
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe("Den valda tiden är inte längre tillgänglig. Välj en annan tid.");
    const [{ n }] = await queryRows<{ n: number }>(database, sql`select count(*)::int as n from bookings where date = ${date} and status <> 'cancelled'`);
    expect(n).toBe(2);
    await change({ maxBookingsPerDay: 3 });
    expect((await home("11:00-11:30", "full5@exempel.se")).statusCode).toBe(201);
  });

  it("keeps a full day closed to moves from the booking link and to admin reschedules", async () => {
    await change({ maxBookingsPerDay: 1 });
    expect((await book({ date: "2026-12-21", timeSlot: "08:00-10:00" })).statusCode).toBe(201);
    const other = await book({ date: "2026-12-28", timeSlot: "08:00-10:00" });
    expect(other.statusCode).toBe(201);
    const token = other.json().manageUrl.split("/").pop();
    const moved = await app.inject({
      method: "POST",
      url: `/api/booking-links/${token}/reschedule`,
      headers: SAME_ORIGIN,
      payload: { date: "2026-12-21", timeSlot: "10:00-12:00" },
    });
    expect(moved.statusCode).toBe(409);
    expect(moved.json().message).toContain("Dagen är fullbokad");
    const rescheduled = await app.inject({
      method: "PATCH",
      url: `/api/admin/bookings/${other.json().id}`,
      headers: { ...SAME_ORIGIN, cookie: admin },
      payload: { date: "2026-12-21", timeSlot: "12:00-14:00" },
    });
    expect(rescheduled.statusCode).toBe(409);
    // The same day is no obstacle to a move within it.
    const sameDay = await app.inject({
      method: "POST",
      url: `/api/booking-links/${token}/reschedule`,
      headers: SAME_ORIGIN,
      payload: { date: "2026-12-28", timeSlot: "10:00-12:00" },
    });
    expect(sameDay.statusCode, sameDay.body).toBe(200);
  });
});

describe("the e-mail switches", () => {
  it("stop the confirmation, or every automatic e-mail, and send the staff notice when asked", async () => {
    await change({ sendCustomerConfirmation: false });
    expect((await book({ email: "ingen.bekraftelse@exempel.se", date: "2026-12-15", timeSlot: "15:30-17:30" })).statusCode).toBe(201);
    expect(await outboxTo("ingen.bekraftelse@exempel.se")).toHaveLength(0);

    await change({ sendTechnicianNotification: true, companyEmail: "kontoret@exempel.se" });
    const res = await book({ email: "med.avisering@exempel.se", date: "2026-12-22", timeSlot: "15:30-17:30" });
    expect(await outboxTo("med.avisering@exempel.se")).toHaveLength(1);
    const [notice] = await outboxTo("kontoret@exempel.se");
    expect(notice.subject).toMatch(/^Ny bokning: Service/);
    expect(notice.text).toContain(`http://app.test/admin/bookings/${res.json().id}`);
    expect(notice.text).toContain("med.avisering@exempel.se");

    await change({ emailNotifications: false, sendTechnicianNotification: true, companyEmail: "kontoret2@exempel.se" });
    const silent = await book({ email: "tyst@exempel.se", date: "2026-12-23", timeSlot: "15:30-17:30" });
    expect(silent.statusCode).toBe(201);
    expect(await outboxTo("tyst@exempel.se")).toHaveLength(0);
    expect(await outboxTo("kontoret2@exempel.se")).toHaveLength(0);
    // The customer still has their link on the confirmation page.
    expect(silent.json().manageUrl).toMatch(/^http:\/\/app\.test\/booking\/shared\//);
  });

  it("stop the confirmation of an admin-created booking too", async () => {
    await change({ sendCustomerConfirmation: false });
    const res = await app.inject({
      method: "POST",
      url: "/api/admin/bookings",
      headers: { ...SAME_ORIGIN, cookie: admin },
      payload: {
        customerInfo: {
          name: "Tyst Telefon",
          email: "tyst.telefon@exempel.se",
          phone: "070-222 33 44",
          address: "Telefonvägen 8",
          city: "Enköping",
          postalCode: "745 31",
        },
        serviceType: "service",
        date: "2026-12-29",
        timeSlot: "08:00-10:00",
        description: "Ringde in.",
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(await outboxTo("tyst.telefon@exempel.se")).toHaveLength(0);
  });

  it("send the visit reminder the chosen number of days ahead, and none with e-mail off", async () => {
    await change({ reminderEmailDays: 7 });
    const res = await book({ email: "sju.dagar@exempel.se", date: "2027-01-11", timeSlot: "08:00-10:00" });
    expect(res.statusCode).toBe(201);
    const reminders = async () => (await outboxTo("sju.dagar@exempel.se")).filter((m) => m.subject.startsWith("Påminnelse"));
    clock = new Date("2027-01-03T09:00:00+01:00"); // eight days before
    await app.jobs["visit-reminders"].run();
    expect(await reminders()).toHaveLength(0);
    clock = new Date("2027-01-04T07:00:00+01:00"); // seven days before, before 08:00
    await app.jobs["visit-reminders"].run();
    expect(await reminders()).toHaveLength(0);
    await change({ emailNotifications: false, reminderEmailDays: 7 });
    clock = new Date("2027-01-04T09:00:00+01:00");
    expect(await app.jobs["visit-reminders"].run()).toBe(0);
    await change({ reminderEmailDays: 7 });
    expect(await app.jobs["visit-reminders"].run()).toBe(1);
    const [reminder] = await reminders();
    expect(reminder.text).toContain("om sju dagar");
  });
});

describe("several instances on one database", () => {
  it("a second instance sees a change within 5 seconds, in what it answers and in what it does", async () => {
    const other = await buildApp(testConfig(), { database, now: () => clock });
    await other.ready();
    try {
      // The other instance has read (and cached) the settings.
      expect((await other.settings.get()).autoConfirmBookings).toBe(true);
      expect((await book({ date: "2027-01-04", timeSlot: "08:00-10:00" }, other)).json().status).toBe("confirmed");
      const savedAt = Date.now();
      await change({ autoConfirmBookings: false, companyPhone: "060-99 99 99" });
      let seenAfter = Number.POSITIVE_INFINITY;
      while (Date.now() - savedAt < 6000) {
        if ((await other.settings.get()).autoConfirmBookings === false) {
          seenAfter = Date.now() - savedAt;
          break;
        }
        await new Promise((r) => setTimeout(r, 100));
      }
      expect(seenAfter).toBeLessThan(5000);
      expect((await book({ date: "2027-01-04", timeSlot: "10:00-12:00" }, other)).json().status).toBe("planned");
      expect((await other.settings.company()).phone).toBe("060-99 99 99");
    } finally {
      await other.close();
    }
  });
});
