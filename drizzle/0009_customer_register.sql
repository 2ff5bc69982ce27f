CREATE TABLE "customer_data_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"action" text NOT NULL,
	"user_id" integer,
	"user_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "anonymized_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "customers_search_trgm_idx" ON "customers" USING gin (("name" || ' ' || "email" || ' ' || "phone" || ' ' || "address" || ' ' || "postal_code" || ' ' || "city") gin_trgm_ops);