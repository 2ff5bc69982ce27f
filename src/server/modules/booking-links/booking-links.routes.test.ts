import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../../app";
import type { Database } from "../../db/client";
import { NOW, bookingPayload } from "../../test-support/booking-fixtures";
import { SAME_ORIGIN, createTestDatabase, createUser, loginAs, queryRows, testConfig } from "../../test-support/test-app";

// The customer's own booking page behind their link (rules D9) and its self-service (cancel and
// move at least 24 hours before the visit), with a clock the tests move.

const INVALID = { message: "Denna länk har upphört att gälla eller tagits bort." };
const TOO_LATE = { message: "Besöket är om mindre än 24 timmar och kan inte längre ändras här. Ring oss på 08-123 456 70 så hjälper vi dig." };
const NOT_CHANGEABLE = { message: "Bokningen kan inte ändras eftersom den redan är avbokad eller genomförd." };
// Another booking holds the time: the exclusion constraint refuses the move (rules D5).
const TAKEN = { message: "Tiden du valde hann tyvärr bokas av någon annan. Välj en av de lediga tiderna." };

let database: Database;
let app: FastifyInstance;
let admin: string;
let clock = NOW;

beforeAll(async () => {
  database = await createTestDatabase();
  // Settings read afresh on every use: a read inside a transaction would hang the embedded database.
  app = await buildApp(testConfig(), { database, now: () => clock, settingsCacheMs: 0 });
  await app.ready();
  await createUser(database, { username: "chef", password: "Chef12345", role: "admin", name: "Chefen Anna" });
  admin = await loginAs(app, "chef", "Chef12345", "admin");
});
afterEach(() => {
  clock = NOW;
});
afterAll(async () => {
  await app.close();
  await database.close();
});

// --- Helpers ----------------------------------------------------------------------------------------

type Booked = { id: number; token: string; date: string; timeSlot: string };

/** A public booking made at NOW; its link token comes from the answer's manageUrl. */
async function book(overrides: Parameters<typeof bookingPayload>[0]): Promise<Booked> {
  const res = await app.inject({ method: "POST", url: "/api/bookings", payload: bookingPayload(overrides) });
  expect(res.statusCode, res.body).toBe(201);
  const body = res.json();
  return { id: body.id, token: body.manageUrl.split("/").pop(), date: body.date, timeSlot: body.timeSlot };
}

const view = (token: string) => app.inject({ method: "GET", url: `/api/booking-links/${token}` });
const cancel = (token: string) => app.inject({ method: "POST", url: `/api/booking-links/${token}/cancel` });
const move = (token: string, date: string, timeSlot: string) =>
  app.inject({ method: "POST", url: `/api/booking-links/${token}/reschedule`, payload: { date, timeSlot } });
const calendar = (token: string) => app.inject({ method: "GET", url: `/api/booking-links/${token}/calendar.ics` });
const refrigerantReport = (token: string) => app.inject({ method: "GET", url: `/api/booking-links/${token}/refrigerant-report/2026.pdf` });
const adminDetail = async (id: number) => (await app.inject({ method: "GET", url: `/api/admin/bookings/${id}`, headers: { cookie: admin } })).json();

/** Whether the public wizard offers the slot right now. */
async function offered(date: string, label: string, serviceType = "service"): Promise<boolean | undefined> {
  const res = await app.inject({ method: "GET", url: `/api/availability/day?date=${date}&serviceType=${serviceType}` });
  return res.json().slots.find((s: { label: string }) => s.label === label)?.available;
}

const outboxTo = (email: string) =>
  queryRows<{ subject: string; text: string; attachments: { filename: string; content: string }[] }>(
    database,
    sql`select subject, text, attachments from email_outbox where "to" = ${email} order by id`,
  );

const statusOf = async (id: number) => (await queryRows<{ status: string }>(database, sql`select status from bookings where id = ${id}`))[0].status;

/** The visit's start on the Stockholm wall clock, as an instant, minus `minutes`. */
const before = (date: string, time: string, minutes: number) => {
  const start = new Date(`${date}T${time}:00+01:00`); // winter: CET
  return new Date(start.getTime() - minutes * 60_000);
};

