import type { IsoDate } from "@/common/booking-rules";

// Its own module because the wizard sets it and the lazily loaded schedule step shows it: declared in
// the wizard, the step's chunk would import the module that loads it (an import cycle).

/** A slot that was taken by someone else while the customer filled in step 3 (409, rules D5). */
export type SlotConflict = { message: string; date: IsoDate; timeSlot: string; at: number };
