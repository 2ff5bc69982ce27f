CREATE TABLE "rate_limit_hits" (
	"key" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"hits" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "rate_limit_hits_key_window_start_pk" PRIMARY KEY("key","window_start")
);
--> statement-breakpoint
CREATE INDEX "rate_limit_hits_window_idx" ON "rate_limit_hits" USING btree ("window_start");--> statement-breakpoint
-- Sessions now store the SHA-256 of a random token and read the user on every request; sessions of
-- the old format cannot be converted and end (everyone logs in once more).
DELETE FROM "sessions";--> statement-breakpoint
ALTER TABLE "sessions" DROP COLUMN "sid";--> statement-breakpoint
ALTER TABLE "sessions" DROP COLUMN "data";--> statement-breakpoint
ALTER TABLE "sessions" ALTER COLUMN "user_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "id_hash" text PRIMARY KEY NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
-- Each booking keeps the contact details it was booked with; existing bookings copy their customer's.
ALTER TABLE "bookings" ADD COLUMN "contact_name" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "contact_email" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "contact_phone" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "address" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "postal_code" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "city" text;--> statement-breakpoint
UPDATE "bookings" AS b SET "contact_name" = c."name", "contact_email" = c."email", "contact_phone" = c."phone",
  "address" = c."address", "postal_code" = c."postal_code", "city" = c."city"
  FROM "customers" AS c WHERE c."id" = b."customer_id";--> statement-breakpoint
ALTER TABLE "bookings" ALTER COLUMN "contact_name" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ALTER COLUMN "contact_email" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ALTER COLUMN "contact_phone" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ALTER COLUMN "address" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ALTER COLUMN "postal_code" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ALTER COLUMN "city" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "bookings_contact_email_idx" ON "bookings" USING btree (lower("contact_email"));--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_status_check" CHECK ("bookings"."status" in ('planned', 'confirmed', 'in_progress', 'completed', 'cancelled', 'rescheduled'));--> statement-breakpoint
-- The outbox sender claims a message before sending it and schedules retries itself.
DROP INDEX "email_outbox_status_idx";--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "claimed_until" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "email_outbox_due_idx" ON "email_outbox" USING btree ("next_attempt_at") WHERE "email_outbox"."status" = 'queued';