// --- The page -----------------------------------------------------------------------------------------

describe("the customer's booking page", () => {
  it("shows the real booking, the company's contact and the .ics address; no technician until one is assigned", async () => {
    const b = await book({
      date: "2026-12-07",
      timeSlot: "08:00-10:00",
      email: "sida@exempel.se",
      name: "Sara Sida",
      address: "Sidvägen 3",
      postalCode: "752 31",
      city: "Uppsala",
    });
    const res = await view(b.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      booking: {
        id: b.id,
        status: "confirmed",
        serviceType: "service",
        date: "2026-12-07",
        timeSlot: "08:00-10:00",
        heatpumpModel: "Toshiba Haori",
        description: "Årlig service, filtret behöver rengöras.",
        customerName: "Sara Sida",
        address: "Sidvägen 3",
        postalCode: "752 31",
        city: "Uppsala",
      },
      technician: null,
      images: [],
      updatesAllowed: false,
      selfService: { canChange: true, deadline: "2026-12-06T07:00:00.000Z", reason: null },
      calendarUrl: `/api/booking-links/${b.token}/calendar.ics`,
      company: {
        name: "Värmepumpsservice i Sverige AB",
        phone: "08-123 456 70",
        email: "info@varmepumpsservice.se",
        openingHours: "Måndag–fredag 08:00–17:00, helger stängt",
      },
      invoices: [],
      agreementVisit: null,
      refrigerantReportYears: [],
      leakCheckVisit: null,
    });
    const ics = await app.inject({ method: "GET", url: res.json().calendarUrl });
    expect(ics.statusCode).toBe(200);
    expect(ics.body).toContain("DTSTART:20261207T070000Z");
  });

  it("names the assigned technician, with the phone number when there is one", async () => {
    const b = await book({ date: "2026-12-07", timeSlot: "10:00-12:00", email: "tekniker@exempel.se" });
    const withPhone = await createUser(database, { username: "tore", password: "Tore12345", role: "technician", name: "Tore Tekniker" });
    await database.db.execute(sql`update users set phone = '070-555 12 34' where id = ${withPhone.id}`);
    await database.db.execute(sql`update bookings set assigned_technician_id = ${withPhone.id} where id = ${b.id}`);
    expect((await view(b.token)).json().technician).toEqual({ name: "Tore Tekniker", phone: "070-555 12 34" });
    const noPhone = await createUser(database, { username: "tyra", password: "Tyra12345", role: "technician", name: "Tyra Tekniker" });
    await database.db.execute(sql`update bookings set assigned_technician_id = ${noPhone.id} where id = ${b.id}`);
    expect((await view(b.token)).json().technician).toEqual({ name: "Tyra Tekniker", phone: null });
  });

  it("says whether the customer may add images, as staff set it", async () => {
    const b = await book({ date: "2026-12-07", timeSlot: "12:00-14:00", email: "uppdatera@exempel.se" });
    expect((await view(b.token)).json().updatesAllowed).toBe(false);
    const patch = (allowClientUpdates: boolean) =>
      app.inject({ method: "PATCH", url: `/api/admin/bookings/${b.id}/link`, headers: { ...SAME_ORIGIN, cookie: admin }, payload: { allowClientUpdates } });
    expect((await patch(true)).statusCode).toBe(200);
    expect((await view(b.token)).json().updatesAllowed).toBe(true);
    expect((await patch(false)).statusCode).toBe(200);
    expect((await view(b.token)).json().updatesAllowed).toBe(false);
  });

  it("records when the link was last opened", async () => {
    const b = await book({ date: "2026-12-07", timeSlot: "14:00-16:00", email: "senast@exempel.se" });
    const lastAccessed = async () =>
      (await queryRows<{ last_accessed: Date | string | null }>(database, sql`select last_accessed from shared_booking_links where booking_id = ${b.id}`))[0]
        .last_accessed;
    expect(await lastAccessed()).toBeNull();
    expect((await adminDetail(b.id)).link.lastAccessed).toBeNull();
    expect((await view(b.token)).statusCode).toBe(200);
    const first = await lastAccessed();
    expect(first).not.toBeNull();
    expect((await adminDetail(b.id)).link.lastAccessed).toBe(new Date(first!).toISOString());
    await new Promise((r) => setTimeout(r, 20));
    await view(b.token);
    expect(new Date((await lastAccessed())!).getTime()).toBeGreaterThan(new Date(first!).getTime());
  });
});

