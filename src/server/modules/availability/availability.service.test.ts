import { describe, expect, it } from "vitest";
import type { AvailabilityRepository, DatedRange } from "./availability.repository";
import { createAvailabilityService } from "./availability.service";

const ZONE = "Europe/Stockholm";

/** A repository answering from a fixed list, counting its queries. */
function fakeRepo(ranges: DatedRange[] = []) {
  const calls: string[] = [];
  const repo: AvailabilityRepository = {
    async takenRanges(from, to, serviceType) {
      calls.push(`${from}|${to}|${serviceType}`);
      return ranges.filter((r) => r.date >= from && r.date <= to);
    },
  };
  return { repo, calls };
}

describe("availability service", () => {
  it("moves to the next day at midnight in Stockholm, to the millisecond", () => {
    let now = new Date("2026-11-22T22:59:59.998Z"); // 23:59:59.998 in Stockholm (winter time)
    const service = createAvailabilityService(fakeRepo().repo, () => now, ZONE);
    expect(service.today()).toBe("2026-11-22");
    now = new Date("2026-11-22T22:59:59.999Z");
    expect(service.today()).toBe("2026-11-22");
    now = new Date("2026-11-22T23:00:00.000Z");
    expect(service.today()).toBe("2026-11-23");
  });

  it("shares a day's answer between callers for a moment, and forgets it after a booking", async () => {
    const { repo, calls } = fakeRepo([{ date: "2026-12-07", start: "10:00", end: "12:00", booked: true }]);
    const service = createAvailabilityService(repo, () => new Date("2026-11-22T10:00:00Z"), ZONE);
    const [a, b] = await Promise.all([service.day("service", "2026-12-07"), service.day("service", "2026-12-07")]);
    expect(a).toEqual(b);
    expect(calls).toHaveLength(1);
    service.invalidate();
    await service.day("service", "2026-12-07");
    expect(calls).toHaveLength(2);
  });

  it("asks the database on every request when sharing is off (cacheMs 0)", async () => {
    const { repo, calls } = fakeRepo([{ date: "2026-12-07", start: "10:00", end: "12:00", booked: true }]);
    const service = createAvailabilityService(repo, () => new Date("2026-11-22T10:00:00Z"), ZONE, { cacheMs: 0 });
    const answers = await Promise.all([service.day("service", "2026-12-07"), service.day("service", "2026-12-07")]);
    expect(calls).toHaveLength(2);
    expect(answers[0].slots.map((s) => s.available)).toEqual([true, false, true, true, true]);
    expect(answers[1]).toEqual(answers[0]);
  });

  it("asks nothing for a date that cannot be booked", async () => {
    const { repo, calls } = fakeRepo();
    const service = createAvailabilityService(repo, () => new Date("2026-11-22T10:00:00Z"), ZONE, { cacheMs: 0 });
    expect(await service.day("service", "2026-11-23")).toEqual({ date: "2026-11-23", slots: [] }); // tomorrow: too soon
    expect(calls).toHaveLength(0);
  });

  it("refuses a slot label the date does not offer, and checks fresh data when asked to", async () => {
    const { repo, calls } = fakeRepo([{ date: "2026-12-07", start: "10:00", end: "12:00", booked: true }]);
    const service = createAvailabilityService(repo, () => new Date("2026-11-22T10:00:00Z"), ZONE);
    expect(await service.isAvailable("service", "2026-12-07", "09:00-11:00")).toBe(false);
    expect(calls).toHaveLength(0);
    expect(await service.isAvailable("service", "2026-12-07", "08:00-10:00")).toBe(true);
    expect(await service.isAvailable("service", "2026-12-07", "10:00-12:00")).toBe(false);
    expect(calls).toHaveLength(1);
    expect(await service.isAvailable("service", "2026-12-07", "10:00-12:00", { fresh: true })).toBe(false);
    expect(calls).toHaveLength(2);
  });

  it("shows a day with the settings' maximum of bookings as full, for every service type; blocked times do not count", async () => {
    const { repo } = fakeRepo([
      { date: "2026-12-07", start: "10:00", end: "12:00", booked: true },
      { date: "2026-12-07", start: "14:00", end: "14:30", booked: true },
      { date: "2026-12-14", start: "08:00", end: "10:00", booked: true },
      { date: "2026-12-14", start: "10:00", end: "12:00", booked: false },
    ]);
    let max = 2;
    const service = createAvailabilityService(repo, () => new Date("2026-11-22T10:00:00Z"), ZONE, { cacheMs: 0, maxPerDay: async () => max });
    expect((await service.day("service", "2026-12-07")).slots.map((s) => s.available)).toEqual([false, false, false, false, false]);
    expect(await service.isAvailable("service", "2026-12-07", "08:00-10:00", { fresh: true })).toBe(false);
    // One booking and one blocked time: room for one more.
    expect((await service.day("service", "2026-12-14")).slots.map((s) => s.available)).toEqual([false, false, true, true, true]);
    const range = await service.range("service", "2026-12-07", "2026-12-14");
    expect(range.dates.filter((d) => d.date === "2026-12-07" || d.date === "2026-12-14")).toEqual([
      { date: "2026-12-07", available: false },
      { date: "2026-12-14", available: true },
    ]);
    max = 3;
    expect((await service.day("service", "2026-12-07")).slots.map((s) => s.available)).toEqual([true, false, true, false, true]);
  });
});
