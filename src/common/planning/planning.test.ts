import { describe, expect, it } from "vitest";
import type { IsoDate } from "../booking-rules";
import { dayLegs, driveBetween, haversineKm } from "./drive";
import { averageVisitsPerTechnician, completionRate, estimatedDrivingHours, suggestsSplit, visitsPerCustomer } from "./formulas";
import { swedishWeek, weekDays, weekStart } from "./week";

const d = (date: string) => date as IsoDate;

describe("Swedish weeks", () => {
  it("start on Monday, whatever day is given", () => {
    expect(weekStart(d("2026-11-24"))).toBe("2026-11-23"); // a Tuesday
    expect(weekStart(d("2026-11-23"))).toBe("2026-11-23"); // the Monday itself
    expect(weekStart(d("2026-11-29"))).toBe("2026-11-23"); // Sunday ends the week
    expect(weekStart(d("2027-01-01"))).toBe("2026-12-28"); // across the new year
    expect(weekDays(d("2026-11-23"))).toEqual(["2026-11-23", "2026-11-24", "2026-11-25", "2026-11-26", "2026-11-27", "2026-11-28", "2026-11-29"]);
  });

  it("are numbered as Swedish calendars number them (ISO 8601)", () => {
    expect(swedishWeek(d("2026-11-24"))).toEqual({ week: 48, year: 2026 });
    expect(swedishWeek(d("2025-12-29"))).toEqual({ week: 1, year: 2026 }); // Monday of week 1 of 2026
    expect(swedishWeek(d("2027-01-03"))).toEqual({ week: 53, year: 2026 }); // 2026 has 53 weeks
    expect(swedishWeek(d("2027-01-04"))).toEqual({ week: 1, year: 2027 });
    expect(swedishWeek(d("2021-01-01"))).toEqual({ week: 53, year: 2020 });
  });
});

describe("the formulas of rules §9", () => {
  it("estimates half an hour of driving per city, rounded up to hours", () => {
    expect([0, 1, 2, 3, 4, 5].map(estimatedDrivingHours)).toEqual([0, 1, 1, 2, 2, 3]);
  });
  it("suggests splitting a city above three visits", () => {
    expect([3, 4].map(suggestsSplit)).toEqual([false, true]);
  });
  it("averages visits per technician, rounded", () => {
    expect(averageVisitsPerTechnician(7, 2)).toBe(4); // 3.5
    expect(averageVisitsPerTechnician(5, 3)).toBe(2); // 1.67
    expect(averageVisitsPerTechnician(5, 0)).toBe(0);
  });
  it("gives the completion rate in whole per cent and visits per customer to one decimal", () => {
    expect(completionRate(2, 3)).toBe(67);
    expect(completionRate(0, 0)).toBe(0);
    expect(visitsPerCustomer(7, 3)).toBe(2.3);
    expect(visitsPerCustomer(5, 2)).toBe(2.5);
    expect(visitsPerCustomer(1, 0)).toBe(0);
  });
});

