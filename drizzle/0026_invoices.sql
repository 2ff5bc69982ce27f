CREATE TABLE "invoice_payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"invoice_id" integer NOT NULL,
	"paid_on" date NOT NULL,
	"amount_ore" bigint NOT NULL,
	"registered_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_rot_buyers" (
	"invoice_id" integer NOT NULL,
	"position" integer NOT NULL,
	"personal_number" text NOT NULL,
	"share_percent" integer NOT NULL,
	"rot_ore" bigint DEFAULT 0 NOT NULL,
	"cap_year" integer,
	CONSTRAINT "invoice_rot_buyers_invoice_id_position_pk" PRIMARY KEY("invoice_id","position")
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text DEFAULT 'invoice' NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"number" integer,
	"ocr" text,
	"customer_id" integer,
	"booking_id" integer,
	"credited_invoice_id" integer,
	"customer_name" text NOT NULL,
	"customer_address" text NOT NULL,
	"customer_postal_code" text NOT NULL,
	"customer_city" text NOT NULL,
	"customer_email" text NOT NULL,
	"company" jsonb,
	"issue_date" date,
	"due_date" date,
	"work_date" date,
	"payment_terms_days" integer DEFAULT 30 NOT NULL,
	"lines" jsonb NOT NULL,
	"rot" jsonb,
	"total_ore" bigint DEFAULT 0 NOT NULL,
	"rot_ore" bigint DEFAULT 0 NOT NULL,
	"to_pay_ore" bigint DEFAULT 0 NOT NULL,
	"paid_ore" bigint DEFAULT 0 NOT NULL,
	"access_token" text NOT NULL,
	"sent_at" timestamp with time zone,
	"paid_on" date,
	"credited_at" timestamp with time zone,
	"reminder_sent_at" timestamp with time zone,
	"rot_claimed_at" timestamp with time zone,
	"rot_decided_on" date,
	"rot_approved_ore" bigint,
	"rot_follow_up_invoice_id" integer,
	"search_key" text GENERATED ALWAYS AS (lower(coalesce(number::text, '') || ' ' || coalesce(ocr, '') || ' ' || customer_name || ' ' || customer_email)) STORED,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoices_access_token_unique" UNIQUE("access_token"),
	CONSTRAINT "invoices_kind_check" CHECK ("invoices"."kind" in ('invoice', 'credit')),
	CONSTRAINT "invoices_status_check" CHECK ("invoices"."status" in ('draft', 'sent', 'paid', 'credited')),
	CONSTRAINT "invoices_number_when_sent" CHECK (("invoices"."status" = 'draft') = ("invoices"."number" is null))
);
--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD CONSTRAINT "invoice_payments_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD CONSTRAINT "invoice_payments_registered_by_users_id_fk" FOREIGN KEY ("registered_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_rot_buyers" ADD CONSTRAINT "invoice_rot_buyers_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_credited_invoice_id_invoices_id_fk" FOREIGN KEY ("credited_invoice_id") REFERENCES "public"."invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_rot_follow_up_invoice_id_invoices_id_fk" FOREIGN KEY ("rot_follow_up_invoice_id") REFERENCES "public"."invoices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoice_payments_invoice_idx" ON "invoice_payments" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "invoice_payments_paid_on_idx" ON "invoice_payments" USING btree ("paid_on");--> statement-breakpoint
CREATE INDEX "invoice_rot_buyers_person_idx" ON "invoice_rot_buyers" USING btree ("personal_number","cap_year");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_number_idx" ON "invoices" USING btree ("number");--> statement-breakpoint
CREATE INDEX "invoices_unpaid_due_idx" ON "invoices" USING btree ("due_date","id") WHERE "invoices"."status" = 'sent' and "invoices"."kind" = 'invoice' and "invoices"."paid_ore" < "invoices"."to_pay_ore";--> statement-breakpoint
CREATE INDEX "invoices_customer_idx" ON "invoices" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "invoices_booking_idx" ON "invoices" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "invoices_list_idx" ON "invoices" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "invoices_status_list_idx" ON "invoices" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "invoices_search_key_trgm_idx" ON "invoices" USING gin ("search_key" gin_trgm_ops);