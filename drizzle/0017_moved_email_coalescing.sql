ALTER TABLE "bookings" ADD COLUMN "moved_email_from" text;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "dedupe_key" text;--> statement-breakpoint
CREATE INDEX "email_outbox_dedupe_idx" ON "email_outbox" USING btree ("dedupe_key") WHERE "email_outbox"."status" = 'queued';