describe("drives between visits", () => {
  const uppsala = { lat: 59.8586, lng: 17.6389 };
  const stockholm = { lat: 59.3293, lng: 18.0686 };

  it("measure the straight line on the globe", () => {
    expect(haversineKm(uppsala, stockholm)).toBeCloseTo(63.6, 1);
    expect(haversineKm(uppsala, uppsala)).toBe(0);
  });

  it("use coordinates when both places have them: 63.6 km × 1.3 at 60 km/h ≈ 83 min, rounded up to 85", () => {
    expect(driveBetween({ coordinates: uppsala, postalCode: "753 20" }, { coordinates: stockholm, postalCode: "111 22" })).toEqual({
      minutes: 85,
      method: "coordinates",
    });
    // The same spot still takes the shortest drive counted.
    expect(driveBetween({ coordinates: uppsala, postalCode: "753 20" }, { coordinates: uppsala, postalCode: "753 20" })).toEqual({
      minutes: 5,
      method: "coordinates",
    });
  });

  const at = (postalCode: string, coordinates: { lat: number; lng: number } | null = null) => ({ postalCode, coordinates });

  it("fall back to postal-code proximity, and say so", () => {
    expect(driveBetween(at("753 20"), at("753 31"))).toEqual({ minutes: 15, method: "postalCode" });
    expect(driveBetween(at("753 20"), at("756 51"))).toEqual({ minutes: 30, method: "postalCode" });
    expect(driveBetween(at("753 20"), at("745 31"))).toEqual({ minutes: 60, method: "postalCode" });
    expect(driveBetween(at("753 20"), at("111 22"))).toEqual({ minutes: 120, method: "postalCode" });
    expect(driveBetween(at("753 20", uppsala), at("111 22"))).toEqual({ minutes: 120, method: "postalCode" }); // one without coordinates
  });

  it("read only a postal code's digits, and count one too short to compare as far", () => {
    expect(driveBetween(at("SE-753 20"), at("753 31")).minutes).toBe(15);
    expect(driveBetween(at("753 20"), at("SE-753 31")).minutes).toBe(15);
    expect(driveBetween(at("753"), at("753 31")).minutes).toBe(15); // three digits are enough
    expect(driveBetween(at("753 31"), at("753")).minutes).toBe(15);
    expect(driveBetween(at("75"), at("753 31")).minutes).toBe(120);
    expect(driveBetween(at("753 20"), at("75")).minutes).toBe(120);
    expect(driveBetween(at(""), at("")).minutes).toBe(120);
  });

  it("flag a leg whose drive does not fit in the gap between two visits", () => {
    const legs = dayLegs([
      { id: 3, timeSlot: "15:30-17:30", postalCode: "111 22", coordinates: null },
      { id: 1, timeSlot: "08:00-10:00", postalCode: "753 20", coordinates: null },
      { id: 2, timeSlot: "10:30-12:30", postalCode: "753 31", coordinates: null },
    ]);
    expect(legs).toEqual([
      { fromId: 1, toId: 2, minutes: 15, method: "postalCode", gapMinutes: 30, fits: true },
      { fromId: 2, toId: 3, minutes: 120, method: "postalCode", gapMinutes: 180, fits: true },
    ]);
    const tight = dayLegs([
      { id: 1, timeSlot: "08:00-10:00", postalCode: "753 20", coordinates: uppsala },
      { id: 2, timeSlot: "10:00-12:00", postalCode: "111 22", coordinates: stockholm },
    ]);
    expect(tight).toEqual([{ fromId: 1, toId: 2, minutes: 85, method: "coordinates", gapMinutes: 0, fits: false }]);
    expect(dayLegs([{ id: 1, timeSlot: "08:00-10:00", postalCode: "753 20" }])).toEqual([]);
  });

  it("count a drive exactly as long as the gap as fitting, and leave out a visit without a readable time", () => {
    const legs = dayLegs([
      { id: 1, timeSlot: "08:00-10:00", postalCode: "753 20", coordinates: null },
      { id: 2, timeSlot: "hela dagen", postalCode: "111 22", coordinates: null },
      { id: 3, timeSlot: "10:15-12:15", postalCode: "753 31", coordinates: null },
    ]);
    expect(legs).toEqual([{ fromId: 1, toId: 3, minutes: 15, method: "postalCode", gapMinutes: 15, fits: true }]);
  });

  it("count an installation's gap from the end of its working day, not its start window (rules D24)", () => {
    const legs = dayLegs([
      { id: 1, timeSlot: "08:00-10:00", endTime: "17:00", postalCode: "753 20", coordinates: null },
      { id: 2, timeSlot: "17:30-18:00", endTime: "18:00", postalCode: "753 31", coordinates: null },
    ]);
    expect(legs).toEqual([{ fromId: 1, toId: 2, minutes: 15, method: "postalCode", gapMinutes: 30, fits: true }]);
  });
});
