import { describe, expect, it } from "vitest";
import {
  availableMinutes,
  BUSY_DAY_PERCENT,
  busyDays,
  capacityOf,
  isBusyIn,
  rankTechnicians,
  technicianUtilisation,
  utilisationPercent,
  worksAt,
  type HeldRange,
  type TechnicianCalendar,
} from "./capacity";

const tech = (id: number, name: string, more: Partial<TechnicianCalendar> = {}): TechnicianCalendar => ({
  id,
  name,
  workDays: null,
  workStart: null,
  workEnd: null,
  ...more,
});
const anna = tech(1, "Anna");
const bo = tech(2, "Bo");
const cecilia = tech(3, "Cecilia");
// 2026-12-07 is a Monday.
const DATE = "2026-12-07";
const ten = { start: "10:00", end: "12:00" };
const held = (start: string, end: string, technicianId: number | null, absence = false): HeldRange => ({
  start,
  end,
  technicianId,
  ...(absence ? { absence } : {}),
});

describe("capacityOf (rules D25)", () => {
  it("is one calendar when no technician is bookable: room only when no visit overlaps", () => {
    expect(capacityOf(DATE, ten, ten, [], [])).toEqual({ free: [], room: 1 });
    expect(capacityOf(DATE, ten, ten, [], [held("11:00", "13:00", 4)])).toEqual({ free: [], room: 0 });
    expect(capacityOf(DATE, ten, ten, [], [held("11:00", "13:00", null)]).room).toBe(0);
    // Touching ends do not overlap (half-open ranges).
    expect(capacityOf(DATE, ten, ten, [], [held("08:00", "10:00", null), held("12:00", "14:00", null)]).room).toBe(1);
    // An absence holds its own technician only, never the company.
    expect(capacityOf(DATE, ten, ten, [], [held("08:00", "17:00", 4, true)]).room).toBe(1);
  });

  it("has room for each free technician, less the unassigned visits that overlap", () => {
    expect(capacityOf(DATE, ten, ten, [anna, bo, cecilia], []).room).toBe(3);
    const one = capacityOf(DATE, ten, ten, [anna, bo, cecilia], [held("09:00", "10:30", 2)]);
    expect(one.free.map((t) => t.id)).toEqual([1, 3]);
    expect(one.room).toBe(2);
    expect(capacityOf(DATE, ten, ten, [anna, bo, cecilia], [held("09:00", "10:30", 2), held("11:30", "12:30", null)]).room).toBe(1);
    expect(capacityOf(DATE, ten, ten, [anna], [held("11:30", "12:30", null)]).room).toBe(0);
    // More unassigned visits than free technicians is no room, never negative.
    expect(capacityOf(DATE, ten, ten, [anna], [held("10:00", "11:00", null), held("11:00", "12:00", null)]).room).toBe(0);
  });

  it("takes only the absent technician away, for any overlap of the range", () => {
    const installation = { start: "08:00", end: "17:00" };
    const window = { start: "08:00", end: "10:00" };
    const capacity = capacityOf(DATE, installation, window, [anna, bo], [held("16:00", "17:00", 1, true)]);
    expect(capacity.free.map((t) => t.name)).toEqual(["Bo"]);
    expect(capacity.room).toBe(1);
  });

  it("ignores visits of technicians who are not bookable", () => {
    expect(capacityOf(DATE, ten, ten, [anna], [held("10:00", "12:00", 9)]).room).toBe(1);
  });

  it("needs the technician at work for the window the visit starts in", () => {
    const mornings = tech(4, "Dan", { workStart: "08:00", workEnd: "12:00" });
    expect(worksAt(mornings, DATE, ten)).toBe(true);
    expect(worksAt(mornings, DATE, { start: "12:00", end: "14:00" })).toBe(false);
    expect(worksAt(mornings, DATE, { start: "07:30", end: "08:00" })).toBe(false);
    expect(worksAt(tech(5, "Eva", { workStart: "10:00" }), DATE, { start: "09:30", end: "10:00" })).toBe(false);
    expect(worksAt(tech(5, "Eva", { workEnd: "11:00" }), DATE, ten)).toBe(false);
    expect(worksAt(tech(6, "Fia", { workDays: [1] }), DATE, ten)).toBe(true);
    expect(worksAt(tech(6, "Fia", { workDays: [2, 3] }), DATE, ten)).toBe(false);
    expect(worksAt(tech(6, "Fia", { workDays: [] }), DATE, ten)).toBe(false);
    // An installation's range may run past the technician's hours: only its start window counts.
    const installation = capacityOf(DATE, { start: "08:00", end: "17:00" }, { start: "08:00", end: "10:00" }, [mornings], []);
    expect(installation.room).toBe(1);
  });
});

