import { sql } from "drizzle-orm";
import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../app";
import type { Database } from "../../db/client";
import { NOW } from "../../test-support/booking-fixtures";
import { createTestDatabase, createUser, loginAs, queryRows, testConfig } from "../../test-support/test-app";
import { registerValidation } from "../../plugins/validation";
import type { PeriodFigures, StatisticsRepository } from "./statistics.repository";
import { statisticsRoutes } from "./statistics.routes";
import { createStatisticsService, periodOf } from "./statistics.service";

// GET /api/statistics (issue 13; rules §7, §9; rules D13): figures of this week, month, quarter and
// year, checked against a small data set whose answers are worked out by hand below. NOW is Sunday
// 22 November 2026: the week is 16–22 November.

let database: Database;
let app: FastifyInstance;
let admin: string;
let technician: string;

async function customer(name: string): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    database,
    sql`insert into customers (name, email, phone, address, city, postal_code) values (${name}, ${`${name.toLowerCase()}@exempel.se`}, '070-1', 'Gatan 1', 'Uppsala', '753 20') returning id`,
  );
  return row.id;
}

async function booking(customerId: number, date: string, timeSlot: string, serviceType: string, status: string) {
  const [start, end] = timeSlot.split("-");
  await database.db.execute(sql`
    insert into bookings (customer_id, service_type, contact_name, contact_email, contact_phone, address, postal_code, city, date, time_slot, start_time, end_time, status)
    values (${customerId}, ${serviceType}, 'Kund', 'kund@exempel.se', '070-1', 'Gatan 1', '753 20', 'Uppsala', ${date}, ${timeSlot}, ${start}, ${end}, ${status})`);
}

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildApp(testConfig(), { database, now: () => NOW });
  await app.ready();
  await createUser(database, { username: "chef", password: "Chef12345", role: "admin" });
  await createUser(database, { username: "tekniker", password: "Tekniker1234", role: "technician" });
  admin = await loginAs(app, "chef", "Chef12345", "admin");
  technician = await loginAs(app, "tekniker", "Tekniker1234");

  const [a, b, c] = [await customer("Alfa"), await customer("Beta"), await customer("Gamma")];
  await booking(a, "2026-11-16", "08:00-10:00", "service", "completed"); // week (Monday)
  await booking(b, "2026-11-16", "10:00-12:00", "troubleshooting", "confirmed"); // week (Monday)
  await booking(a, "2026-11-18", "08:00-10:00", "service", "cancelled"); // week (Wednesday)
  await booking(c, "2026-11-03", "08:00-10:00", "installation", "completed"); // month (Tuesday)
  await booking(a, "2026-10-05", "08:00-10:00", "hembesok", "planned"); // quarter (Monday)
  await booking(b, "2026-03-02", "12:00-14:00", "service", "completed"); // year (Monday)
  await booking(c, "2025-12-30", "08:00-10:00", "service", "completed"); // last year: never counted

  for (const [customerId, date, cost] of [
    [a, "2026-11-16", 2500],
    [c, "2026-11-03", 30000],
    [b, "2026-03-02", 1800],
    [c, "2025-12-30", 999],
  ] as const) {
    await database.db.execute(
      sql`insert into service_history (customer_id, service_date, service_type, cost) values (${customerId}, ${`${date}T12:00:00Z`}, 'maintenance', ${cost})`,
    );
  }
  const [reminder] = await queryRows<{ id: number }>(
    database,
    sql`insert into reminders (customer_id, reminder_type, due_date, sent, sent_at, token) values (${a}, 'service', '2026-11-20', true, '2026-11-20T08:00:00Z', 'stat-1') returning id`,
  );
  await database.db.execute(
    sql`insert into reminders (customer_id, reminder_type, due_date, sent, sent_at, token) values (${b}, 'service', '2026-02-01', true, '2026-02-01T08:00:00Z', 'stat-2')`,
  );
  await database.db.execute(
    sql`insert into service_reminder_responses (reminder_id, customer_id, response_type, response_date) values (${reminder.id}, ${a}, 'booked', '2026-11-21T10:00:00Z')`,
  );
  // Periods are days in Stockholm: 00:30 on 1 January 2026 there is still 2025 in UTC, and 00:30 on
  // 1 January 2027 there is 2026 in UTC.
  await database.db.execute(
    sql`insert into service_history (customer_id, service_date, service_type, cost) values (${b}, '2025-12-31T23:30:00Z', 'repair', 1)`,
  );
  await database.db.execute(
    sql`insert into reminders (customer_id, reminder_type, due_date, sent, sent_at, token) values (${c}, 'service', '2027-01-01', true, '2026-12-31T23:30:00Z', 'stat-3')`,
  );
});
afterAll(async () => {
  await app.close();
  await database.close();
});

