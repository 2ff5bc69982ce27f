import { DEFAULT_MOVED_EMAIL_DELAY_SECONDS } from "../../config";
import type { Db } from "../../db/client";
import { createBookingMediaRepository } from "./booking-media.repository";
import { createBookingQueriesRepository } from "./booking-queries.repository";
import { createBookingWritesRepository } from "./booking-writes.repository";

// The bookings repository in three parts, by what each serves: booking-writes (the writes and
// their checks), booking-media (images and customer links) and booking-queries (the staff's and
// jobs' reads), on what they share in booking-records. Other modules import all of it from here.
export {
  bookingContactOf,
  contactOfBooking,
  isActiveVisit,
  slotKey,
  type Actor,
  type BookingContact,
  type BookingRow,
  type CustomerRow,
  type ImageRow,
  type LinkRow,
  type NewBooking,
  type NewCustomer,
  type SlotChange,
} from "./booking-records.repository";
export { cancelVisitsAheadOf, movedEmailKey, TooManyActiveBookingsError } from "./booking-writes.repository";

/**
 * The one place bookings are written, for the public wizard, admins, technicians and customer
 * links: every write maps the exclusion constraint's refusal (SQLSTATE 23P01) to the same Swedish
 * 409, records the change in the booking's history in the same transaction, and tells
 * `onChange` (which clears the shared availability answers) once it has committed, and `onCreated`
 * (the metrics' count) once a new booking has.
 */
export function createBookingsRepository(
  db: Db,
  {
    onChange = () => {},
    onCreated = () => {},
    movedEmailDelaySeconds = DEFAULT_MOVED_EMAIL_DELAY_SECONDS,
  }: {
    onChange?: () => void;
    onCreated?: (source: "public" | "staff") => void;
    /** How long a "moved" e-mail waits for a later move to replace it (config MOVED_EMAIL_DELAY_SECONDS). */
    movedEmailDelaySeconds?: number;
  } = {},
) {
  const media = createBookingMediaRepository(db, { onChange });
  return {
    ...createBookingWritesRepository(db, { onChange, onCreated, movedEmailDelaySeconds }),
    ...media,
    ...createBookingQueriesRepository(db, media),
  };
}
export type BookingsRepository = ReturnType<typeof createBookingsRepository>;
