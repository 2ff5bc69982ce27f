CREATE TABLE "service_agreement_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"agreement_id" integer NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"kind" text NOT NULL,
	"by_name" text NOT NULL,
	"note" text,
	CONSTRAINT "service_agreement_events_kind_check" CHECK (kind in ('created', 'sent', 'accepted', 'paused', 'resumed', 'ended', 'renewed', 'visit-proposed', 'fee-invoiced'))
);
--> statement-breakpoint
CREATE TABLE "service_agreements" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"start_date" date NOT NULL,
	"ends_on" date,
	"yearly_price_ore" bigint NOT NULL,
	"visits_per_year" integer NOT NULL,
	"visit_month" integer NOT NULL,
	"repair_discount_percent" integer DEFAULT 0 NOT NULL,
	"auto_renew" boolean DEFAULT true NOT NULL,
	"accepted_at" timestamp with time zone,
	"accepted_from" text,
	"paused_at" timestamp with time zone,
	"token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	CONSTRAINT "service_agreements_token_unique" UNIQUE("token"),
	CONSTRAINT "service_agreements_yearly_price_check" CHECK ("service_agreements"."yearly_price_ore" between 0 and 100000000),
	CONSTRAINT "service_agreements_visits_check" CHECK ("service_agreements"."visits_per_year" between 1 and 4),
	CONSTRAINT "service_agreements_visit_month_check" CHECK ("service_agreements"."visit_month" between 1 and 12),
	CONSTRAINT "service_agreements_discount_check" CHECK ("service_agreements"."repair_discount_percent" between 0 and 50),
	CONSTRAINT "service_agreements_ends_after_start" CHECK ("service_agreements"."ends_on" is null or "service_agreements"."ends_on" >= "service_agreements"."start_date"),
	CONSTRAINT "service_agreements_token_check" CHECK (char_length("service_agreements"."token") = 32),
	CONSTRAINT "service_agreements_paused_when_accepted" CHECK ("service_agreements"."paused_at" is null or "service_agreements"."accepted_at" is not null)
);
--> statement-breakpoint
ALTER TABLE "service_agreement_events" ADD CONSTRAINT "service_agreement_events_agreement_id_service_agreements_id_fk" FOREIGN KEY ("agreement_id") REFERENCES "public"."service_agreements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_agreements" ADD CONSTRAINT "service_agreements_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_agreements" ADD CONSTRAINT "service_agreements_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_agreements" ADD CONSTRAINT "service_agreements_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "service_agreement_events_agreement_idx" ON "service_agreement_events" USING btree ("agreement_id","at");--> statement-breakpoint
CREATE INDEX "service_agreements_customer_idx" ON "service_agreements" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "service_agreements_product_idx" ON "service_agreements" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "service_agreements_list_idx" ON "service_agreements" USING btree ("created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "service_agreements_open_product_idx" ON "service_agreements" USING btree ("product_id") WHERE "service_agreements"."ends_on" is null;