// rules D22 on the server (issue 8): no service type can be booked on a Swedish public holiday or
// on midsommar-, jul- or nyårsafton, whatever the browser sends. The clock stands at NOW (Sunday
// 22 November 2026), so Christmas and the new year fall inside every booking window.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../../app";
import type { Database } from "../../db/client";
import { NOW, bookingPayload } from "../../test-support/booking-fixtures";
import { createTestDatabase, queryRows, testConfig } from "../../test-support/test-app";

let database: Database;
let app: FastifyInstance;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildApp(testConfig(), { database, now: () => NOW });
});
afterAll(async () => {
  await app.close();
  await database.close();
});

const day = async (date: string, serviceType: string) =>
  (await app.inject({ method: "GET", url: `/api/availability/day?date=${date}&serviceType=${serviceType}` })).json() as {
    slots: { label: string; available: boolean }[];
  };
const range = async (from: string, to: string, serviceType: string) =>
  (await app.inject({ method: "GET", url: `/api/availability/range?from=${from}&to=${to}&serviceType=${serviceType}` })).json() as {
    dates: { date: string; available: boolean }[];
  };
const book = (overrides: Parameters<typeof bookingPayload>[0]) => app.inject({ method: "POST", url: "/api/bookings", payload: bookingPayload(overrides) });

describe("Swedish holidays in the public API (rules D22)", () => {
  it("offers no times on julafton, juldagen, annandag jul, nyårsafton, nyårsdagen or trettondedag jul, but on the days around them", async () => {
    // Weekdays on which service is otherwise bookable from 15:30 (Saturdays 12:00-16:00).
    for (const date of ["2026-12-24", "2026-12-25", "2026-12-26", "2026-12-31", "2027-01-01", "2027-01-06"]) {
      expect((await day(date, "service")).slots, date).toEqual([]);
    }
    for (const date of ["2026-12-23", "2026-12-28", "2027-01-05", "2027-01-07"]) {
      expect((await day(date, "service")).slots.length, date).toBeGreaterThan(0);
    }
    // Home visits (Monday-Friday, 3 days ahead) and installations (Tuesday-Saturday) alike.
    expect((await day("2026-12-24", "hembesok")).slots).toEqual([]);
    expect((await day("2026-12-23", "hembesok")).slots.length).toBeGreaterThan(0);
    expect((await day("2026-12-26", "installation")).slots).toEqual([]);
  });

  it("marks the closed days unavailable in the month view", async () => {
    const dates = (await range("2026-12-21", "2027-01-08", "service")).dates;
    const available = new Map(dates.map((d) => [d.date, d.available]));
    for (const date of ["2026-12-24", "2026-12-25", "2026-12-26", "2026-12-31", "2027-01-01", "2027-01-06"]) expect(available.get(date), date).toBe(false);
    for (const date of ["2026-12-21", "2026-12-22", "2026-12-23", "2026-12-28", "2027-01-04", "2027-01-07"]) expect(available.get(date), date).toBe(true);
  });

  it("refuses a booking on a closed day with 422 and the day's Swedish name, and books nothing", async () => {
    const cases = [
      { serviceType: "service", date: "2026-12-24", timeSlot: "15:30-17:30", name: "julafton" },
      { serviceType: "installation", date: "2026-12-26", timeSlot: "08:00-16:00", name: "annandag jul" },
      { serviceType: "hembesok", date: "2027-01-06", timeSlot: "10:00-10:30", name: "trettondedag jul" },
      { serviceType: "troubleshooting", date: "2027-01-01", timeSlot: "15:30-17:30", name: "nyårsdagen" },
    ] as const;
    for (const [i, c] of cases.entries()) {
      const res = await book({
        serviceType: c.serviceType,
        date: c.date,
        timeSlot: c.timeSlot,
        heatpumpModel: c.serviceType === "hembesok" ? undefined : "Nibe F2120",
        email: `helg${i}@exempel.se`,
      });
      expect(res.statusCode, `${c.date}: ${res.body}`).toBe(422);
      expect(res.json()).toEqual({ message: `Vi har stängt på ${c.name}. Välj ett annat datum.` });
    }
    const [{ n }] = await queryRows<{ n: number }>(
      database,
      sql`select count(*)::int as n from bookings where date in ('2026-12-24', '2026-12-26', '2027-01-06', '2027-01-01')`,
    );
    expect(n).toBe(0);
    // The day before julafton is bookable: the rule is the holiday, not the season.
    expect((await book({ date: "2026-12-23", timeSlot: "15:30-17:30", email: "dagen.fore@exempel.se" })).statusCode).toBe(201);
  });

  it("does not let the customer's own link move a visit onto a closed day", async () => {
    const created = await book({ date: "2026-12-28", timeSlot: "15:30-17:30", email: "flytt.helg@exempel.se" });
    expect(created.statusCode, created.body).toBe(201);
    const token = (created.json() as { manageUrl: string }).manageUrl.split("/").pop()!;
    const moved = await app.inject({ method: "POST", url: `/api/booking-links/${token}/reschedule`, payload: { date: "2026-12-31", timeSlot: "15:30-17:30" } });
    expect(moved.statusCode, moved.body).toBe(422);
    expect(moved.json()).toEqual({ message: "Vi har stängt på nyårsafton. Välj ett annat datum." });
  });
});
