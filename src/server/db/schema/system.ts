import { sql } from "drizzle-orm";
import { bigint, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { OUTBOX_STATUSES } from "@/common/schemas/integrations";
import { customers } from "./customers";
import { users } from "./users";

// Key-value system settings (rules D11); values are JSON.
export const systemSettings = pgTable("system_settings", {
  key: text("key").primaryKey(),
  value: jsonb("value").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** A file sent as it was queued. */
export type OutboxFile = { filename: string; content: string; contentType: string; encoding: "base64" | "utf8" };
/** What a file made at sending is made from. */
export type OutboxFileSource = { kind: "protocol-pdf"; protocolId: number } | { kind: "invoice-pdf"; invoiceId: number };
/**
 * A file made when the message is sent (a signed protocol's PDF): the change that queues the message
 * never waits for it nor fails with it, and a failure to make it is retried like a failure to send.
 */
export type OutboxGeneratedFile = { filename: string; contentType: string; generate: OutboxFileSource };
export type OutboxAttachment = OutboxFile | OutboxGeneratedFile;

// Persistent e-mail outbox (rules D14): written in the same transaction as the change that causes it.
export const emailOutbox = pgTable(
  "email_outbox",
  {
    id: serial("id").primaryKey(),
    to: text("to").notNull(),
    // The customer the message is about, whoever it goes to (the staff's notice of a booking too):
    // erasing the customer erases their messages (GDPR art. 17).
    customerId: integer("customer_id").references(() => customers.id, { onDelete: "cascade" }),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html"),
    attachments: jsonb("attachments").$type<OutboxAttachment[]>().notNull().default([]),
    /** Extra headers, e.g. List-Unsubscribe of a service reminder. */
    headers: jsonb("headers").$type<Record<string, string>>().notNull().default({}),
    // Random, made once with the row: with the id it forms the message's Message-ID, the same on every
    // attempt, so the copies a crash mid-send leads to are one message to mail clients.
    messageKey: uuid("message_key").notNull().defaultRandom(),
    // 'held': queued when a backup was made and restored since (docs/decisions/0010-backups.md), sent
    // only once an admin releases it, or 'discarded' when the admin throws it away.
    status: text("status", { enum: OUTBOX_STATUSES }).notNull().default("queued"),
    attempts: integer("attempts").notNull().default(0),
    // When the sender may try (again); failures push it out with exponential backoff.
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    // A sender that claimed the message holds it until then, so two instances never send it twice.
    claimedUntil: timestamp("claimed_until", { withTimezone: true }),
    lastError: text("last_error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    // Messages with one key replace each other while queued (a visit's "moved" e-mail, issue 22.2).
    dedupeKey: text("dedupe_key"),
    // The admin who released or discarded the message after a restore, and when.
    holdDecidedBy: integer("hold_decided_by").references(() => users.id, { onDelete: "set null" }),
    holdDecidedAt: timestamp("hold_decided_at", { withTimezone: true }),
  },
  (t) => [
    index("email_outbox_due_idx")
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'queued'`),
    index("email_outbox_dedupe_idx")
      .on(t.dedupeKey)
      .where(sql`${t.status} = 'queued'`),
    index("email_outbox_customer_idx").on(t.customerId),
    // The messages not sent yet, a handful among every e-mail ever sent: the metrics' outbox figures
    // (every scrape) and the overview's alert (issue 24) read them without walking the whole table.
    index("email_outbox_unsent_idx")
      .on(t.createdAt)
      .where(sql`${t.status} <> 'sent'`),
  ],
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

// Secret iCal feeds (rules D12): one for the company (owner null) and one per technician. The
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

// The Google OAuth flow's `state` (rules D12): random, bound to the admin who started it,
// single use and short-lived; stored hashed so a leaked table cannot complete a flow.
export const oauthStates = pgTable("oauth_states", {
  stateHash: text("state_hash").primaryKey(),
  userId: integer("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
});

// Every backup the app made (docs/decisions/0010-backups.md): the nightly one when BACKUP_DIR is set,
// and those `npm run backup` asked for; the integrations screen shows them, a failure with its reason.
export const backups = pgTable(
  "backups",
  {
    id: serial("id").primaryKey(),
    kind: text("kind", { enum: ["nightly", "manual"] }).notNull(),
    status: text("status", { enum: ["ok", "failed"] }).notNull(),
    /** The file's name (nightly: in BACKUP_DIR), without the folder. */
    fileName: text("file_name"),
    sizeBytes: bigint("size_bytes", { mode: "number" }),
    /** Why it failed, without secrets (never the database password). */
    error: text("error"),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull(),
    finishedAt: timestamp("finished_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("backups_started_idx").on(t.startedAt)],
);
