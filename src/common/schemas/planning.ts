// Contracts of route optimisation and technician planning (SPEC §2, §7 GET /api/bookings,
// /api/cities, /api/technicians; issue 13).
import { z } from "zod";
import { BOOKING_STATUSES } from "../constants";
import { isoDateSchema } from "./bookings";

export const planningText = {
  rangeTooLong: (days: number) => `Välj högst ${days} dagar åt gången`,
  rangeOrder: "Slutdatum kan inte vara före startdatum",
  notTechnician: "Användaren är inte tekniker",
  bookingNotFound: "Bokningen finns inte",
  cancelledBooking: "En avbokad bokning kan inte tilldelas",
  technicianBusy: "Teknikern har redan ett besök som överlappar den här tiden",
} as const;

/** The longest span GET /api/bookings answers at once (a planning week or month). */
export const PLANNING_MAX_DAYS = 62;

export const PlanningBookingsQuerySchema = z.object({
  from: isoDateSchema("Ange startdatum som ÅÅÅÅ-MM-DD"),
  to: isoDateSchema("Ange slutdatum som ÅÅÅÅ-MM-DD"),
  /** SPEC §4: planning considers confirmed bookings; other screens may ask for others. */
  status: z.enum(BOOKING_STATUSES, { error: "Okänd status" }).optional(),
  city: z.string().trim().max(100).optional(),
  technicianId: z.coerce.number({ error: "Okänd tekniker" }).int().positive({ error: "Okänd tekniker" }).optional(),
});
export type PlanningBookingsQuery = z.infer<typeof PlanningBookingsQuerySchema>;

export const PlanningBookingSchema = z.object({
  id: z.number(),
  date: z.string(),
  timeSlot: z.string(),
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
export const AssignTechnicianSchema = z.object({ technicianId: z.number({ error: "Välj en tekniker" }).int().positive().nullable() });

/** PUT /api/customers/:id/coordinates: where the customer lives, for drive estimates (or null). */
export const CoordinatesSchema = z.object({
  coordinates: z
    .object({
      lat: z.number({ error: "Ange latitud" }).min(55, "Latituden ligger utanför Sverige").max(69.1, "Latituden ligger utanför Sverige"),
      lng: z.number({ error: "Ange longitud" }).min(10.9, "Longituden ligger utanför Sverige").max(24.2, "Longituden ligger utanför Sverige"),
    })
    .nullable(),
});
