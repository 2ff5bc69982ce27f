// Contracts of route optimisation and technician planning (rules §2, §7 GET /api/bookings,
// /api/cities, /api/technicians; issue 13).
import { z } from "zod";
import { BOOKING_STATUSES } from "../constants";
import { isoDateSchema } from "./bookings";
import { idSchema, idTextSchema } from "./common";

export const planningText = {
  rangeTooLong: (days: number) => `Välj högst ${days} dagar åt gången`,
  rangeOrder: "Slutdatum kan inte vara före startdatum",
  notTechnician: "Användaren är inte tekniker",
  bookingNotFound: "Bokningen finns inte",
  cancelledBooking: "En avbokad bokning kan inte tilldelas",
  technicianBusy: "Teknikern har redan ett besök som överlappar den här tiden",
  technicianAway: "Teknikern arbetar inte den här tiden (frånvaro eller utanför arbetstiden)",
} as const;

/** The longest span GET /api/bookings answers at once (a planning week or month). */
export const PLANNING_MAX_DAYS = 62;

export const PlanningBookingsQuerySchema = z.object({
  from: isoDateSchema("Ange startdatum som ÅÅÅÅ-MM-DD"),
  to: isoDateSchema("Ange slutdatum som ÅÅÅÅ-MM-DD"),
  /**
   * One status, or "active": every visit still to be made (ACTIVE_BOOKING_STATUSES), which the
   * planning screens show (issue 23; rules §4's "confirmed only" left planned and moved visits
   * unplanned). Without it: every visit that is not cancelled.
   */
  status: z.enum([...BOOKING_STATUSES, "active"], { error: "Okänd status" }).optional(),
  city: z.string().trim().max(100).optional(),
  technicianId: idTextSchema("Okänd tekniker").optional(),
});
export type PlanningBookingsQuery = z.infer<typeof PlanningBookingsQuerySchema>;

export const PlanningBookingSchema = z.object({
  id: z.number(),
  date: z.string(),
  timeSlot: z.string(),
  /** 'HH:MM': when the visit's time ends; an installation's is the end of its working day (rules D24). */
  endTime: z.string(),
  serviceType: z.string(),
  status: z.string(),
  customerId: z.number(),
  customerName: z.string(),
  address: z.string(),
  postalCode: z.string(),
  city: z.string(),
  coordinates: z.object({ lat: z.number(), lng: z.number() }).nullable(),
  technicianId: z.number().nullable(),
  technicianName: z.string().nullable(),
});
export type PlanningBooking = z.infer<typeof PlanningBookingSchema>;
export const PlanningBookingListSchema = z.array(PlanningBookingSchema);

export const CityListSchema = z.array(z.string());
export const TechnicianSchema = z.object({ id: z.number(), name: z.string(), username: z.string() });
export type Technician = z.infer<typeof TechnicianSchema>;
export const TechnicianListSchema = z.array(TechnicianSchema);

/** PUT /api/admin/bookings/:id/technician: assign, move or (null) unassign. */
export const AssignTechnicianSchema = z.object({ technicianId: idSchema("Välj en tekniker").nullable() });

/** PUT /api/customers/:id/coordinates: where the customer lives, for drive estimates (or null). */
export const CoordinatesSchema = z.object({
  coordinates: z
    .object({
      lat: z.number({ error: "Ange latitud" }).min(55, "Latituden ligger utanför Sverige").max(69.1, "Latituden ligger utanför Sverige"),
      lng: z.number({ error: "Ange longitud" }).min(10.9, "Longituden ligger utanför Sverige").max(24.2, "Longituden ligger utanför Sverige"),
    })
    .nullable(),
});