describe("tokens that open nothing", () => {
  it("answers 404 'Denna länk har upphört att gälla eller tagits bort.' to a wrong, altered, malformed, expired, deactivated or replaced token", async () => {
    const b = await book({ date: "2026-12-14", timeSlot: "08:00-10:00", email: "token@exempel.se" });
    const altered = b.token.slice(0, 10) + (b.token[10] === "a" ? "b" : "a") + b.token.slice(11);
    const cases: [string, string][] = [
      ["wrong", randomBytes(32).toString("base64url")],
      ["altered (one character)", altered],
      ["one character short", b.token.slice(0, -1)],
      ["malformed", "abc"],
      ["with a dot", `${b.token.slice(0, 20)}.${b.token.slice(21)}`],
    ];
    for (const [what, token] of cases) {
      for (const res of [
        await view(token),
        await cancel(token),
        await move(token, "2026-12-14", "10:00-12:00"),
        await calendar(token),
        await refrigerantReport(token),
      ]) {
        expect(res.statusCode, what).toBe(404);
        expect(res.json(), what).toEqual(INVALID);
      }
    }
    expect(await statusOf(b.id)).toBe("confirmed");
    expect((await view(b.token)).statusCode).toBe(200);

    // Expired.
    await database.db.execute(sql`update shared_booking_links set expires_at = now() - interval '1 second' where booking_id = ${b.id}`);
    expect((await view(b.token)).json()).toEqual(INVALID);
    expect((await cancel(b.token)).statusCode).toBe(404);
    expect((await calendar(b.token)).statusCode).toBe(404);
    expect((await refrigerantReport(b.token)).json()).toEqual(INVALID);
    await database.db.execute(sql`update shared_booking_links set expires_at = now() + interval '30 days' where booking_id = ${b.id}`);
    expect((await view(b.token)).statusCode).toBe(200);

    // Deactivated by staff.
    const off = await app.inject({
      method: "PATCH",
      url: `/api/admin/bookings/${b.id}/link`,
      headers: { ...SAME_ORIGIN, cookie: admin },
      payload: { isActive: false },
    });
    expect(off.json()).toMatchObject({ isActive: false });
    const deactivated = await view(b.token);
    expect(deactivated.statusCode).toBe(404);
    expect(deactivated.json()).toEqual(INVALID);
    expect((await cancel(b.token)).statusCode).toBe(404);
    expect(await statusOf(b.id)).toBe("confirmed");

    // Replaced by a new link: the new one works, the old one stays dead.
    const fresh = await app.inject({ method: "POST", url: `/api/admin/bookings/${b.id}/link`, headers: { ...SAME_ORIGIN, cookie: admin }, payload: {} });
    expect(fresh.statusCode).toBe(201);
    const freshToken = fresh.json().url.split("/").pop();
    expect(freshToken).not.toBe(b.token);
    expect((await view(freshToken)).json().booking.id).toBe(b.id);
    expect((await view(b.token)).statusCode).toBe(404);
  });

  it("never shows another booking through a link", async () => {
    const mine = await book({ date: "2026-12-14", timeSlot: "10:00-12:00", email: "min@exempel.se", name: "Mina Egen", address: "Egnavägen 1" });
    const theirs = await book({ date: "2026-12-14", timeSlot: "12:00-14:00", email: "deras@exempel.se", name: "Dora Annan", address: "Annangatan 99" });
    const res = await view(mine.token);
    expect(res.json().booking.id).toBe(mine.id);
    expect(res.body).not.toContain("Dora Annan");
    expect(res.body).not.toContain("Annangatan 99");
    const ics = await calendar(mine.token);
    expect(ics.headers["content-disposition"]).toBe(`attachment; filename="${mine.id}.ics"`);
    expect(ics.body).not.toContain("Annangatan");
    // Acting through one link never touches the other booking.
    expect((await cancel(mine.token)).statusCode).toBe(200);
    expect(await statusOf(mine.id)).toBe("cancelled");
    expect(await statusOf(theirs.id)).toBe("confirmed");
  });
});

