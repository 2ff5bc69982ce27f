// rules D25: one visit at a time per technician, not per company. Proven against the real app on
// the embedded database and on PostgreSQL: the capacity the public sees, who gets each visit, the
// database's guarantee under races (also from two app instances), absences, working hours, the
// bookable switch, staff choices, moves, reactivation, and who may see and change the calendars.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../../app";
import type { Database } from "../../db/client";
import { sqlState } from "../../db/errors";
import { planningText } from "@/common/schemas/planning";
import { technicianCalendarText } from "@/common/schemas/technician-calendars";
import { NOW, bookingPayload } from "../../test-support/booking-fixtures";
import { SAME_ORIGIN, createTestDatabase, createUser, loginAs, queryRows, testConfig } from "../../test-support/test-app";

let database: Database;
let app: FastifyInstance;
/** A second instance on the same database, as in production. */
let other: FastifyInstance;
let admin: string;
const ids: Record<"anna" | "bo" | "cecilia", number> = { anna: 0, bo: 0, cecilia: 0 };

beforeAll(async () => {
  database = await createTestDatabase();
  // Settings read afresh on every use and no shared availability reads: every answer is the database's now.
  app = await buildApp(testConfig({ availabilityCacheMs: 0 }), { database, now: () => NOW, settingsCacheMs: 0 });
  other = await buildApp(testConfig({ availabilityCacheMs: 0 }), { database, now: () => NOW, settingsCacheMs: 0 });
  await createUser(database, { username: "chef", password: "Chef12345", role: "admin", name: "Chefen" });
  admin = await loginAs(app, "chef", "Chef12345", "admin");
});
afterAll(async () => {
  await app.close();
  await other.close();
  await database.close();
});

let emailCounter = 0;
const book = (overrides: Record<string, unknown>, on: FastifyInstance = app) =>
  on.inject({ method: "POST", url: "/api/bookings", payload: bookingPayload({ email: `kund${++emailCounter}@exempel.se`, ...overrides }) });
