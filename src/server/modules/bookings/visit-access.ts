import type { SessionUser } from "../../plugins/session";
import type { BookingRow } from "./bookings.repository";

/**
 * Which staff may see and work on a visit (rules §6): an admin every visit, a technician their own
 * and the unassigned ones. The technician portal and the booking's images both decide by it.
 */
export function staffMayWorkOn(user: Pick<SessionUser, "id" | "role">, booking: Pick<BookingRow, "assignedTechnicianId">): boolean {
  return user.role === "admin" || booking.assignedTechnicianId === null || booking.assignedTechnicianId === user.id;
}