// --- Cancel -------------------------------------------------------------------------------------------

describe("cancelling through the link", () => {
  it("cancels at least 24 hours before: the time is free at once, a Swedish e-mail is queued, history names the customer", async () => {
    const b = await book({ date: "2026-12-21", timeSlot: "08:00-10:00", email: "avboka@exempel.se", name: "Anders Avbokare" });
    expect(await offered("2026-12-21", "08:00-10:00")).toBe(false); // read (and shared) before the cancel
    clock = before("2026-12-21", "08:00", 24 * 60); // exactly 24 hours before: still allowed (rules §9)
    const res = await cancel(b.token);
    expect(res.statusCode).toBe(200);
    expect(res.json().booking.status).toBe("cancelled");
    expect(res.json().selfService).toMatchObject({ canChange: false, reason: NOT_CHANGEABLE.message });
    expect(await statusOf(b.id)).toBe("cancelled");
    clock = NOW;
    expect(await offered("2026-12-21", "08:00-10:00")).toBe(true);

    const mails = await outboxTo("avboka@exempel.se");
    expect(mails.map((m) => m.subject)).toEqual([
      "Bokningsbekräftelse: Service måndag 21 december 2026 kl. 08:00",
      "Avbokning bekräftad: Service måndag 21 december 2026 kl. 08:00",
    ]);
    expect(mails[1].text).toContain("Hej Anders Avbokare!");
    expect(mails[1].text).toContain("Besöket nedan är avbokat och tiden är frigjord");

    const history = (await adminDetail(b.id)).history;
    expect(history.at(-1)).toMatchObject({ actor: "customer", actorName: "Anders Avbokare", kind: "cancelled", from: "confirmed", to: "cancelled" });
    // Someone else can book the time now.
    expect(
      (
        await app.inject({
          method: "POST",
          url: "/api/bookings",
          payload: bookingPayload({ date: "2026-12-21", timeSlot: "08:00-10:00", email: "efter@exempel.se" }),
        })
      ).statusCode,
    ).toBe(201);
  });

  it("refuses within 24 hours (409, the phone number named) and changes nothing", async () => {
    const b = await book({ date: "2026-12-21", timeSlot: "10:00-12:00", email: "sent@exempel.se" });
    clock = before("2026-12-21", "10:00", 24 * 60 - 1);
    const page = (await view(b.token)).json();
    expect(page.selfService).toEqual({ canChange: false, deadline: "2026-12-20T09:00:00.000Z", reason: TOO_LATE.message });
    const res = await cancel(b.token);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual(TOO_LATE);
    expect(await statusOf(b.id)).toBe("confirmed");
    expect((await outboxTo("sent@exempel.se")).map((m) => m.subject)).toEqual(["Bokningsbekräftelse: Service måndag 21 december 2026 kl. 10:00"]);
    expect((await adminDetail(b.id)).history.map((e: { kind: string }) => e.kind)).toEqual(["created"]);
  });

  it("says the visit has passed once its time has come, rather than 'within 24 hours'", async () => {
    const b = await book({ date: "2026-12-21", timeSlot: "14:00-16:00", email: "passerad@exempel.se" });
    clock = new Date("2026-12-22T09:00:00Z");
    expect((await view(b.token)).json().selfService).toMatchObject({
      canChange: false,
      reason: "Besökstiden har redan passerat och bokningen kan inte längre ändras här.",
    });
    const res = await cancel(b.token);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: "Besökstiden har redan passerat och bokningen kan inte längre ändras här." });
  });

  it("answers a second cancel with 409 and sends one e-mail only", async () => {
    const b = await book({ date: "2026-12-21", timeSlot: "12:00-14:00", email: "tva-ganger@exempel.se" });
    expect((await cancel(b.token)).statusCode).toBe(200);
    const again = await cancel(b.token);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual(NOT_CHANGEABLE);
    expect(await outboxTo("tva-ganger@exempel.se")).toHaveLength(2);
    // Nor can a cancelled visit be moved back into the calendar from the link.
    const moved = await move(b.token, "2027-01-25", "12:00-14:00");
    expect(moved.statusCode).toBe(409);
    expect(moved.json()).toEqual(NOT_CHANGEABLE);
    expect((await adminDetail(b.id)).history.filter((e: { kind: string }) => e.kind === "cancelled")).toHaveLength(1);
  });
});

