import { describe, expect, it } from "vitest";
import { BOOKING_STATUSES, type BookingStatus } from "@/common/constants";
import { STATUS_AFTER, TECHNICIAN_ACTIONS, technicianMay, technicianRefusal, type TechnicianAction } from "./technician-transitions";

// rules §4 and rules D7, as a table: every action from every status.
const ALLOWED: Record<TechnicianAction, BookingStatus[]> = {
  start: ["planned", "confirmed", "rescheduled"],
  cancel: ["planned", "confirmed", "rescheduled"],
  complete: ["in_progress"],
};

describe("technician transitions", () => {
  for (const action of TECHNICIAN_ACTIONS) {
    for (const from of BOOKING_STATUSES) {
      const allowed = ALLOWED[action].includes(from);
      it(`${action} from ${from}: ${allowed ? "allowed" : "refused"}`, () => {
        expect(technicianMay(action, from)).toBe(allowed);
      });
    }
  }

  it("leads to in_progress, cancelled and completed", () => {
    expect(STATUS_AFTER).toEqual({ start: "in_progress", cancel: "cancelled", complete: "completed" });
  });

  it("says in Swedish why, naming the booking's status", () => {
    expect(technicianRefusal("start", "completed")).toBe("Arbetet kan bara påbörjas på en planerad eller bekräftad bokning. Den här bokningen är genomförd.");
    expect(technicianRefusal("cancel", "in_progress")).toBe("Bara en planerad eller bekräftad bokning kan avbokas. Den här bokningen är pågående.");
    expect(technicianRefusal("complete", "planned")).toBe("Servicen kan bara registreras när arbetet har påbörjats. Den här bokningen är planerad.");
  });
});
