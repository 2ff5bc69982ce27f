CREATE TABLE "backups" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"file_name" text,
	"size_bytes" bigint,
	"error" text,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "hold_decided_by" integer;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "hold_decided_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "backups_started_idx" ON "backups" USING btree ("started_at");--> statement-breakpoint
ALTER TABLE "email_outbox" ADD CONSTRAINT "email_outbox_hold_decided_by_users_id_fk" FOREIGN KEY ("hold_decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;