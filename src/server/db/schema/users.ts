import { boolean, index, integer, pgTable, serial, smallint, text, time, timestamp } from "drizzle-orm/pg-core";

export const users = pgTable("users", {
  id: serial("id").primaryKey(),
  username: text("username").notNull().unique(),
  password: text("password").notNull(),
  name: text("name").notNull(),
  phone: text("phone"),
  role: text("role", { enum: ["admin", "technician"] })
    .notNull()
    .default("technician"),
  // rules D25: a technician's calendar. Bookable technicians are the company's capacity (on for a
  // new technician); working days (0 Sunday … 6 Saturday) and hours, null: whenever the company books.
  bookable: boolean("bookable").notNull().default(true),
  workDays: smallint("work_days").array(),
  workStart: time("work_start"),
  workEnd: time("work_end"),
  // When this admin last marked the new bookings on the overview as seen.
  bookingsSeenAt: timestamp("bookings_seen_at", { withTimezone: true }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

// Server-side sessions: the cookie carries a random token, the database only its SHA-256 hash, so
// a leaked table gives no usable session. Role and name are read from users on every request.
export const sessions = pgTable(
  "sessions",
  {
    idHash: text("id_hash").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("sessions_user_idx").on(t.userId), index("sessions_expires_idx").on(t.expiresAt)],
);
