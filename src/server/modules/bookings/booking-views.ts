// Rows of the bookings repository in the shapes of the shared contracts (src/common/schemas).
import { storedRange } from "@/common/booking-rules";
import type { BookingStatus, ServiceType } from "@/common/constants";
import type { AdminBookingListItem, BookingEvent, BookingImage, StaffBooking } from "@/common/schemas/admin-bookings";
import type { bookingEvents } from "../../db/schema";
import type { BookingRow, ImageRow } from "./bookings.repository";

type ListRow = {
  id: number;
  date: string;
  timeSlot: string;
  startTime: string;
  endTime: string;
  serviceType: string;
  status: string;
  customerName: string;
  customerPhone: string;
  address: string;
  postalCode: string;
  city: string;
  createdAt: Date;
  technicianId: number | null;
  technicianName: string | null;
  technicianPhone: string | null;
};

export const toListItem = (row: ListRow): AdminBookingListItem => ({
  id: row.id,
  date: row.date,
  timeSlot: row.timeSlot,
  endTime: storedRange(row).end,
  serviceType: row.serviceType as ServiceType,
  status: row.status as BookingStatus,
  customerName: row.customerName,
  customerPhone: row.customerPhone,
  address: row.address,
  postalCode: row.postalCode,
  city: row.city,
  technician: row.technicianId !== null ? { id: row.technicianId, name: row.technicianName ?? "", phone: row.technicianPhone } : null,
  createdAt: row.createdAt.toISOString(),
});

/** An image as a contract; a customer's copy of the URL carries their link token (rules D20). */
export const toBookingImage = (row: ImageRow & { uploadedByName?: string | null }, token?: string): BookingImage => ({
  id: row.id,
  imageUrl: token ? `${row.imageUrl}?token=${encodeURIComponent(token)}` : row.imageUrl,
  caption: row.caption,
  uploadedBy: row.uploadedBy as BookingImage["uploadedBy"],
  uploadedByName: row.uploadedByName ?? null,
  createdAt: row.createdAt.toISOString(),
});

export const toBookingEvent = (row: typeof bookingEvents.$inferSelect): BookingEvent => ({
  id: row.id,
  at: row.at.toISOString(),
  actor: row.actor as BookingEvent["actor"],
  actorName: row.actorName,
  kind: row.kind as BookingEvent["kind"],
  from: row.fromValue,
  to: row.toValue,
  note: row.note,
});

/** A booking as staff see it, with its technician (the admin detail page and the technician portal). */
export const toStaffBooking = (booking: BookingRow, technician: StaffBooking["technician"]): StaffBooking => ({
  id: booking.id,
  serviceType: booking.serviceType as ServiceType,
  status: booking.status as BookingStatus,
  date: booking.date,
  timeSlot: booking.timeSlot,
  endTime: storedRange(booking).end,
  description: booking.description,
  heatpumpModel: booking.heatpumpModel,
  notes: booking.notes,
  createdAt: booking.createdAt.toISOString(),
  technician,
});
