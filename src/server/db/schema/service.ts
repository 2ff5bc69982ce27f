import { sql } from "drizzle-orm";
import { boolean, date, index, integer, numeric, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { customers, products } from "./customers";
import { bookings } from "./bookings";

export const serviceHistory = pgTable(
  "service_history",
  {
    id: serial("id").primaryKey(),
    customerId: integer("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    bookingId: integer("booking_id").references(() => bookings.id, { onDelete: "set null" }),
    productId: integer("product_id").references(() => products.id, { onDelete: "set null" }),
    serviceDate: timestamp("service_date", { withTimezone: true }).notNull(),
    serviceType: text("service_type").notNull(),
    technician: text("technician"),
    issues: text("issues"),
    actions: text("actions"),
    parts: text("parts"),
    followUpNeeded: boolean("follow_up_needed").notNull().default(false),
    status: text("status").notNull().default("completed"),
    description: text("description"),
    notes: text("notes"),
    cost: numeric("cost", { precision: 10, scale: 2 }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("service_history_customer_idx").on(t.customerId), index("service_history_date_idx").on(t.serviceDate)],
);

export const reminders = pgTable(
  "reminders",
  {
    id: serial("id").primaryKey(),
    customerId: integer("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    productId: integer("product_id").references(() => products.id, { onDelete: "cascade" }),
    reminderType: text("reminder_type").notNull(),
    message: text("message"),
    dueDate: date("due_date").notNull(),
    sent: boolean("sent").notNull().default(false),
    emailSubject: text("email_subject"),
    emailTemplate: text("email_template"),
    postponedUntil: date("postponed_until"),
    discountOffer: text("discount_offer"),
    responseStatus: text("response_status"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** When the e-mail went to the outbox; the discount is valid 30 days from then. */
    sentAt: timestamp("sent_at", { withTimezone: true }),
    /** The customer's unguessable key in the e-mail: the prefilled booking and the unsubscribe link. */
    token: text("token").notNull().unique(),
    /**
     * The booking that got the reminder's discount: an offer is used once (issue 22.8). Free again
     * when that booking is cancelled; a deleted booking frees it too.
     */
    offerBookingId: integer("offer_booking_id").references(() => bookings.id, { onDelete: "set null" }),
  },
  (t) => [
    index("reminders_due_idx").on(t.dueDate),
    index("reminders_customer_idx").on(t.customerId),
    index("reminders_product_idx").on(t.productId),
    // The statistics' reminders sent in a period (issue 13).
    index("reminders_sent_at_idx")
      .on(t.sentAt)
      .where(sql`${t.sent}`),
  ],
);

export const serviceReminderResponses = pgTable(
  "service_reminder_responses",
  {
    id: serial("id").primaryKey(),
    reminderId: integer("reminder_id")
      .notNull()
      .references(() => reminders.id, { onDelete: "cascade" }),
    customerId: integer("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    responseType: text("response_type").notNull(),
    responseDate: timestamp("response_date", { withTimezone: true }).notNull().defaultNow(),
    bookingId: integer("booking_id").references(() => bookings.id, { onDelete: "set null" }),
    notes: text("notes"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  // The statistics' reminders that led to a booking in a period (issue 13).
  (t) => [
    index("service_reminder_responses_booked_idx")
      .on(t.responseDate)
      .where(sql`${t.responseType} = 'booked'`),
  ],
);