const asAdmin = (method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE", url: string, payload?: unknown, cookie = admin) =>
  app.inject({ method, url, headers: { ...SAME_ORIGIN, cookie }, ...(payload === undefined ? {} : { payload: payload as object }) });
const dayAvailability = async (date: string, serviceType = "service") =>
  Object.fromEntries(
    (
      (await app.inject({ method: "GET", url: `/api/availability/day?serviceType=${serviceType}&date=${date}` })).json().slots as {
        label: string;
        available: boolean;
      }[]
    ).map((s) => [s.label, s.available]),
  );
const technicianOf = async (bookingId: number) =>
  (await queryRows<{ t: number | null }>(database, sql`select assigned_technician_id as t from bookings where id = ${bookingId}`))[0].t;
const nameOf = (id: number | null) => Object.entries(ids).find(([, value]) => value === id)?.[0] ?? null;
const newTechnician = async (username: string, name: string) => {
  const res = await asAdmin("POST", "/api/admin/users", { username, name, password: "Vinter-Pump-Ljus-42", role: "technician" });
  expect(res.statusCode).toBe(201);
  return res.json().id as number;
};

describe("capacity per technician (rules D25)", () => {
  it("is one calendar while no technician is bookable, as before (rules D5)", async () => {
    expect((await book({ date: "2026-12-07", timeSlot: "08:00-10:00" })).statusCode).toBe(201);
    const second = await book({ date: "2026-12-07", timeSlot: "08:00-10:00" });
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toMatch(/Den valda tiden är inte längre tillgänglig|hann tyvärr bokas/);
    expect((await dayAvailability("2026-12-07"))["08:00-10:00"]).toBe(false);
    // And the database alone keeps two unassigned visits apart.
    const overlapping = database.db
      .execute(sql`insert into bookings (customer_id, service_type, date, time_slot, start_time, end_time, status, contact_name, contact_email, contact_phone, address, postal_code, city)
      select customer_id, 'service', date, '09:00-11:00', '09:00', '11:00', 'confirmed', contact_name, contact_email, contact_phone, address, postal_code, city from bookings limit 1`);
    await expect(overlapping).rejects.toSatisfy((error: unknown) => sqlState(error) === "23P01");
  });

  it("makes a technician created by an admin bookable at once, with the company's days and hours", async () => {
    ids.anna = await newTechnician("anna", "Anna Ek");
    ids.bo = await newTechnician("bo", "Bo Lind");
    ids.cecilia = await newTechnician("cecilia", "Cecilia Ström");
    // Unless the admin says otherwise when creating them.
    const notYet = await asAdmin("POST", "/api/admin/users", {
      username: "dan",
      name: "Dan Ek",
      password: "Vinter-Pump-Ljus-42",
      role: "technician",
      bookable: false,
    });
    expect(notYet.statusCode).toBe(201);
    const [dan] = await queryRows<{ bookable: boolean }>(database, sql`select bookable from users where username = 'dan'`);
    expect(dan.bookable).toBe(false);
    const list = (await asAdmin("GET", "/api/admin/technicians")).json().filter((t: { name: string }) => t.name !== "Dan Ek");
    expect(list.map((t: { name: string; bookable: boolean; workDays: unknown; workStart: unknown }) => [t.name, t.bookable, t.workDays, t.workStart])).toEqual([
      ["Anna Ek", true, null, null],
      ["Bo Lind", true, null, null],
      ["Cecilia Ström", true, null, null],
    ]);
  });

  it("gives a 50-way race for one time exactly three bookings, each to a different technician, from two app instances", async () => {
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) => book({ date: "2026-12-14", timeSlot: "10:00-12:00", name: `Kund ${i}` }, i % 2 === 0 ? app : other)),
    );
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(3);
    expect(statuses.filter((s) => s === 409)).toHaveLength(47);
    for (const refused of results.filter((r) => r.statusCode === 409)) expect(refused.json().message).toMatch(/tillgänglig|hann tyvärr bokas/);
    const rows = await queryRows<{ t: number }>(
      database,
      sql`select assigned_technician_id as t from bookings where date = '2026-12-14' and time_slot = '10:00-12:00' and status <> 'cancelled' order by t`,
    );
    expect(rows.map((r) => r.t)).toEqual([ids.anna, ids.bo, ids.cecilia]);
    expect(await dayAvailability("2026-12-14")).toEqual({
      "08:00-10:00": true,
      "10:00-12:00": false,
      "12:00-14:00": true,
      "14:00-16:00": true,
      "15:30-17:30": true,
    });
  });

  it("keeps two overlapping visits of one technician out of the database, whatever code writes them", async () => {
    const overlapping = database.db
      .execute(sql`insert into bookings (customer_id, service_type, date, time_slot, start_time, end_time, status, contact_name, contact_email, contact_phone, address, postal_code, city, assigned_technician_id)
      select customer_id, 'service', date, '11:00-13:00', '11:00', '13:00', 'confirmed', contact_name, contact_email, contact_phone, address, postal_code, city, assigned_technician_id
      from bookings where date = '2026-12-14' and time_slot = '10:00-12:00' and status <> 'cancelled' limit 1`);
    await expect(overlapping).rejects.toSatisfy((error: unknown) => sqlState(error) === "23P01");
  });

  it("gives visits out evenly on a known week: fewest that week, then that day, then by name", async () => {
    const order: (string | null)[] = [];
    for (const timeSlot of ["08:00-10:00", "10:00-12:00", "12:00-14:00", "14:00-16:00"]) {
      const res = await book({ date: "2027-01-04", timeSlot });
      expect(res.statusCode).toBe(201);
      order.push(nameOf(await technicianOf(res.json().id)));
    }
    // Week counts 0/0/0 → Anna; 1/0/0 → Bo; 1/1/0 → Cecilia; 1/1/1 and day 1/1/1 → by name.
    expect(order).toEqual(["anna", "bo", "cecilia", "anna"]);
    // Tuesday of the same week: the day counts are even (0), the week's are not (Anna 2): Bo, by name before Cecilia.
    const tuesday = await book({ date: "2027-01-05", timeSlot: "15:30-17:30" });
    expect(nameOf(await technicianOf(tuesday.json().id))).toBe("bo");
  });

  it("lets an absence take only its technician's capacity, and gives it back when removed", async () => {
    const added = await asAdmin("POST", `/api/admin/technicians/${ids.bo}/absences`, { fromDate: "2026-12-21", toDate: "2026-12-22", reason: "Semester" });
    expect(added.statusCode).toBe(201);
    expect(added.json().map((a: { date: string; startTime: string; endTime: string }) => `${a.date} ${a.startTime}-${a.endTime}`)).toEqual([
      "2026-12-21 00:00-23:59",
      "2026-12-22 00:00-23:59",
    ]);
    const first = await book({ date: "2026-12-21", timeSlot: "10:00-12:00" });
    const second = await book({ date: "2026-12-21", timeSlot: "10:00-12:00" });
    expect([first.statusCode, second.statusCode]).toEqual([201, 201]);
    expect([nameOf(await technicianOf(first.json().id)), nameOf(await technicianOf(second.json().id))].sort()).toEqual(["anna", "cecilia"]);
    expect((await book({ date: "2026-12-21", timeSlot: "10:00-12:00" })).statusCode).toBe(409);
    expect(await dayAvailability("2026-12-21")).toMatchObject({ "08:00-10:00": true, "10:00-12:00": false });

    const absences = (await asAdmin("GET", "/api/admin/technicians")).json().find((t: { id: number }) => t.id === ids.bo).absences;
    for (const absence of absences) expect((await asAdmin("DELETE", `/api/admin/technicians/${ids.bo}/absences/${absence.id}`)).statusCode).toBe(200);
    expect((await dayAvailability("2026-12-21"))["10:00-12:00"]).toBe(true);
    const third = await book({ date: "2026-12-21", timeSlot: "10:00-12:00" });
    expect(nameOf(await technicianOf(third.json().id))).toBe("bo");
  });

  it("lets an installation take the rest of its technician's day only", async () => {
    // Tuesday: service only at 15:30-17:30; an installation from 08:00 holds one technician until the day ends.
    const installation = await book({ serviceType: "installation", date: "2026-12-15", timeSlot: "08:00-10:00" });
    expect(installation.statusCode).toBe(201);
    const installer = await technicianOf(installation.json().id);
    const late = [await book({ date: "2026-12-15", timeSlot: "15:30-17:30" }), await book({ date: "2026-12-15", timeSlot: "15:30-17:30" })];
    expect(late.map((r) => r.statusCode)).toEqual([201, 201]);
    const lateTechnicians = await Promise.all(late.map((r) => technicianOf(r.json().id)));
    expect(lateTechnicians).not.toContain(installer);
    expect(new Set(lateTechnicians).size).toBe(2);
    expect((await book({ date: "2026-12-15", timeSlot: "15:30-17:30" })).statusCode).toBe(409);
  });

  it("offers a time only while a bookable technician works then: the switch and the working hours", async () => {
    const date = "2027-01-18";
    const twice = [await book({ date, timeSlot: "10:00-12:00" }), await book({ date, timeSlot: "10:00-12:00" })];
    expect(twice.map((r) => r.statusCode)).toEqual([201, 201]);
    const taken = await Promise.all(twice.map((r) => technicianOf(r.json().id)));
    const free = Object.values(ids).find((id) => !taken.includes(id))!;
    expect((await dayAvailability(date))["10:00-12:00"]).toBe(true);
    const off = await asAdmin("PUT", `/api/admin/technicians/${free}/calendar`, { bookable: false, workDays: null, workStart: null, workEnd: null });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ bookable: false });
    expect((await dayAvailability(date))["10:00-12:00"]).toBe(false);
    // Back on, with mornings only: 10-12 is free again, and the afternoon is for the other two.
    const mornings = await asAdmin("PUT", `/api/admin/technicians/${free}/calendar`, {
      bookable: true,
      workDays: [1, 2, 3],
      workStart: "08:00",
      workEnd: "12:00",
    });
    expect(mornings.json()).toMatchObject({ bookable: true, workDays: [1, 2, 3], workStart: "08:00", workEnd: "12:00" });
    expect((await dayAvailability(date))["10:00-12:00"]).toBe(true);
    const slots = (await asAdmin("GET", `/api/admin/slots?serviceType=service&date=${date}`)).json().slots as {
      label: string;
      freeTechnicians: { id: number }[];
    }[];
    expect(slots.find((s) => s.label === "10:00-12:00")!.freeTechnicians.map((t) => t.id)).toEqual([free]);
    expect(
      slots
        .find((s) => s.label === "14:00-16:00")!
        .freeTechnicians.map((t) => t.id)
        .sort(),
    ).toEqual([...taken].sort());
    // Not on Thursdays.
    const thursday = (await asAdmin("GET", `/api/admin/slots?serviceType=service&date=2027-01-21`)).json().slots as {
      label: string;
      freeTechnicians: { id: number }[];
    }[];
    expect(thursday.every((s) => !s.freeTechnicians.some((t) => t.id === free))).toBe(true);
    await asAdmin("PUT", `/api/admin/technicians/${free}/calendar`, { bookable: true, workDays: null, workStart: null, workEnd: null });
  });

  it("lets an admin choose a free technician on the phone, and refuses a busy or absent one", async () => {
    const date = "2026-12-14";
    const customerInfo = {
      name: "Greta Telefon",
      email: "greta@exempel.se",
      phone: "070-222 33 44",
      address: "Byvägen 3",
      city: "Östhammar",
      postalCode: "742 31",
    };
    const create = (timeSlot: string, technicianId: number) =>
      asAdmin("POST", "/api/admin/bookings", { customerInfo, serviceType: "service", date, timeSlot, description: "Ringde", technicianId });
    const busy = await create("10:00-12:00", ids.bo);
    expect(busy.statusCode).toBe(409);
    const chosen = await create("12:00-14:00", ids.cecilia);
    expect(chosen.statusCode).toBe(201);
    expect(await technicianOf(chosen.json().id)).toBe(ids.cecilia);
    await asAdmin("POST", `/api/admin/technicians/${ids.anna}/absences`, {
      fromDate: date,
      toDate: date,
      startTime: "14:00",
      endTime: "16:00",
      reason: "Kurs",
    });
    const away = await create("14:00-16:00", ids.anna);
    expect(away.statusCode).toBe(409);
    expect(away.json().message).toBe(planningText.technicianAway);
  });

  it("refuses to reassign a visit onto a technician who is busy then, and accepts a free one", async () => {
    const [annas] = await queryRows<{ id: number }>(
      database,
      sql`select id from bookings where date = '2026-12-14' and time_slot = '10:00-12:00' and assigned_technician_id = ${ids.anna}`,
    );
    const onto = (technicianId: number) => asAdmin("PUT", `/api/admin/bookings/${annas.id}/technician`, { technicianId });
    const refused = await onto(ids.bo);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(planningText.technicianBusy);
    expect(await technicianOf(annas.id)).toBe(ids.anna);
    // A visit of 08-10 (nobody's there that day yet but Cecilia's 12-14): onto Bo, who is free then.
    const morning = await book({ date: "2026-12-14", timeSlot: "08:00-10:00" });
    const moved = await asAdmin("PUT", `/api/admin/bookings/${morning.json().id}/technician`, { technicianId: ids.bo });
    expect(moved.statusCode).toBe(200);
    expect(await technicianOf(morning.json().id)).toBe(ids.bo);
  });

  it("keeps a moved visit's technician when free at the new time, and otherwise gives it to one who is, in its history", async () => {
    const res = await book({ date: "2027-01-25", timeSlot: "08:00-10:00" });
    const id = res.json().id as number;
    const technician = await technicianOf(id);
    const move = (timeSlot: string) => asAdmin("PATCH", `/api/admin/bookings/${id}`, { date: "2027-01-25", timeSlot });
    expect((await move("12:00-14:00")).statusCode).toBe(200);
    expect(await technicianOf(id)).toBe(technician);
    // Its technician gets another visit at 14-16 by an admin; moving there gives it to someone else.
    const customerInfo = { name: "Hugo Hem", email: "hugo@exempel.se", phone: "070-333 44 55", address: "Ån 1", city: "Uppsala", postalCode: "753 20" };
    expect(
      (
        await asAdmin("POST", "/api/admin/bookings", {
          customerInfo,
          serviceType: "service",
          date: "2027-01-25",
          timeSlot: "14:00-16:00",
          technicianId: technician,
        })
      ).statusCode,
    ).toBe(201);
    const moved = await move("14:00-16:00");
    expect(moved.statusCode).toBe(200);
    const now = await technicianOf(id);
    expect(now).not.toBe(technician);
    expect(now).not.toBeNull();
    const history = moved.json().history as { kind: string; fromValue: string | null; toValue: string | null }[];
    expect(history.filter((h) => h.kind === "technician").at(-1)).toMatchObject({ kind: "technician" });
  });

  it("brings a cancelled visit back with a free technician, or refuses when nobody is free", async () => {
    const date = "2027-02-01";
    const first = await book({ date, timeSlot: "08:00-10:00" });
    const id = first.json().id as number;
    expect((await asAdmin("PATCH", `/api/admin/bookings/${id}/status`, { status: "cancelled" })).statusCode).toBe(200);
    const fill = [await book({ date, timeSlot: "08:00-10:00" }), await book({ date, timeSlot: "08:00-10:00" })];
    expect(fill.map((r) => r.statusCode)).toEqual([201, 201]);
    const back = await asAdmin("PATCH", `/api/admin/bookings/${id}/status`, { status: "confirmed" });
    expect(back.statusCode).toBe(200);
    const given = await technicianOf(id);
    expect(given).not.toBeNull();
    expect(await Promise.all(fill.map((r) => technicianOf(r.json().id)))).not.toContain(given);
    // All three busy now: a second cancelled one cannot come back.
    await asAdmin("PATCH", `/api/admin/bookings/${fill[0].json().id}/status`, { status: "cancelled" });
    expect((await book({ date, timeSlot: "08:00-10:00" })).statusCode).toBe(201);
    const refused = await asAdmin("PATCH", `/api/admin/bookings/${fill[0].json().id}/status`, { status: "confirmed" });
    expect(refused.statusCode).toBe(409);
  });

  it("refuses an absence over the technician's own visits, naming how many", async () => {
    const res = await asAdmin("POST", `/api/admin/technicians/${ids.anna}/absences`, { fromDate: "2026-12-14", toDate: "2026-12-14", reason: "Sjuk" });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/^Teknikern har (ett besök|\d+ besök) under frånvaron \(första: 14 dec\. 2026 /);
  });
});

