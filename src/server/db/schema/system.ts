import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex, varchar } from "drizzle-orm/pg-core";
import { users } from "./users";

export const usageStats = pgTable("usage_stats", {
  id: serial("id").primaryKey(),
  eventType: varchar("event_type", { length: 50 }).notNull(),
  sessionId: varchar("session_id", { length: 255 }),
  userAgent: varchar("user_agent", { length: 500 }),
  ipAddress: varchar("ip_address", { length: 45 }),
  metadata: jsonb("metadata"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

// Key-value system settings (DECISIONS 11); values are JSON.
export const systemSettings = pgTable("system_settings", {
  key: text("key").primaryKey(),
  value: jsonb("value").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export type OutboxAttachment = { filename: string; content: string; contentType: string; encoding: "base64" | "utf8" };

// Persistent e-mail outbox (DECISIONS 14): written in the same transaction as the change that causes it.
export const emailOutbox = pgTable(
  "email_outbox",
  {
    id: serial("id").primaryKey(),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html"),
    attachments: jsonb("attachments").$type<OutboxAttachment[]>().notNull().default([]),
    /** Extra headers, e.g. List-Unsubscribe of a service reminder. */
    headers: jsonb("headers").$type<Record<string, string>>().notNull().default({}),
    status: text("status", { enum: ["queued", "sent", "failed"] }).notNull().default("queued"),
    attempts: integer("attempts").notNull().default(0),
    // When the sender may try (again); failures push it out with exponential backoff.
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    // A sender that claimed the message holds it until then, so two instances never send it twice.
    claimedUntil: timestamp("claimed_until", { withTimezone: true }),
    lastError: text("last_error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (t) => [index("email_outbox_due_idx").on(t.nextAttemptAt).where(sql`${t.status} = 'queued'`)],
);

// Hits per key and fixed time window, shared by every app instance on the database (login throttle,
// booking limits). Old windows are purged by a scheduled job.
export const rateLimitHits = pgTable(
  "rate_limit_hits",
  {
    key: text("key").notNull(),
    windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
    hits: integer("hits").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] }), index("rate_limit_hits_window_idx").on(t.windowStart)],
);

// Secret iCal feeds (DECISIONS 12): one for the company (owner null) and one per technician. The
// token is the feed's only credential, so it is random (256 bits) and replaced to revoke the URL;
// it is kept as it is, because the admin copies the URL from the integrations screen.
export const calendarFeeds = pgTable(
  "calendar_feeds",
  {
    id: serial("id").primaryKey(),
    ownerUserId: integer("owner_user_id").references(() => users.id, { onDelete: "cascade" }),
    token: text("token").notNull().unique(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastFetchedAt: timestamp("last_fetched_at", { withTimezone: true }),
  },
  // One feed per owner, and one for the company (owner null).
  (t) => [uniqueIndex("calendar_feeds_owner_idx").on(sql`coalesce(${t.ownerUserId}, 0)`)],
);

// The Google OAuth flow's `state` (DECISIONS 12): random, bound to the admin who started it,
// single use and short-lived; stored hashed so a leaked table cannot complete a flow.
export const oauthStates = pgTable("oauth_states", {
  stateHash: text("state_hash").primaryKey(),
  userId: integer("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
});
