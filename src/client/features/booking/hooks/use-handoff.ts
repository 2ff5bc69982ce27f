import { useEffect, useRef } from "react";
import type { UseFormReturn } from "react-hook-form";
import type { BookingFormValues, CreateBooking } from "@/common/schemas/bookings";
import { withHandoff, type BookingHandoff } from "../lib/handoff";

/**
 * The assistant's hand-off (rules §2), applied once per `id`: its service and its text in the
 * description, beside what the customer typed here (a second run replaces the first run's text).
 * As typed values (dirty): the draft keeps them.
 */
export function useHandoff(handoff: BookingHandoff | undefined, form: UseFormReturn<BookingFormValues, unknown, CreateBooking>) {
  const { getValues, setValue } = form;
  const appliedHandoff = useRef<{ id: number; description: string } | null>(null);
  useEffect(() => {
    if (!handoff || handoff.id === appliedHandoff.current?.id) return;
    if (handoff.serviceType) setValue("serviceType", handoff.serviceType, { shouldDirty: true });
    const description = withHandoff(getValues("description"), handoff.description, appliedHandoff.current?.description ?? null);
    setValue("description", description, { shouldDirty: true });
    appliedHandoff.current = { id: handoff.id, description: handoff.description };
  }, [handoff, getValues, setValue]);
}
