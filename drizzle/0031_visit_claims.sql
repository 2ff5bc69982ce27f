ALTER TABLE "agreement_visits" DROP CONSTRAINT "agreement_visits_state_check";--> statement-breakpoint
ALTER TABLE "leak_check_visits" DROP CONSTRAINT "leak_check_visits_state_check";--> statement-breakpoint
ALTER TABLE "agreement_visits" ADD COLUMN "claimed_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "leak_check_visits" ADD COLUMN "claimed_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "agreement_visits" ADD CONSTRAINT "agreement_visits_state_check" CHECK (state in ('claiming', 'proposed', 'no-time'));--> statement-breakpoint
ALTER TABLE "leak_check_visits" ADD CONSTRAINT "leak_check_visits_state_check" CHECK ("leak_check_visits"."state" in ('claiming', 'proposed', 'no-time'));