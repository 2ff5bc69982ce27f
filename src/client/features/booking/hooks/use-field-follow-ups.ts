import { useCallback, useEffect, type Dispatch, type RefObject, type SetStateAction } from "react";
import type { UseFormReturn } from "react-hook-form";
import { isBookableDate, ruleSlots, type IsoDate } from "@/common/booking-rules";
import { BOOKING_STEP_FIELDS } from "@/common/booking-fields";
import type { ServiceType } from "@/common/constants";
import type { BookingFormValues, CreateBooking } from "@/common/schemas/bookings";
import type { WizardStep } from "../lib/draft-storage";
import type { SlotConflict } from "../lib/slot-conflict";

type FieldName = keyof BookingFormValues;

type FieldFollowUpsOptions = {
  form: UseFormReturn<BookingFormValues, unknown, CreateBooking>;
  stepRef: RefObject<WizardStep>;
  /** Today in Sweden, for the dates a service can be booked on. */
  getToday: () => IsoDate;
  /** The step 2 notice of a taken time: a newly chosen time clears it. */
  setConflict: Dispatch<SetStateAction<SlotConflict | null>>;
  /** The draft's autosave (useDraftAutosave). */
  scheduleSave: () => void;
};

/**
 * What follows each change the customer makes, in one subscription to the form: a schedule the new
 * service cannot have goes, a chosen time clears the taken-time notice, the step's fields that
 * show an error are checked again (so a message goes as soon as it is fixed), and the draft is saved.
 */
export function useFieldFollowUps({ form, stepRef, getToday, setConflict, scheduleSave }: FieldFollowUpsOptions) {
  const { setValue, getValues, trigger, getFieldState } = form;

  /** After a change of service: a date that service cannot be booked on goes, and so does a time it does not offer. */
  const keepScheduleValid = useCallback(
    (serviceType: ServiceType) => {
      const { date, timeSlot } = getValues();
      if (date && !isBookableDate(serviceType, date, getToday())) {
        setValue("date", "");
        setValue("timeSlot", "");
      } else if (timeSlot && !ruleSlots(serviceType, date).some((s) => s.label === timeSlot)) {
        setValue("timeSlot", "");
      }
    },
    [getValues, setValue, getToday],
  );

  useEffect(() => {
    const subscription = form.watch((values, { name }) => {
      if (!name) return;
      if (name === "serviceType") keepScheduleValid(values.serviceType as ServiceType);
      if (name === "timeSlot" && values.timeSlot) setConflict(null);
      const withErrors = (BOOKING_STEP_FIELDS[stepRef.current] as readonly FieldName[]).filter((f) => getFieldState(f).error);
      if (withErrors.length > 0) void trigger(withErrors);
      if (name !== "images") scheduleSave();
    });
    return () => subscription.unsubscribe();
  }, [form, getFieldState, trigger, keepScheduleValid, scheduleSave, setConflict, stepRef]);
}
