import { describe, expect, it } from "vitest";
import { SERVICE_TYPES } from "../constants";
import { occupiedRange, occupiedRangeOf, rangeInstants, storedRange, takesRestOfDay } from "./occupied";
import { adminSlots, parseTimeSlot, ruleSlots, slotsOverlap } from "./slots";
import { staffTimeText, timeSlotText } from "./text";

// rules D24: an installation takes the rest of its day.

const slot = (label: string) => parseTimeSlot(label)!;

describe("occupiedRange", () => {
  it("holds an installation from its start to the end of the working day", () => {
    expect(occupiedRange("installation", slot("08:00-10:00"), "17:00")).toEqual({ start: "08:00", end: "17:00" });
    expect(occupiedRange("installation", slot("10:00-12:00"), "17:00")).toEqual({ start: "10:00", end: "17:00" });
    expect(occupiedRange("installation", slot("09:00-11:00"), "16:30")).toEqual({ start: "09:00", end: "16:30" });
  });

  it("holds every other visit for its slot, whatever the working day", () => {
    for (const serviceType of SERVICE_TYPES.filter((t) => t !== "installation")) {
      expect(occupiedRange(serviceType, slot("08:00-10:00"), "17:00")).toEqual({ start: "08:00", end: "10:00" });
      expect(occupiedRange(serviceType, slot("15:30-17:30"), "17:00")).toEqual({ start: "15:30", end: "17:30" });
    }
    expect(takesRestOfDay("installation")).toBe(true);
    expect(SERVICE_TYPES.filter(takesRestOfDay)).toEqual(["installation"]);
  });

  it("never ends an installation before its slot ends (a working day ending early, or a broken setting)", () => {
    expect(occupiedRange("installation", slot("16:00-18:00"), "17:00")).toEqual({ start: "16:00", end: "18:00" });
    expect(occupiedRange("installation", slot("08:00-10:00"), "09:00")).toEqual({ start: "08:00", end: "10:00" });
    expect(occupiedRange("installation", slot("08:00-10:00"), "10:00")).toEqual({ start: "08:00", end: "10:00" });
    expect(occupiedRange("installation", slot("08:00-10:00"), "nonsense")).toEqual({ start: "08:00", end: "10:00" });
  });

  it("makes every later slot of the day overlap an installation, and no earlier one", () => {
    const date = "2026-12-08"; // a Tuesday
    const installation = occupiedRange("installation", slot("10:00-12:00"), "17:00");
    const later = [...ruleSlots("service", date), ...adminSlots("service", date)].filter((s) => s.start >= "10:00" && s.start < "17:00");
    expect(later.length).toBeGreaterThan(0);
    for (const s of later) expect(slotsOverlap(s, installation), s.label).toBe(true);
    expect(slotsOverlap(slot("08:00-10:00"), installation)).toBe(false);
    expect(slotsOverlap(slot("17:00-17:30"), installation)).toBe(false);
  });

  it("reads labels and stored times", () => {
    expect(occupiedRangeOf("installation", "08:00-10:00", "17:00")).toEqual({ start: "08:00", end: "17:00" });
    expect(occupiedRangeOf("installation", "8-10", "17:00")).toBeNull();
    expect(storedRange({ startTime: "08:00:00", endTime: "17:00:00" })).toEqual({ start: "08:00", end: "17:00" });
    expect(storedRange({ startTime: "08:00", endTime: "10:00" })).toEqual({ start: "08:00", end: "10:00" });
  });

  it("gives the instants of a range in Stockholm on both sides of a daylight-saving change", () => {
    expect(rangeInstants("2026-12-08", { start: "08:00", end: "17:00" })).toEqual({
      start: new Date("2026-12-08T07:00:00Z"),
      end: new Date("2026-12-08T16:00:00Z"),
    });
    expect(rangeInstants("2026-06-09", { start: "08:00", end: "17:00" })).toEqual({
      start: new Date("2026-06-09T06:00:00Z"),
      end: new Date("2026-06-09T15:00:00Z"),
    });
    expect(rangeInstants("2026-02-30", { start: "08:00", end: "17:00" })).toBeNull();
    expect(rangeInstants("2026-12-08", { start: "8", end: "17:00" })).toBeNull();
  });
});

describe("staffTimeText", () => {
  it("shows staff the whole day of an installation and the window the customer was given", () => {
    expect(staffTimeText({ timeSlot: "08:00-10:00", endTime: "17:00:00" })).toBe("08:00–17:00 (ankomst 08:00–10:00)");
    expect(staffTimeText({ timeSlot: "10:00-12:00", endTime: "16:00" })).toBe("10:00–16:00 (ankomst 10:00–12:00)");
  });

  it("shows the slot alone when the visit holds just its slot", () => {
    expect(staffTimeText({ timeSlot: "15:30-17:30", endTime: "17:30:00" })).toBe("15:30–17:30");
    expect(staffTimeText({ timeSlot: "15:30-17:30" })).toBe("15:30–17:30");
  });

  it("leaves a time that is not a plain slot label as it is", () => {
    for (const odd of ["x08:00-10:00", "08:00-10:00:00", "Heldag"]) {
      expect(timeSlotText(odd)).toBe(odd);
      expect(staffTimeText({ timeSlot: odd, endTime: "17:00:00" })).toBe(odd);
    }
  });
});
