import { z } from "zod";

// Issue 11, rules D12 and D14: calendar feeds, the e-mail outbox and Google Calendar, as the
// integrations screen shows them.

export const integrationsText = {
  feedNotFound: "Kalenderflödet finns inte. Länken kan ha bytts ut; be administratören om den nya.",
  feedMissing: "Kalenderflödet finns inte längre.",
  outboxNotFound: "Meddelandet finns inte i utkorgen.",
  onlyFailedRetried: "Bara meddelanden som misslyckats kan skickas om.",
  googleNotConfigured: "Kunde inte starta Google-autentisering. Kontrollera att API-nycklarna är korrekt konfigurerade.",
  googleFailed: "Kunde inte ansluta till Google Calendar. Försök igen.",
  googleBadState: "Anslutningen kunde inte verifieras. Starta anslutningen igen från integrationssidan.",
} as const;

export const CalendarFeedSchema = z.object({
  id: z.number(),
  owner: z.discriminatedUnion("type", [
    z.object({ type: z.literal("company") }),
    z.object({ type: z.literal("technician"), id: z.number(), name: z.string() }),
  ]),
  url: z.string(),
  createdAt: z.string(),
  lastFetchedAt: z.string().nullable(),
});
export type CalendarFeed = z.infer<typeof CalendarFeedSchema>;
export const CalendarFeedListSchema = z.array(CalendarFeedSchema);

// Any token that is not a feed's is the same 404 (checked by the service), whatever its form.
export const CalendarFeedParamsSchema = z.object({ token: z.string().max(200) });
export const FEED_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

// 'held': queued when a restored backup was made, waiting for an admin to release or discard it.
export const OUTBOX_STATUSES = ["queued", "sent", "failed", "held", "discarded"] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];
export const OutboxQuerySchema = z.object({ status: z.enum(OUTBOX_STATUSES, { error: "Ogiltig status" }).optional() });
export const OutboxMessageSchema = z.object({
  id: z.number(),
  to: z.string(),
  subject: z.string(),
  status: z.enum(OUTBOX_STATUSES),
  attempts: z.number(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  nextAttemptAt: z.string(),
});
export type OutboxMessageView = z.infer<typeof OutboxMessageSchema>;
const OutboxCountsSchema = z.object({ queued: z.number(), sent: z.number(), failed: z.number(), held: z.number(), discarded: z.number() });
export const OutboxListSchema = z.object({
  counts: OutboxCountsSchema,
  messages: z.array(OutboxMessageSchema),
});
export type OutboxList = z.infer<typeof OutboxListSchema>;

export const IntegrationsStatusSchema = z.object({
  email: z.object({ configured: z.boolean(), from: z.string(), counts: OutboxCountsSchema }),
  google: z.object({
    configured: z.boolean(),
    connected: z.boolean(),
    connectedAt: z.string().nullable(),
    calendars: z.array(z.object({ id: z.string(), summary: z.string(), primary: z.boolean() })),
    error: z.string().nullable(),
  }),
});
export type IntegrationsStatus = z.infer<typeof IntegrationsStatusSchema>;

export const GoogleAuthUrlSchema = z.object({ authUrl: z.string() });

/**
 * How the authorization popup's last page tells the integrations screen the result (rules §4):
 * `{ type: GOOGLE_RESULT_CHANNEL, result }` by postMessage to the opener and on a BroadcastChannel
 * of this name.
 */
export const GOOGLE_RESULT_CHANNEL = "vps-google-calendar";
export type GoogleResult = "connected" | "failed";
