import { sql } from "drizzle-orm";
import { boolean, check, date, index, integer, pgTable, serial, text, time, timestamp } from "drizzle-orm/pg-core";
import { BOOKING_STATUSES } from "@/common/constants";
import { customers, products } from "./customers";
import { users } from "./users";
import { bytea, tsrange } from "./types";

export const bookings = pgTable(
  "bookings",
  {
    id: serial("id").primaryKey(),
    customerId: integer("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "restrict" }),
    serviceType: text("service_type").notNull(),
    description: text("description").notNull().default(""),
    heatpumpModel: text("heatpump_model"),
    // The contact details and address the visit was booked with. A booking keeps its own copy so a
    // later booking (or anyone who knows the e-mail) can never change what earlier visits show.
    contactName: text("contact_name").notNull(),
    contactEmail: text("contact_email").notNull(),
    contactPhone: text("contact_phone").notNull(),
    address: text("address").notNull(),
    postalCode: text("postal_code").notNull(),
    city: text("city").notNull(),
    date: date("date").notNull(),
    timeSlot: text("time_slot").notNull(),
    startTime: time("start_time").notNull(),
    endTime: time("end_time").notNull(),
    // Wall-clock range (Europe/Stockholm) used by the no-overlap exclusion constraint (rules D5).
    during: tsrange("during").generatedAlwaysAs(sql`tsrange(date + start_time, date + end_time, '[)')`),
    status: text("status").notNull().default("planned"),
    images: text("images")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    notes: text("notes"),
    assignedTechnicianId: integer("assigned_technician_id").references(() => users.id, { onDelete: "set null" }),
    googleCalendarEventId: text("google_calendar_event_id"),
    productId: integer("product_id").references(() => products.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    // The .ics SEQUENCE: one more for every move, so calendar apps replace the old time.
    calendarSequence: integer("calendar_sequence").notNull().default(0),
    // The "date timeSlot" the visit reminder was sent for, or skipped for (written by whoever books or
    // moves a visit less than two days ahead): a moved visit gets a new one, never a second for a time.
    visitReminderFor: text("visit_reminder_for"),
    // The "date timeSlot" the queued "moved" e-mail says the visit was moved from: the time the
    // customer last heard of. Moves within a few minutes replace that e-mail (issue 22.2) and keep
    // this, so the one e-mail sent says from the time they knew to the last one.
    movedEmailFrom: text("moved_email_from"),
  },
  (t) => [
    // Bookings by date; with status and service type the statistics count a period's bookings by
    // (date, status, service type) in one pass over the index in its own order, never reading the
    // wide rows (issue 13; modules/statistics). It replaced an index on the date alone.
    index("bookings_statistics_idx").on(t.date, t.status, t.serviceType),
    // The statistics' busiest time slots and distinct customers of a long period: each one pass over
    // its index in its own order, nothing hashed (issue 13). The customer's also serves the foreign key.
    index("bookings_time_slot_idx").on(t.timeSlot, t.date),
    // The availability query (modules/availability) reads only active bookings' date, times and
    // technician (rules D25): with all four in a partial index it is an index-only scan that never
    // touches the table.
    index("bookings_active_date_idx")
      .on(t.date, t.startTime, t.endTime, t.assignedTechnicianId)
      .where(sql`${t.status} <> 'cancelled'`),
    index("bookings_customer_idx").on(t.customerId, t.date),
    index("bookings_technician_idx").on(t.assignedTechnicianId),
    index("bookings_status_idx").on(t.status),
    index("bookings_contact_email_idx").on(sql`lower(${t.contactEmail})`),
    // The admin list's search (customer name, address, city with ILIKE '%…%'): a trigram index on the
    // three as one text, so a search over 10 000 bookings reads only the matching rows (issue 14).
    index("bookings_search_trgm_idx").using("gin", sql`(${t.contactName} || ' ' || ${t.address} || ' ' || ${t.city}) gin_trgm_ops`),
    check("bookings_status_check", sql`${t.status} in (${sql.raw(BOOKING_STATUSES.map((s) => `'${s}'`).join(", "))})`),
  ],
);

export const bookingImages = pgTable(
  "booking_images",
  {
    id: serial("id").primaryKey(),
    bookingId: integer("booking_id")
      .notNull()
      .references(() => bookings.id, { onDelete: "cascade" }),
    imageUrl: text("image_url").notNull(),
    caption: text("caption"),
    uploadedBy: text("uploaded_by").notNull(),
    uploadedById: integer("uploaded_by_id"),
    contentType: text("content_type").notNull().default("image/jpeg"),
    width: integer("width"),
    height: integer("height"),
    // Re-encoded, metadata-free bytes; kept in the database so a booking and its images commit together.
    data: bytea("data").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("booking_images_booking_idx").on(t.bookingId)],
);

export const sharedBookingLinks = pgTable(
  "shared_booking_links",
  {
    id: serial("id").primaryKey(),
    bookingId: integer("booking_id")
      .notNull()
      .references(() => bookings.id, { onDelete: "cascade" }),
    token: text("token").notNull().unique(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    isActive: boolean("is_active").notNull().default(true),
    lastAccessed: timestamp("last_accessed", { withTimezone: true }),
    allowClientUpdates: boolean("allow_client_updates").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [index("shared_booking_links_booking_idx").on(t.bookingId)],
);

export const blockedTimeSlots = pgTable(
  "blocked_time_slots",
  {
    id: serial("id").primaryKey(),
    date: date("date").notNull(),
    startTime: time("start_time").notNull(),
    endTime: time("end_time").notNull(),
    reason: text("reason").notNull(),
    serviceTypes: text("service_types").array().notNull(),
    // rules D25: a technician's absence (holiday, sick, course) holds only their calendar; null: the company's.
    technicianId: integer("technician_id").references(() => users.id, { onDelete: "cascade" }),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("blocked_time_slots_date_idx").on(t.date), index("blocked_time_slots_technician_idx").on(t.technicianId, t.date)],
);

// Every status change and reschedule of a booking: who, when, from what, to what (issue 14 history).
export const bookingEvents = pgTable(
  "booking_events",
  {
    id: serial("id").primaryKey(),
    bookingId: integer("booking_id")
      .notNull()
      .references(() => bookings.id, { onDelete: "cascade" }),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    actor: text("actor").notNull(),
    actorUserId: integer("actor_user_id").references(() => users.id, { onDelete: "set null" }),
    actorName: text("actor_name"),
    kind: text("kind").notNull(),
    fromValue: text("from_value"),
    toValue: text("to_value"),
    /** Why, in the staff's words (a technician's reason for cancelling), or the system's (an erasure). */
    note: text("note"),
  },
  (t) => [index("booking_events_booking_idx").on(t.bookingId, t.at)],
);