const statistics = async (period: string, cookie = admin) => app.inject({ method: "GET", url: `/api/statistics?period=${period}`, headers: { cookie } });
const counts = (list: { key: string; count: number }[]) => Object.fromEntries(list.filter((c) => c.count > 0).map((c) => [c.key, c.count]));

describe("GET /api/statistics", () => {
  it("gives this week's figures", async () => {
    const res = await statistics("week");
    expect(res.statusCode, res.body).toBe(200);
    const week = res.json();
    expect(week).toMatchObject({
      period: "week",
      from: "2026-11-16",
      to: "2026-11-22",
      total: 3,
      completed: 1,
      completionRate: 33,
      customers: 2,
      visitsPerCustomer: 1.5,
      revenue: 2500,
      remindersSent: 1,
      remindersBooked: 1,
    });
    expect(counts(week.byStatus)).toEqual({ completed: 1, confirmed: 1, cancelled: 1 });
    expect(week.byStatus.find((s: { key: string }) => s.key === "confirmed").label).toBe("Väntande");
    expect(counts(week.byServiceType)).toEqual({ service: 2, troubleshooting: 1 });
    expect(week.byWeekday.map((d: { label: string; count: number }) => `${d.label} ${d.count}`)).toEqual([
      "Måndag 2",
      "Tisdag 0",
      "Onsdag 1",
      "Torsdag 0",
      "Fredag 0",
      "Lördag 0",
      "Söndag 0",
    ]);
    expect(week.busiestTimeSlots).toEqual([
      { key: "08:00-10:00", label: "08:00–10:00", count: 2 },
      { key: "10:00-12:00", label: "10:00–12:00", count: 1 },
    ]);
  });

  it("gives each bookable technician's utilisation: hours of visits against hours they could be booked (rules D25)", async () => {
    const tina = await createUser(database, { username: "tina", password: "Tekniker1234", role: "technician", name: "Tina", bookable: true });
    // Monday's two active visits are hers (4 h); Wednesday she is away all day.
    await database.db.execute(sql`update bookings set assigned_technician_id = ${tina.id} where date = '2026-11-16'`);
    await database.db.execute(sql`insert into blocked_time_slots (date, start_time, end_time, reason, service_types, technician_id)
      values ('2026-11-18', '00:00', '23:59', 'Semester', '{}', ${tina.id})`);
    try {
      // Monday to Saturday of the company's 08:00–17:00 (9 h), less Wednesday: 45 h; Sunday is closed.
      expect((await statistics("week")).json().utilisation).toEqual([{ technicianId: tina.id, name: "Tina", bookedHours: 4, availableHours: 45, percent: 9 }]);
    } finally {
      await database.db.execute(sql`update bookings set assigned_technician_id = null where date = '2026-11-16'`);
      await database.db.execute(sql`delete from blocked_time_slots where technician_id = ${tina.id}`);
      await database.db.execute(sql`delete from users where id = ${tina.id}`);
    }
  });

  it("gives the month's, the quarter's and the year's", async () => {
    expect((await statistics("month")).json()).toMatchObject({
      from: "2026-11-01",
      to: "2026-11-30",
      total: 4,
      completed: 2,
      completionRate: 50,
      customers: 3,
      visitsPerCustomer: 1.3,
      revenue: 32500,
      remindersSent: 1,
    });
    expect((await statistics("quarter")).json()).toMatchObject({
      from: "2026-10-01",
      to: "2026-12-31",
      total: 5,
      completed: 2,
      completionRate: 40,
      customers: 3,
      visitsPerCustomer: 1.7,
      revenue: 32500,
    });
    const year = (await statistics("year")).json();
    expect(year).toMatchObject({
      from: "2026-01-01",
      to: "2026-12-31",
      total: 6,
      completed: 3,
      completionRate: 50,
      customers: 3,
      visitsPerCustomer: 2,
      revenue: 34301,
      remindersSent: 2,
      remindersBooked: 1,
    });
    expect(counts(year.byServiceType)).toEqual({ service: 3, troubleshooting: 1, installation: 1, hembesok: 1 });
    expect(counts(year.byWeekday)).toEqual({ "1": 4, "2": 1, "3": 1 });
    expect(counts(year.byStatus)).toEqual({ completed: 3, confirmed: 1, cancelled: 1, planned: 1 });
  });

  it("gives zeros for a period without bookings, reminders or revenue", async () => {
    const later = await buildApp(testConfig(), { database, now: () => new Date("2030-06-12T10:00:00Z") });
    await later.ready();
    try {
      const cookie = await loginAs(later, "chef", "Chef12345", "admin");
      const res = await later.inject({ method: "GET", url: "/api/statistics?period=week", headers: { cookie } });
      expect(res.statusCode, res.body).toBe(200);
      const week = res.json();
      expect(week).toMatchObject({
        from: "2030-06-10",
        to: "2030-06-16",
        total: 0,
        completed: 0,
        completionRate: 0,
        customers: 0,
        visitsPerCustomer: 0,
        revenue: 0,
        remindersSent: 0,
        remindersBooked: 0,
        busiestTimeSlots: [],
      });
      expect(week.byStatus.map((s: { count: number }) => s.count)).toEqual([0, 0, 0, 0, 0, 0]);
      expect(week.byWeekday).toHaveLength(7);
    } finally {
      await later.close();
    }
  });

  it("is for admins only, and refuses an unknown period in Swedish", async () => {
    expect((await statistics("week", technician)).statusCode).toBe(403);
    expect((await app.inject({ method: "GET", url: "/api/statistics?period=week" })).statusCode).toBe(401);
    const bad = await statistics("decennium");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe("Välj vecka, månad, kvartal eller år");
  });
});