// --- Move ---------------------------------------------------------------------------------------------

describe("moving through the link", () => {
  it("moves at least 24 hours before: new time, old time free, a new .ics and an e-mail with it; the link outlives the new date", async () => {
    const b = await book({ date: "2026-12-28", timeSlot: "08:00-10:00", email: "flytta@exempel.se", name: "Fia Flyttare" });
    expect(await offered("2027-02-01", "10:00-12:00")).toBe(true);
    clock = before("2026-12-28", "08:00", 25 * 60);
    const res = await move(b.token, "2027-02-01", "10:00-12:00");
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().booking).toMatchObject({ id: b.id, date: "2027-02-01", timeSlot: "10:00-12:00", status: "confirmed" });
    clock = NOW;
    expect(await offered("2026-12-28", "08:00-10:00")).toBe(true);
    expect(await offered("2027-02-01", "10:00-12:00")).toBe(false);

    const ics = await app.inject({ method: "GET", url: res.json().calendarUrl });
    expect(ics.body).toContain("DTSTART:20270201T090000Z");
    expect(ics.body).not.toContain("20261228");
    // Same event (UID), a higher SEQUENCE: calendar apps replace the old time.
    expect(ics.body).toContain(`UID:booking-${b.id}@varmepumpsservice.se`);
    expect(ics.body).toContain("SEQUENCE:1");

    const mails = await outboxTo("flytta@exempel.se");
    expect(mails).toHaveLength(2);
    expect(mails[1].subject).toBe("Ny tid för ditt besök: Service måndag 1 februari 2027 kl. 10:00");
    expect(mails[1].text).toContain("Ditt besök är flyttat från måndag 28 december 2026 kl. 08:00 till den nya tiden nedan:");
    expect(mails[1].attachments).toHaveLength(1);
    expect(mails[1].attachments[0].filename).toBe(`${b.id}.ics`);
    expect(mails[1].attachments[0].content).toContain("DTSTART:20270201T090000Z");

    expect((await adminDetail(b.id)).history.at(-1)).toMatchObject({
      actor: "customer",
      actorName: "Fia Flyttare",
      kind: "reschedule",
      from: "2026-12-28 08:00-10:00",
      to: "2027-02-01 10:00-12:00",
    });
    // Made for the old date, the link would have died on 6 January, before the new visit.
    const [link] = await queryRows<{ expires_at: Date | string }>(database, sql`select expires_at from shared_booking_links where booking_id = ${b.id}`);
    expect(new Date(link.expires_at).getTime()).toBeGreaterThan(new Date("2027-03-03T00:00:00Z").getTime());
  });

  it("refuses within 24 hours with 409 and the phone number", async () => {
    const b = await book({ date: "2026-12-28", timeSlot: "10:00-12:00", email: "flytta-sent@exempel.se" });
    clock = before("2026-12-28", "10:00", 60);
    const res = await move(b.token, "2027-01-25", "08:00-10:00");
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual(TOO_LATE);
    expect((await view(b.token)).json().booking).toMatchObject({ date: "2026-12-28", timeSlot: "10:00-12:00" });
  });

  it("refuses a taken time (409) and a blocked one (409), keeping the old time", async () => {
    const b = await book({ date: "2026-12-28", timeSlot: "12:00-14:00", email: "flytta-upptagen@exempel.se" });
    await book({ date: "2027-01-04", timeSlot: "08:00-10:00", email: "upptagen@exempel.se" });
    const taken = await move(b.token, "2027-01-04", "08:00-10:00");
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual(TAKEN);
    // Monday 15:30-17:30 overlaps 14:00-16:00 (rules D5).
    await book({ date: "2027-01-04", timeSlot: "14:00-16:00", email: "overlapp@exempel.se" });
    expect((await move(b.token, "2027-01-04", "15:30-17:30")).statusCode).toBe(409);

    const blocked = await app.inject({
      method: "POST",
      url: "/api/admin/blocked-time-slots",
      headers: { ...SAME_ORIGIN, cookie: admin },
      payload: { date: "2027-01-04", startTime: "10:00", endTime: "12:00", reason: "Utbildning", serviceTypes: ["service"] },
    });
    expect(blocked.statusCode).toBe(201);
    const intoBlock = await move(b.token, "2027-01-04", "10:00-12:00");
    expect(intoBlock.statusCode).toBe(409);
    expect(intoBlock.json()).toEqual({ message: "Den valda tiden är inte längre tillgänglig. Välj en annan tid." });
    expect((await view(b.token)).json().booking).toMatchObject({ date: "2026-12-28", timeSlot: "12:00-14:00" });
    expect((await adminDetail(b.id)).history.map((e: { kind: string }) => e.kind)).toEqual(["created"]);
  });

  it.each([
    ["a Sunday", "2027-01-03", "12:00-14:00", "Det går inte att boka på söndagar."],
    ["less than 14 days ahead", "2026-12-01", "15:30-17:30", "Service kan bokas tidigast två veckor i förväg."],
    ["beyond 74 days", "2027-02-06", "12:00-14:00", "Det går inte att boka mer än 74 dagar i förväg."],
    ["a slot not offered that weekday", "2027-01-05", "08:00-10:00", "Tiden 08:00-10:00 går inte att boka det valda datumet."],
    ["a date in the past", "2026-11-02", "08:00-10:00", "Service kan bokas tidigast två veckor i förväg."],
  ])("refuses %s with 422 and the public booking's message", async (_, date, timeSlot, message) => {
    const b = await book({ date: "2026-12-28", timeSlot: "14:00-16:00", email: `regel-${date}@exempel.se` });
    const res = await move(b.token, date, timeSlot);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ message });
    await cancel(b.token); // frees the slot for the next case
  });

  it("moves a visit to a time that overlaps only its own current time", async () => {
    const b = await book({ date: "2027-01-18", timeSlot: "14:00-16:00", email: "egen-overlapp@exempel.se" });
    const res = await move(b.token, "2027-01-18", "15:30-17:30");
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().booking).toMatchObject({ date: "2027-01-18", timeSlot: "15:30-17:30" });
    expect(await offered("2027-01-18", "14:00-16:00")).toBe(false); // 15:30-17:30 still overlaps it
  });

  it("keeps a home visit a home visit: its own slots and lead time", async () => {
    const b = await book({ serviceType: "hembesok", heatpumpModel: undefined, date: "2026-11-30", timeSlot: "10:00-10:30", email: "hembesok@exempel.se" });
    expect((await move(b.token, "2026-12-02", "08:00-10:00")).json()).toEqual({ message: "Tiden 08:00-10:00 går inte att boka det valda datumet." });
    const res = await move(b.token, "2026-12-02", "17:30-18:00");
    expect(res.statusCode).toBe(200);
    expect(res.json().booking).toMatchObject({ serviceType: "hembesok", date: "2026-12-02", timeSlot: "17:30-18:00" });
  });

  it("lets exactly one of two customers racing for the same free time have it", async () => {
    for (const [round, date] of ["2027-01-11", "2027-01-18", "2027-01-25"].entries()) {
      const a = await book({ date, timeSlot: "08:00-10:00", email: `racer-a${round}@exempel.se` });
      const c = await book({ date, timeSlot: "10:00-12:00", email: `racer-b${round}@exempel.se` });
      const results = await Promise.all([move(a.token, date, "12:00-14:00"), move(c.token, date, "12:00-14:00")]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      expect(results.find((r) => r.statusCode === 409)!.json().message).toMatch(/inte längre tillgänglig|bokas av någon annan/);
      const holders = await queryRows<{ id: number }>(
        database,
        sql`select id from bookings where date = ${date} and time_slot = '12:00-14:00' and status <> 'cancelled'`,
      );
      expect(holders).toHaveLength(1);
      const loser = holders[0].id === a.id ? c : a;
      expect((await view(loser.token)).json().booking).toMatchObject({ date, timeSlot: loser.timeSlot });
    }
  });
});
