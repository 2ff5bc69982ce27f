import { describe, expect, it } from "vitest";
import { AbsenceInputSchema, TechnicianCalendarInputSchema, technicianCalendarText as text } from "./technician-calendars";

const issues = (value: unknown) => AbsenceInputSchema.safeParse(value).error?.issues.map((issue) => [issue.path.join("."), issue.message]) ?? [];

describe("AbsenceInputSchema", () => {
  it("answers missing or broken dates with their own messages instead of throwing", () => {
    expect(issues({ fromDate: "", toDate: "", reason: "Semester" })).toEqual([
      ["fromDate", text.fromDateRequired],
      ["toDate", text.toDateRequired],
    ]);
    expect(issues({ fromDate: "2099-03-04", toDate: "", reason: "Semester" })).toEqual([["toDate", text.toDateRequired]]);
    expect(issues({ fromDate: "2099-02-30", toDate: "2099-02-30", reason: "Semester" })).toEqual([
      ["fromDate", text.fromDateRequired],
      ["toDate", text.toDateRequired],
    ]);
  });

  it("still compares two real dates", () => {
    expect(issues({ fromDate: "2099-03-04", toDate: "2099-03-03", reason: "Semester" })).toEqual([["toDate", text.toBeforeFrom]]);
    expect(issues({ fromDate: "2099-01-01", toDate: "2099-03-04", reason: "Semester" })).toEqual([["toDate", text.tooLong]]);
    expect(AbsenceInputSchema.parse({ fromDate: "2099-03-04", toDate: "2099-03-04", reason: "Semester" })).toEqual({
      fromDate: "2099-03-04",
      toDate: "2099-03-04",
      startTime: null,
      endTime: null,
      reason: "Semester",
    });
  });
});

describe("times that are missing or broken", () => {
  it("are answered with the time message, not thrown on", () => {
    const absence = { fromDate: "2099-03-04", toDate: "2099-03-04", reason: "Tandläkare" };
    expect(issues({ ...absence, startTime: "", endTime: "" })).toEqual([
      ["startTime", text.invalidTime],
      ["endTime", text.invalidTime],
    ]);
    expect(issues({ ...absence, startTime: "13:00", endTime: "25:00" })).toEqual([["endTime", text.invalidTime]]);
    expect(issues({ ...absence, startTime: "13:00", endTime: "12:00" })).toEqual([["endTime", text.endBeforeStart]]);
    const hours = (workStart: string | null, workEnd: string | null) =>
      TechnicianCalendarInputSchema.safeParse({ bookable: true, workDays: null, workStart, workEnd }).error?.issues.map((issue) => issue.message) ?? [];
    expect(hours("", "")).toEqual([text.invalidTime, text.invalidTime]);
    expect(hours("9", "16:00")).toEqual([text.invalidTime]);
    expect(hours("16:00", "09:00")).toEqual([text.hoursOrder]);
    expect(hours(null, null)).toEqual([]);
  });
});
