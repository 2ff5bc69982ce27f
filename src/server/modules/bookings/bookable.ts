import { dateRejection, dateRejectionMessage, isBookableSlot, ruleText, type IsoDate } from "@/common/booking-rules";
import type { ServiceType } from "@/common/constants";
import { AppError } from "../../lib/errors";

/**
 * The booking rules a customer's choice must meet (lead time, weekday, holidays, the slots of the
 * day), for a new booking and for a move from the customer's link alike: 422 with the Swedish reason.
 */
export function assertBookableByCustomer(serviceType: ServiceType, date: string, timeSlot: string, today: IsoDate) {
  const rejection = dateRejection(serviceType, date, today);
  if (rejection) throw new AppError("DATE_NOT_BOOKABLE", 422, dateRejectionMessage(rejection, serviceType, date));
  if (!isBookableSlot(serviceType, date, timeSlot, today)) throw new AppError("SLOT_NOT_OFFERED", 422, ruleText.slotNotOffered(timeSlot));
}