describe("rankTechnicians (rules D25 fairness)", () => {
  const counts = (week: [number, number][], day: [number, number][] = []) => ({ week: new Map(week), day: new Map(day) });

  it("gives the visit to the one with fewest visits that week", () => {
    expect(
      rankTechnicians(
        [anna, bo, cecilia],
        counts([
          [1, 3],
          [2, 1],
          [3, 2],
        ]),
      ).map((t) => t.name),
    ).toEqual(["Bo", "Cecilia", "Anna"]);
  });

  it("breaks a tie by fewest visits that day, then by name in Swedish order, then id", () => {
    expect(
      rankTechnicians(
        [anna, bo],
        counts(
          [
            [1, 2],
            [2, 2],
          ],
          [[1, 1]],
        ),
      ).map((t) => t.name),
    ).toEqual(["Bo", "Anna"]);
    const orjan = tech(7, "Örjan");
    const zack = tech(8, "Zack");
    expect(rankTechnicians([orjan, zack, anna], counts([])).map((t) => t.name)).toEqual(["Anna", "Zack", "Örjan"]);
    expect(rankTechnicians([tech(9, "Anna"), anna], counts([])).map((t) => t.id)).toEqual([1, 9]);
  });

  it("counts a technician with no visits as zero and leaves the input as it was", () => {
    const input = [anna, bo];
    expect(rankTechnicians(input, counts([[1, 1]]))[0]).toBe(bo);
    expect(input).toEqual([anna, bo]);
  });
});

describe("isBusyIn", () => {
  it("is true for the technician's own visit or absence overlapping the range, and nobody else's", () => {
    const list = [held("10:00", "11:00", 1), held("13:00", "14:00", 2, true)];
    expect(isBusyIn(list, 1, ten)).toBe(true);
    expect(isBusyIn(list, 2, ten)).toBe(false);
    expect(isBusyIn(list, 2, { start: "12:00", end: "13:30" })).toBe(true);
    expect(isBusyIn(list, 1, { start: "11:00", end: "12:00" })).toBe(false);
  });
});

describe("availableMinutes and utilisationPercent (rules D25)", () => {
  const companyDay = { start: "08:00", end: "17:00" };

  it("is the company's working day by default, less absences counted once", () => {
    expect(availableMinutes(anna, DATE, companyDay, [])).toBe(540);
    expect(availableMinutes(anna, DATE, companyDay, [{ start: "10:00", end: "12:00" }])).toBe(420);
    // Overlapping and out-of-hours absences: 07:00-09:00 and 08:30-10:00 take 08:00-10:00; 16:30-23:59 takes 30 minutes.
    expect(
      availableMinutes(anna, DATE, companyDay, [
        { start: "07:00", end: "09:00" },
        { start: "08:30", end: "10:00" },
        { start: "16:30", end: "23:59" },
      ]),
    ).toBe(540 - 120 - 30);
    expect(availableMinutes(anna, DATE, companyDay, [{ start: "00:00", end: "23:59" }])).toBe(0);
  });

  it("follows the technician's own hours and days, and is nothing on Sundays and closed days", () => {
    expect(availableMinutes(tech(4, "Dan", { workStart: "07:00", workEnd: "12:00" }), DATE, companyDay, [])).toBe(300);
    expect(availableMinutes(tech(4, "Dan", { workDays: [2] }), DATE, companyDay, [])).toBe(0);
    expect(availableMinutes(anna, "2026-12-13", companyDay, [])).toBe(0); // a Sunday
    expect(availableMinutes(anna, "2026-12-24", companyDay, [])).toBe(0); // julafton
    expect(availableMinutes(anna, "2026-12-12", companyDay, [])).toBe(540); // a Saturday
  });

  it("rounds to whole per cent and has no figure without available time", () => {
    expect(utilisationPercent(270, 540)).toBe(50);
    expect(utilisationPercent(1, 3)).toBe(33);
    expect(utilisationPercent(2, 3)).toBe(67);
    expect(utilisationPercent(0, 0)).toBeNull();
    expect(utilisationPercent(600, 540)).toBe(111);
  });
});