describe("the technicians' calendars: who may see and change them, and what is refused (rules D25)", () => {
  let technicianCookie: string;
  let ownAbsence: number;

  beforeAll(async () => {
    await createUser(database, { username: "tekla", password: "Tekniker1234", role: "technician", name: "Tekla" });
    technicianCookie = await loginAs(app, "tekla", "Tekniker1234", "technician");
    const [tekla] = await queryRows<{ id: number }>(database, sql`select id from users where username = 'tekla'`);
    const added = await asAdmin("POST", `/api/admin/technicians/${tekla.id}/absences`, { fromDate: "2027-01-11", toDate: "2027-01-11", reason: "Tandläkare" });
    ownAbsence = added.json()[0].id;
  });

  it("lets a technician read their own absences and nothing of the admin's", async () => {
    const own = await app.inject({ method: "GET", url: "/api/technician/absences", headers: { cookie: technicianCookie } });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toEqual([{ id: ownAbsence, date: "2027-01-11", startTime: "00:00", endTime: "23:59", reason: "Tandläkare" }]);
    expect((await asAdmin("GET", "/api/admin/technicians", undefined, technicianCookie)).statusCode).toBe(403);
    expect(
      (
        await asAdmin(
          "PUT",
          `/api/admin/technicians/${ids.anna}/calendar`,
          { bookable: false, workDays: null, workStart: null, workEnd: null },
          technicianCookie,
        )
      ).statusCode,
    ).toBe(403);
    expect((await app.inject({ method: "GET", url: "/api/technician/absences" })).statusCode).toBe(401);
    expect((await app.inject({ method: "GET", url: "/api/admin/technicians" })).statusCode).toBe(401);
  });

  it("answers bad calendars and absences with a Swedish 4xx, never a 5xx", async () => {
    const put = (body: unknown, id = ids.bo) => asAdmin("PUT", `/api/admin/technicians/${id}/calendar`, body);
    const base = { bookable: true, workDays: null, workStart: null, workEnd: null };
    const onlyStart = await put({ ...base, workStart: "08:00" });
    expect(onlyStart.statusCode).toBe(400);
    expect(onlyStart.json().message).toContain(technicianCalendarText.hoursBoth);
    expect((await put({ ...base, workStart: "12:00", workEnd: "08:00" })).json().message).toContain(technicianCalendarText.hoursOrder);
    expect((await put({ ...base, workDays: [] })).statusCode).toBe(400);
    expect((await put({ ...base, workDays: [7] })).statusCode).toBe(400);
    expect((await put({ ...base, workStart: "25:00", workEnd: "26:00" })).statusCode).toBe(400);
    const [chef] = await queryRows<{ id: number }>(database, sql`select id from users where username = 'chef'`);
    expect((await put(base, chef.id)).statusCode).toBe(404);
    expect((await put(base, 2147483647)).statusCode).toBe(404);

    const absence = (body: Record<string, unknown>, id = ids.bo) => asAdmin("POST", `/api/admin/technicians/${id}/absences`, { reason: "Semester", ...body });
    const tooLong = await absence({ fromDate: "2026-12-28", toDate: "2027-02-28" });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toContain(technicianCalendarText.tooLong);
    expect((await absence({ fromDate: "2026-12-28", toDate: "2026-12-27" })).statusCode).toBe(400);
    expect((await absence({ fromDate: "2026-11-20", toDate: "2026-11-21" })).json().message).toBe(technicianCalendarText.pastDate);
    expect((await absence({ fromDate: "2026-12-28", toDate: "2026-12-28", startTime: "10:00" })).statusCode).toBe(400);
    // Empty or broken dates and times are the field's message, never a 500.
    for (const broken of [
      { fromDate: "", toDate: "" },
      { fromDate: "2026-12-28", toDate: "" },
      { fromDate: "2026-02-30", toDate: "2026-03-01" },
      { fromDate: "2026-12-28", toDate: "2026-12-28", startTime: "", endTime: "" },
      { fromDate: "2026-12-28", toDate: "2026-12-28", startTime: "9", endTime: "10:00" },
    ]) {
      const res = await absence(broken);
      expect(res.statusCode, JSON.stringify(broken)).toBe(400);
      expect(res.json().message).toMatch(/[a-zåäö]/i);
    }
    expect((await put({ ...base, workStart: "", workEnd: "" })).statusCode).toBe(400);
    expect((await absence({ fromDate: "2026-12-28", toDate: "2026-12-28", reason: "" })).statusCode).toBe(400);
    expect((await absence({ fromDate: "2026-12-28", toDate: "2026-12-28" }, chef.id)).statusCode).toBe(404);
    // Another technician's absence cannot be deleted through this one's address.
    expect((await asAdmin("DELETE", `/api/admin/technicians/${ids.bo}/absences/${ownAbsence}`)).statusCode).toBe(404);
  });

  it("keeps absences out of the company's blocked times, and the company's out of the absences", async () => {
    const blocked = (await asAdmin("GET", "/api/admin/blocked-time-slots?filter=all")).json() as { reason: string }[];
    expect(blocked.map((b) => b.reason)).not.toContain("Tandläkare");
    expect((await asAdmin("DELETE", `/api/admin/blocked-time-slots/${ownAbsence}`)).statusCode).toBe(404);
  });
});
