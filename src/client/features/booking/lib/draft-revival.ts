import { bookableSlots, isBookableDate, type IsoDate } from "@/common/booking-rules";
import type { ServiceType } from "@/common/constants";
import { BookingStep1Schema, BookingStep2Schema } from "@/common/schemas/bookings";
import type { BookingDraft, DraftValues, WizardStep } from "./draft-storage";

// Apart from ./draft-storage because it needs zod (the step schemas): the booking page loads it only
// when there is a draft to restore (issue 7).

/**
 * Makes restored values safe to continue with: a service type from the URL wins over the draft's;
 * a date that can no longer be booked (by the rules, today) is cleared with its time, a time the
 * date does not offer is cleared; and the step goes back to the first one that is not complete
 * (to step 1 when the URL chose another service).
 */
export function reviveDraft(
  draft: Pick<BookingDraft, "values" | "step">,
  options: { today: IsoDate; serviceFromUrl?: ServiceType | null },
): { values: DraftValues; step: WizardStep } {
  const values = { ...draft.values };
  if (options.serviceFromUrl) values.serviceType = options.serviceFromUrl;
  const serviceType = values.serviceType as ServiceType;
  // isBookableDate is false for a missing service type too: no date without a service.
  if (values.date && !isBookableDate(serviceType, values.date, options.today)) {
    values.date = "";
    values.timeSlot = "";
  }
  if (values.timeSlot && !bookableSlots(serviceType, values.date, options.today).some((s) => s.label === values.timeSlot)) {
    values.timeSlot = "";
  }
  let step = draft.step;
  // A link for another service starts at step 1, where the customer sees the service they came for.
  if (options.serviceFromUrl && options.serviceFromUrl !== draft.values.serviceType) step = 1;
  if (step > 1 && !BookingStep1Schema.safeParse(values).success) step = 1;
  if (step > 2 && !BookingStep2Schema.safeParse(values).success) step = 2;
  return { values, step };
}
