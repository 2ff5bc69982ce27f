// Steps 2 and 3 and the success screen, in their own chunk: the booking page's first paint needs
// only step 1, and this chunk is fetched as soon as the customer starts filling it in.
export { BookingSuccess } from "./booking-success";
export { ContactStep } from "./contact-step";
export { ScheduleStep } from "./schedule-step";
