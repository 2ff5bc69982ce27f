// Booking rules shared by the client and the server: pure, no I/O, no clock and no machine time
// zone (`now`, `today` and the time zone are always parameters). See rules D1-D8, rules §4, §5, §9.
export {
  BOOKING_TIME_ZONE,
  WEEKDAY,
  addDays,
  daysBetween,
  isIsoDate,
  isWallTime,
  todayIn,
  toMinutes,
  weekdayOf,
  zonedInstant,
  type IsoDate,
  type Weekday,
  type WallTime,
} from "./calendar";
export {
  BOOKING_LIMITS,
  BOOKING_WEEKDAYS,
  RESCHEDULE_SLOTS,
  adminSlots,
  bookableDatesInRange,
  bookableSlots,
  bookingWindow,
  dateRejection,
  firstBookableDate,
  isAdminBookableDate,
  isAdminBookableSlot,
  isBookableDate,
  isBookableSlot,
  isServiceType,
  isSlotInFuture,
  parseTimeSlot,
  rescheduleSlots,
  ruleSlots,
  slotInstants,
  slotsOverlap,
  withAvailability,
  type DateRejection,
  type TimeRange,
  type TimeSlot,
} from "./slots";
export {
  BUSY_DAY_PERCENT,
  availableMinutes,
  busyDays,
  capacityOf,
  isBusyIn,
  rankTechnicians,
  technicianUtilisation,
  utilisationPercent,
  worksAt,
  type Capacity,
  type HeldRange,
  type LoadInput,
  type TechnicianCalendar,
} from "./capacity";
export { occupiedRange, occupiedRangeOf, rangeInstants, storedRange, takesRestOfDay } from "./occupied";
export { closedDayName, closedDaysOfYear, isClosedDay, type ClosedDay } from "./holidays";
export { STATUS_AFTER, TECHNICIAN_ACTIONS, technicianMay, technicianRefusal, type TechnicianAction } from "./technician-transitions";
export { indicativePrice, isFixedPriceServiceModel, priceNote } from "./prices";
export { HEAT_PUMP_MODEL_SUGGESTIONS, bookingInfoText, dateRejectionMessage, installationHint, priceText, ruleText, staffTimeText, timeSlotText } from "./text";
