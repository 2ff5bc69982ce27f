import { zodResolver } from "@hookform/resolvers/zod";
import type { Resolver } from "react-hook-form";
import { BookingStep1Schema, BookingStep2Schema, CreateBookingSchema, type BookingFormValues, type CreateBooking } from "@/common/schemas/bookings";
import type { WizardStep } from "./draft-storage";

// rules §5: each step validates with its own schema (step 1 says 'En beskrivning krävs', step 3
// runs the full submission schema). In a chunk of its own with zod: the booking page renders
// without it and loads it on the first interaction, at the latest when a step is first validated.
export const STEP_RESOLVERS = {
  1: zodResolver(BookingStep1Schema),
  2: zodResolver(BookingStep2Schema),
  3: zodResolver(CreateBookingSchema),
} as unknown as Record<WizardStep, Resolver<BookingFormValues, unknown, CreateBooking>>;
