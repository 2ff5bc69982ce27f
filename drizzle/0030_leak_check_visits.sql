CREATE TABLE "leak_check_visits" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"due_date" date NOT NULL,
	"follow_up" boolean DEFAULT false NOT NULL,
	"booking_id" integer,
	"latest_date" date NOT NULL,
	"state" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "leak_check_visits_state_check" CHECK ("leak_check_visits"."state" in ('proposed', 'no-time'))
);
--> statement-breakpoint
ALTER TABLE "leak_check_visits" ADD CONSTRAINT "leak_check_visits_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leak_check_visits" ADD CONSTRAINT "leak_check_visits_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "leak_check_visits_product_due_idx" ON "leak_check_visits" USING btree ("product_id","due_date");--> statement-breakpoint
CREATE INDEX "leak_check_visits_booking_idx" ON "leak_check_visits" USING btree ("booking_id");