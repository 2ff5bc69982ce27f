ALTER TABLE "installation_protocols" ADD COLUMN "customer_erased_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "customer_id" integer;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD CONSTRAINT "email_outbox_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_outbox_customer_idx" ON "email_outbox" USING btree ("customer_id");--> statement-breakpoint
-- Messages queued before the column: about the customer they were sent to, or, for the staff's notice
-- of a new booking, about the customer of the booking its link opens.
UPDATE "email_outbox" o SET "customer_id" = c."id" FROM "customers" c WHERE o."customer_id" IS NULL AND lower(o."to") = lower(c."email");--> statement-breakpoint
UPDATE "email_outbox" o SET "customer_id" = b."customer_id" FROM "bookings" b
WHERE o."customer_id" IS NULL AND substring(o."text" from '/admin/bookings/([0-9]{1,9})([^0-9]|$)')::int = b."id";
