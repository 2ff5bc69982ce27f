CREATE TABLE "sessions" (
	"sid" text PRIMARY KEY NOT NULL,
	"user_id" integer,
	"data" jsonb NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"password" text NOT NULL,
	"name" text NOT NULL,
	"phone" text,
	"role" text DEFAULT 'technician' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_username_unique" UNIQUE("username")
);
--> statement-breakpoint
CREATE TABLE "customers" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"address" text NOT NULL,
	"city" text NOT NULL,
	"postal_code" text NOT NULL,
	"coordinates" jsonb,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"brand" text,
	"model" text NOT NULL,
	"type" text NOT NULL,
	"serial_number" text,
	"install_date" date,
	"warranty_end" date,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blocked_time_slots" (
	"id" serial PRIMARY KEY NOT NULL,
	"date" date NOT NULL,
	"start_time" time NOT NULL,
	"end_time" time NOT NULL,
	"reason" text NOT NULL,
	"service_types" text[] NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "booking_images" (
	"id" serial PRIMARY KEY NOT NULL,
	"booking_id" integer NOT NULL,
	"image_url" text NOT NULL,
	"caption" text,
	"uploaded_by" text NOT NULL,
	"uploaded_by_id" integer,
	"content_type" text DEFAULT 'image/jpeg' NOT NULL,
	"width" integer,
	"height" integer,
	"data" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bookings" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"service_type" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"heatpump_model" text,
	"date" date NOT NULL,
	"time_slot" text NOT NULL,
	"start_time" time NOT NULL,
	"end_time" time NOT NULL,
	"during" "tsrange" GENERATED ALWAYS AS (tsrange(date + start_time, date + end_time, '[)')) STORED,
	"status" text DEFAULT 'planned' NOT NULL,
	"images" text[] DEFAULT '{}'::text[] NOT NULL,
	"notes" text,
	"assigned_technician_id" integer,
	"google_calendar_event_id" text,
	"product_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shared_booking_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"booking_id" integer NOT NULL,
	"token" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"last_accessed" timestamp with time zone,
	"allow_client_updates" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	CONSTRAINT "shared_booking_links_token_unique" UNIQUE("token")
);
--> statement-breakpoint
CREATE TABLE "reminders" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"product_id" integer,
	"reminder_type" text NOT NULL,
	"message" text,
	"due_date" date NOT NULL,
	"sent" boolean DEFAULT false NOT NULL,
	"email_subject" text,
	"email_template" text,
	"postponed_until" date,
	"discount_offer" text,
	"response_status" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"booking_id" integer,
	"product_id" integer,
	"service_date" timestamp with time zone NOT NULL,
	"service_type" text NOT NULL,
	"technician" text,
	"issues" text,
	"actions" text,
	"parts" text,
	"follow_up_needed" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'completed' NOT NULL,
	"description" text,
	"notes" text,
	"cost" numeric(10, 2),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_reminder_responses" (
	"id" serial PRIMARY KEY NOT NULL,
	"reminder_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"response_type" text NOT NULL,
	"response_date" timestamp with time zone DEFAULT now() NOT NULL,
	"booking_id" integer,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "installation_protocols" (
	"id" serial PRIMARY KEY NOT NULL,
	"public_id" text NOT NULL,
	"booking_id" integer,
	"customer_id" integer,
	"technician_id" integer,
	"installation_date" date NOT NULL,
	"customer_name" text NOT NULL,
	"customer_phone" text,
	"customer_email" text NOT NULL,
	"installation_address" text,
	"organization_number" text,
	"company_name" text,
	"company_org_number" text,
	"company_phone" text,
	"installed_brand" text,
	"installed_model" text,
	"installed_power" text,
	"installation_type" text DEFAULT 'luftvarmepump' NOT NULL,
	"indoor_unit_location" text,
	"outdoor_unit_location" text,
	"electrical_connection_type" text,
	"refrigerant_type" text DEFAULT 'R32' NOT NULL,
	"refrigerant_amount" numeric(8, 3),
	"technician_certificate_number" text,
	"company_certificate_number" text,
	"demontaged_products" text,
	"notes" text,
	"technician_notes" text,
	"installed_items" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"pre_installation_checks" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"installation_steps" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"technical_checks" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"electrical_tests" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"pressure_tests" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"performance_tests" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"safety_checks" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"handover" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"customer_handover" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"protocol_images" jsonb DEFAULT '{"condenseDrainPipe":[],"serialNumbers":[],"completedInstallation":[]}'::jsonb NOT NULL,
	"technician_signature" text,
	"technician_signed_at" timestamp with time zone,
	"customer_signature" text,
	"customer_signed_at" timestamp with time zone,
	"customer_comments" text,
	"status" text DEFAULT 'draft' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "installation_protocols_public_id_unique" UNIQUE("public_id")
);
--> statement-breakpoint
CREATE TABLE "email_outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"to" text NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"html" text,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "system_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "usage_stats" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_type" varchar(50) NOT NULL,
	"session_id" varchar(255),
	"user_agent" varchar(500),
	"ip_address" varchar(45),
	"metadata" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blocked_time_slots" ADD CONSTRAINT "blocked_time_slots_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_images" ADD CONSTRAINT "booking_images_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_assigned_technician_id_users_id_fk" FOREIGN KEY ("assigned_technician_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shared_booking_links" ADD CONSTRAINT "shared_booking_links_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shared_booking_links" ADD CONSTRAINT "shared_booking_links_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminders" ADD CONSTRAINT "reminders_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminders" ADD CONSTRAINT "reminders_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_history" ADD CONSTRAINT "service_history_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_history" ADD CONSTRAINT "service_history_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_history" ADD CONSTRAINT "service_history_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_reminder_responses" ADD CONSTRAINT "service_reminder_responses_reminder_id_reminders_id_fk" FOREIGN KEY ("reminder_id") REFERENCES "public"."reminders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_reminder_responses" ADD CONSTRAINT "service_reminder_responses_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_reminder_responses" ADD CONSTRAINT "service_reminder_responses_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "installation_protocols" ADD CONSTRAINT "installation_protocols_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "installation_protocols" ADD CONSTRAINT "installation_protocols_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "installation_protocols" ADD CONSTRAINT "installation_protocols_technician_id_users_id_fk" FOREIGN KEY ("technician_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_expires_idx" ON "sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "customers_email_idx" ON "customers" USING btree ("email");--> statement-breakpoint
CREATE INDEX "customers_city_idx" ON "customers" USING btree ("city");--> statement-breakpoint
CREATE INDEX "products_customer_idx" ON "products" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "products_install_date_idx" ON "products" USING btree ("install_date");--> statement-breakpoint
CREATE INDEX "blocked_time_slots_date_idx" ON "blocked_time_slots" USING btree ("date");--> statement-breakpoint
CREATE INDEX "booking_images_booking_idx" ON "booking_images" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "bookings_date_idx" ON "bookings" USING btree ("date");--> statement-breakpoint
CREATE INDEX "bookings_customer_idx" ON "bookings" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "bookings_technician_idx" ON "bookings" USING btree ("assigned_technician_id");--> statement-breakpoint
CREATE INDEX "bookings_status_idx" ON "bookings" USING btree ("status");--> statement-breakpoint
CREATE INDEX "shared_booking_links_booking_idx" ON "shared_booking_links" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "reminders_due_idx" ON "reminders" USING btree ("due_date");--> statement-breakpoint
CREATE INDEX "reminders_customer_idx" ON "reminders" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "service_history_customer_idx" ON "service_history" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "service_history_date_idx" ON "service_history" USING btree ("service_date");--> statement-breakpoint
CREATE INDEX "protocols_customer_idx" ON "installation_protocols" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "protocols_booking_idx" ON "installation_protocols" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "email_outbox_status_idx" ON "email_outbox" USING btree ("status");