describe("the periods", () => {
  it("are the calendar week (Monday first), month, quarter and year around today", () => {
    expect(periodOf("week", "2026-11-22")).toEqual({ from: "2026-11-16", to: "2026-11-22" });
    expect(periodOf("week", "2026-12-31")).toEqual({ from: "2026-12-28", to: "2027-01-03" });
    expect(periodOf("month", "2026-02-10")).toEqual({ from: "2026-02-01", to: "2026-02-28" });
    expect(periodOf("quarter", "2026-05-31")).toEqual({ from: "2026-04-01", to: "2026-06-30" });
    expect(periodOf("year", "2026-11-22")).toEqual({ from: "2026-01-01", to: "2026-12-31" });
  });
});

describe("sharing the work of identical requests", () => {
  const figures: PeriodFigures = {
    cells: [{ status: "completed", serviceType: "service", weekday: 1, bookings: 2 }],
    timeSlots: [],
    customers: 1,
    revenue: 0,
    remindersSent: 0,
    remindersBooked: 0,
    agreements: { active: 0, new: 0, ended: 0, yearlyValueOre: 0 },
  };

  /** Two identical requests at once against the routes and service alone, counting the statements they run. */
  async function twoAtOnce(sharing: boolean): Promise<number> {
    let statements = 0;
    const repository: StatisticsRepository = {
      periodFigures: async () => {
        statements++;
        await new Promise((resolve) => setTimeout(resolve, 20));
        return figures;
      },
      technicianLoad: async () => ({ technicians: [], absences: [], visits: [] }),
    };
    const bare = Fastify();
    registerValidation(bare);
    await bare.register(statisticsRoutes, { statistics: createStatisticsService({ repo: repository, today: () => "2026-11-22", sharing }) });
    try {
      const answers = await Promise.all([1, 2].map(() => bare.inject({ method: "GET", url: "/api/statistics?period=year" })));
      expect(answers.map((a) => a.json().completionRate)).toEqual([100, 100]);
      return statements;
    } finally {
      await bare.close();
    }
  }

  it("runs one computation for requests arriving together, or one each with STATISTICS_SHARING=0", async () => {
    expect(await twoAtOnce(true)).toBe(1);
    expect(await twoAtOnce(false)).toBe(2);
  });
});
