import { describe, expect, it } from "vitest";
import type { TechnicianCalendar } from "@/common/booking-rules";
import type { AvailabilityRepository, DatedRange } from "./availability.repository";
import { createAvailabilityService } from "./availability.service";

const ZONE = "Europe/Stockholm";

/** A repository answering from fixed lists (no bookable technician unless given), counting its queries. */
function fakeRepo(ranges: DatedRange[] = [], technicians: TechnicianCalendar[] = []) {
  const calls: string[] = [];
  const repo: AvailabilityRepository = {
    async takenRanges(from, to, serviceType) {
      calls.push(`${from}|${to}|${serviceType}`);
      return ranges.filter((r) => r.date >= from && r.date <= to);
    },
    bookableTechnicians: async () => technicians,
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
    const { repo, calls } = fakeRepo([{ date: "2026-12-07", start: "10:00", end: "12:00", booked: true, technicianId: null }]);
    const service = createAvailabilityService(repo, () => new Date("2026-11-22T10:00:00Z"), ZONE);
    const [a, b] = await Promise.all([service.day("service", "2026-12-07"), service.day("service", "2026-12-07")]);
    expect(a).toEqual(b);
    expect(calls).toHaveLength(1);
    service.invalidate();
    await service.day("service", "2026-12-07");
    expect(calls).toHaveLength(2);
  });

  it("asks the database on every request when sharing is off (cacheMs 0)", async () => {
    const { repo, calls } = fakeRepo([{ date: "2026-12-07", start: "10:00", end: "12:00", booked: true, technicianId: null }]);
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
    const { repo, calls } = fakeRepo([{ date: "2026-12-07", start: "10:00", end: "12:00", booked: true, technicianId: null }]);
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
      { date: "2026-12-07", start: "10:00", end: "12:00", booked: true, technicianId: null },
      { date: "2026-12-07", start: "14:00", end: "14:30", booked: true, technicianId: null },
      { date: "2026-12-14", start: "08:00", end: "10:00", booked: true, technicianId: null },
      { date: "2026-12-14", start: "10:00", end: "12:00", booked: false, technicianId: null },
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

  describe("with bookable technicians (rules D25)", () => {
    const anna: TechnicianCalendar = { id: 1, name: "Anna", workDays: null, workStart: null, workEnd: null };
    const bo: TechnicianCalendar = { id: 2, name: "Bo", workDays: null, workStart: null, workEnd: null };
    const at = (start: string, end: string, technicianId: number | null, booked = true): DatedRange => ({
      date: "2026-12-07",
      start,
      end,
      booked,
      technicianId,
    });
    const now = () => new Date("2026-11-22T10:00:00Z");
    const monday = async (ranges: DatedRange[], technicians: TechnicianCalendar[]) =>
      (await createAvailabilityService(fakeRepo(ranges, technicians).repo, now, ZONE, { cacheMs: 0 }).day("service", "2026-12-07")).slots.map(
        (s) => s.available,
      );

    it("keeps a time while one technician is free, and takes it when both are busy", async () => {
      expect(await monday([at("10:00", "12:00", 1)], [anna, bo])).toEqual([true, true, true, true, true]);
      expect(await monday([at("10:00", "12:00", 1), at("10:00", "12:00", 2)], [anna, bo])).toEqual([true, false, true, true, true]);
      // The same two visits with one bookable technician: capacity one.
      expect(await monday([at("10:00", "12:00", 1)], [anna])).toEqual([true, false, true, true, true]);
    });

    it("counts an unassigned visit against the free technicians, and an absence against its own technician only", async () => {
      expect(await monday([at("10:00", "12:00", null), at("10:00", "12:00", 1)], [anna, bo])).toEqual([true, false, true, true, true]);
      expect(await monday([at("08:00", "12:00", 2, false)], [anna, bo])).toEqual([true, true, true, true, true]);
      expect(await monday([at("08:00", "12:00", 2, false), at("08:00", "10:00", 1)], [anna, bo])).toEqual([false, true, true, true, true]);
    });

    it("never lets an absence of a technician block the company when nobody is bookable", async () => {
      expect(await monday([at("08:00", "17:00", 2, false)], [])).toEqual([true, true, true, true, true]);
    });

    it("reads the technicians' calendars once a moment even with sharing off, and afresh after a write or when asked fresh", async () => {
      let reads = 0;
      const { repo } = fakeRepo([], [anna]);
      const counted = { ...repo, bookableTechnicians: async () => (reads++, [anna]) };
      const service = createAvailabilityService(counted, now, ZONE, { cacheMs: 0 });
      await Promise.all([service.day("service", "2026-12-07"), service.day("service", "2026-12-07"), service.day("service", "2026-12-14")]);
      expect(reads).toBe(1);
      service.invalidate();
      await service.day("service", "2026-12-07");
      expect(reads).toBe(2);
      await service.check("service", "2026-12-07", "08:00-10:00", { fresh: true });
      expect(reads).toBe(3);
    });

    it("offers a time only to technicians who work then", async () => {
      const mornings: TechnicianCalendar = { ...bo, workStart: "08:00", workEnd: "12:00" };
      const notMonday: TechnicianCalendar = { ...anna, workDays: [2, 3, 4, 5] };
      expect(await monday([], [mornings, notMonday])).toEqual([true, true, false, false, false]);
    });
  });
});
