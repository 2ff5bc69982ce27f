import { BOOKING_STATUS_LABELS, type BookingStatus } from "@/common/constants";

// What a technician may do with a visit (rules §4 booking status, rules D7): start it when it is
// planned or confirmed (or moved, 'rescheduled': still a visit to make), cancel it in the same
// states, and complete it only by registering the service report of a visit in progress. Admins set
// any status from their own screens; these rules are the technician portal's, on both sides.

export const TECHNICIAN_ACTIONS = ["start", "cancel", "complete"] as const;
export type TechnicianAction = (typeof TECHNICIAN_ACTIONS)[number];

const OPEN: readonly BookingStatus[] = ["planned", "confirmed", "rescheduled"];

const ALLOWED_FROM: Record<TechnicianAction, readonly BookingStatus[]> = {
  start: OPEN,
  cancel: OPEN,
  complete: ["in_progress"],
};

/** The status each action leads to. */
export const STATUS_AFTER: Record<TechnicianAction, BookingStatus> = { start: "in_progress", cancel: "cancelled", complete: "completed" };

export function technicianMay(action: TechnicianAction, from: BookingStatus): boolean {
  return ALLOWED_FROM[action].includes(from);
}

/** Why an action is refused, in Swedish (the server's 409 and the portal say the same). */
export function technicianRefusal(action: TechnicianAction, from: BookingStatus): string {
  const now = (BOOKING_STATUS_LABELS[from] ?? from).toLowerCase();
  switch (action) {
    case "start":
      return `Arbetet kan bara påbörjas på en planerad eller bekräftad bokning. Den här bokningen är ${now}.`;
    case "cancel":
      return `Bara en planerad eller bekräftad bokning kan avbokas. Den här bokningen är ${now}.`;
    case "complete":
      return `Servicen kan bara registreras när arbetet har påbörjats. Den här bokningen är ${now}.`;
  }
}
