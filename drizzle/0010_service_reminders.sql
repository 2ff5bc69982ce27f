ALTER TABLE "customers" ADD COLUMN "reminders_unsubscribed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reminders" ADD COLUMN "sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reminders" ADD COLUMN "token" text;--> statement-breakpoint
-- Reminders made before tokens existed get a random one (they are never sent again anyway).
UPDATE "reminders" SET "token" = md5(random()::text || clock_timestamp()::text) || md5(random()::text || "id"::text) WHERE "token" IS NULL;--> statement-breakpoint
ALTER TABLE "reminders" ALTER COLUMN "token" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "headers" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
CREATE INDEX "reminders_product_idx" ON "reminders" USING btree ("product_id");--> statement-breakpoint
ALTER TABLE "reminders" ADD CONSTRAINT "reminders_token_unique" UNIQUE("token");