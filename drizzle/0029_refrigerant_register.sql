CREATE TABLE "leak_checks" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"booking_id" integer,
	"checked_on" date NOT NULL,
	"method" text NOT NULL,
	"result" text NOT NULL,
	"added_kg" numeric(7, 3) DEFAULT 0 NOT NULL,
	"recovered_kg" numeric(7, 3) DEFAULT 0 NOT NULL,
	"technician_id" integer,
	"technician_name" text NOT NULL,
	"certificate" text NOT NULL,
	"follow_up" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "leak_checks_method_check" CHECK ("leak_checks"."method" in ('direct', 'indirect', 'detector', 'detection-system')),
	CONSTRAINT "leak_checks_result_check" CHECK ("leak_checks"."result" in ('tight', 'repaired', 'not-repaired')),
	CONSTRAINT "leak_checks_amounts_check" CHECK ("leak_checks"."added_kg" >= 0 and "leak_checks"."recovered_kg" >= 0),
	CONSTRAINT "leak_checks_certificate_check" CHECK (length(trim("leak_checks"."certificate")) > 0)
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "refrigerant" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "refrigerant_charge_kg" numeric(7, 3);--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "leak_detection" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "hermetically_sealed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "leak_checks" ADD CONSTRAINT "leak_checks_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leak_checks" ADD CONSTRAINT "leak_checks_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leak_checks" ADD CONSTRAINT "leak_checks_technician_id_users_id_fk" FOREIGN KEY ("technician_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "leak_checks_product_idx" ON "leak_checks" USING btree ("product_id","checked_on");--> statement-breakpoint
CREATE INDEX "leak_checks_booking_idx" ON "leak_checks" USING btree ("booking_id");--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_refrigerant_check" CHECK ("products"."refrigerant" in ('R32', 'R410A', 'R134a', 'R407C', 'R290', 'R744'));--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_refrigerant_charge_check" CHECK ("products"."refrigerant_charge_kg" >= 0 and ("products"."refrigerant" is null) = ("products"."refrigerant_charge_kg" is null));--> statement-breakpoint
-- Backfill (issue 26): a product takes the refrigerant and charge of its latest signed installation
-- protocol, linked through the protocol's visit (bookings.product_id). Products without such a
-- protocol keep none; the register falls back to a protocol signed later until an admin sets them.
UPDATE "products" SET "refrigerant" = "latest"."refrigerant_type", "refrigerant_charge_kg" = "latest"."refrigerant_amount"
FROM (
	SELECT DISTINCT ON ("bookings"."product_id") "bookings"."product_id", "installation_protocols"."refrigerant_type", "installation_protocols"."refrigerant_amount"
	FROM "installation_protocols" JOIN "bookings" ON "bookings"."id" = "installation_protocols"."booking_id"
	WHERE "bookings"."product_id" IS NOT NULL
		AND "installation_protocols"."status" IN ('technician-signed', 'fully-signed')
		AND "installation_protocols"."refrigerant_type" IN ('R32', 'R410A', 'R134a', 'R407C', 'R290', 'R744')
		AND "installation_protocols"."refrigerant_amount" >= 0 AND "installation_protocols"."refrigerant_amount" < 10000
	ORDER BY "bookings"."product_id", "installation_protocols"."installation_date" DESC, "installation_protocols"."id" DESC
) AS "latest"
WHERE "products"."id" = "latest"."product_id";