describe("coverage of absences (rules D25)", () => {
  const companyDay = { start: "08:00", end: "17:00" };

  it("counts absences in any order and one inside another once", () => {
    expect(
      availableMinutes(anna, DATE, companyDay, [
        { start: "14:00", end: "15:00" },
        { start: "09:00", end: "10:00" },
      ]),
    ).toBe(540 - 120);
    expect(
      availableMinutes(anna, DATE, companyDay, [
        { start: "09:00", end: "12:00" },
        { start: "10:00", end: "11:00" },
      ]),
    ).toBe(540 - 180);
    expect(
      availableMinutes(anna, DATE, companyDay, [
        { start: "10:00", end: "11:00" },
        { start: "09:00", end: "12:00" },
      ]),
    ).toBe(540 - 180);
  });

  it("has nothing to offer on a working day that ends before it starts", () => {
    expect(availableMinutes(anna, DATE, { start: "17:00", end: "08:00" }, [])).toBe(0);
    expect(availableMinutes(anna, DATE, { start: "08:00", end: "08:00" }, [])).toBe(0);
  });
});

describe("technicianUtilisation and busyDays (rules D25)", () => {
  const companyDay = { start: "08:00", end: "17:00" };
  // Monday 7 to Sunday 13 December 2026: six working days of 9 h.
  const load = (bookable: [boolean, boolean]) => ({
    technicians: [
      { ...bo, bookable: bookable[1] },
      { ...anna, bookable: bookable[0] },
    ],
    absences: [
      { technicianId: 1, date: "2026-12-08", start: "00:00", end: "23:59" },
      { technicianId: 2, date: "2026-12-09", start: "08:00", end: "12:00" },
    ],
    visits: [
      { technicianId: 1, date: "2026-12-07", minutes: 480 },
      { technicianId: 2, date: "2026-12-07", minutes: 120 },
      { technicianId: null, date: "2026-12-07", minutes: 60 },
      { technicianId: 3, date: "2026-12-10", minutes: 120 },
    ],
  });

  it("gives each bookable technician, and each other one with visits, their booked and available minutes, by name", () => {
    expect(technicianUtilisation(load([true, true]), "2026-12-07", "2026-12-13", companyDay)).toEqual([
      { technicianId: 1, name: "Anna", bookedMinutes: 480, availableMinutes: 5 * 540, percent: 18 },
      { technicianId: 2, name: "Bo", bookedMinutes: 120, availableMinutes: 6 * 540 - 240, percent: 4 },
    ]);
    // Not bookable: no available time, listed while they have visits.
    expect(technicianUtilisation(load([false, true]), "2026-12-07", "2026-12-13", companyDay)[0]).toEqual({
      technicianId: 1,
      name: "Anna",
      bookedMinutes: 480,
      availableMinutes: 0,
      percent: null,
    });
    // Two of one name: by id.
    const twins = {
      technicians: [
        { ...tech(9, "Anna"), bookable: true },
        { ...anna, bookable: true },
      ],
      absences: [],
      visits: [],
    };
    expect(technicianUtilisation(twins, "2026-12-07", "2026-12-07", companyDay).map((r) => r.technicianId)).toEqual([1, 9]);
    const withoutVisits = { ...load([true, false]), visits: [] };
    expect(technicianUtilisation(withoutVisits, "2026-12-07", "2026-12-13", companyDay).map((r) => r.name)).toEqual(["Anna"]);
  });

  it("lists the days whose bookable time is booked from the threshold on", () => {
    // Monday: 480 + 120 + 60 (unassigned) of 1 080 minutes = 61 %.
    expect(busyDays(load([true, true]), "2026-12-07", "2026-12-13", companyDay, 60)).toEqual([
      { date: "2026-12-07", bookedMinutes: 660, availableMinutes: 1080, percent: 61 },
    ]);
    expect(busyDays(load([true, true]), "2026-12-07", "2026-12-13", companyDay, 61).map((d) => d.date)).toEqual(["2026-12-07"]);
    expect(busyDays(load([true, true]), "2026-12-07", "2026-12-13", companyDay, 62)).toEqual([]);
    // Anna alone bookable: Bo's visit does not count, the unassigned one does: 540 of 540.
    expect(busyDays(load([true, false]), "2026-12-07", "2026-12-07", companyDay)).toEqual([
      { date: "2026-12-07", bookedMinutes: 540, availableMinutes: 540, percent: 100 },
    ]);
    // Nobody bookable: the company's day and every visit (capacity one). Thursday: 120 of 540.
    expect(busyDays(load([false, false]), "2026-12-07", "2026-12-10", companyDay, 20)).toEqual([
      { date: "2026-12-07", bookedMinutes: 660, availableMinutes: 540, percent: 122 },
      { date: "2026-12-10", bookedMinutes: 120, availableMinutes: 540, percent: 22 },
    ]);
    // The default threshold is 80 % (BUSY_DAY_PERCENT); a Sunday offers nothing and is never listed.
    expect(BUSY_DAY_PERCENT).toBe(80);
    expect(busyDays(load([false, false]), "2026-12-13", "2026-12-13", companyDay, 0)).toEqual([]);
  });
});
