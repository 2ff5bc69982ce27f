CREATE TABLE "agreement_fee_invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"agreement_id" integer NOT NULL,
	"year_start" date NOT NULL,
	"invoice_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "agreement_visits" (
	"id" serial PRIMARY KEY NOT NULL,
	"agreement_id" integer NOT NULL,
	"month" text NOT NULL,
	"booking_id" integer,
	"state" text NOT NULL,
	"proposed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agreement_visits_month_check" CHECK ("agreement_visits"."month" ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'),
	CONSTRAINT "agreement_visits_state_check" CHECK (state in ('proposed', 'no-time'))
);
--> statement-breakpoint
ALTER TABLE "agreement_fee_invoices" ADD CONSTRAINT "agreement_fee_invoices_agreement_id_service_agreements_id_fk" FOREIGN KEY ("agreement_id") REFERENCES "public"."service_agreements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agreement_fee_invoices" ADD CONSTRAINT "agreement_fee_invoices_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agreement_visits" ADD CONSTRAINT "agreement_visits_agreement_id_service_agreements_id_fk" FOREIGN KEY ("agreement_id") REFERENCES "public"."service_agreements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agreement_visits" ADD CONSTRAINT "agreement_visits_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "agreement_fee_invoices_agreement_year_idx" ON "agreement_fee_invoices" USING btree ("agreement_id","year_start");--> statement-breakpoint
CREATE UNIQUE INDEX "agreement_visits_agreement_month_idx" ON "agreement_visits" USING btree ("agreement_id","month");--> statement-breakpoint
CREATE INDEX "agreement_visits_booking_idx" ON "agreement_visits" USING btree ("booking_id");