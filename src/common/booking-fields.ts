// Field limits and the fields of each wizard step of the public booking (rules §2, §5). No zod here:
// the booking page needs them to render, zod only once the form is validated (issue 7).
// schemas/bookings.ts re-exports both, uses BOOKING_FIELD_MAX in its schemas and checks that each
// step's fields are form fields (the form's type is made there, and importing it here would be a cycle).

/** Longest accepted value of each text field (also good for `maxLength` on inputs). */
export const BOOKING_FIELD_MAX = {
  heatpumpModel: 100,
  description: 2000,
  name: 100,
  email: 254,
  phone: 30,
  address: 200,
  city: 100,
  postalCode: 20,
} as const;

/** The form fields each step shows, e.g. for react-hook-form's `trigger(fields)`. */
export const BOOKING_STEP_FIELDS = {
  1: ["serviceType", "heatpumpModel", "description", "images"],
  2: ["date", "timeSlot"],
  3: ["name", "email", "phone", "address", "city", "postalCode"],
} as const satisfies Record<1 | 2 | 3, readonly string[]>;
