ALTER TABLE "users" ADD COLUMN "bookable" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "work_days" smallint[];--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "work_start" time;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "work_end" time;--> statement-breakpoint
ALTER TABLE "blocked_time_slots" ADD COLUMN "technician_id" integer;--> statement-breakpoint
ALTER TABLE "blocked_time_slots" ADD CONSTRAINT "blocked_time_slots_technician_id_users_id_fk" FOREIGN KEY ("technician_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "blocked_time_slots_technician_idx" ON "blocked_time_slots" USING btree ("technician_id","date");--> statement-breakpoint
-- The availability read takes each visit's technician from the index too (index-only, as 0004).
DROP INDEX "bookings_active_date_idx";--> statement-breakpoint
CREATE INDEX "bookings_active_date_idx" ON "bookings" USING btree ("date","start_time","end_time","assigned_technician_id") WHERE "bookings"."status" <> 'cancelled';--> statement-breakpoint
-- rules D25: one visit at a time per technician instead of per company. The company-wide exclusion
-- constraint of 0001 gives way to one per technician (btree_gist lets an integer take part in a gist
-- index; the embedded database loads the same extension). Visits nobody has yet are kept apart by
-- the booking writes under the day's lock (capacity one when no technician is bookable).
CREATE EXTENSION IF NOT EXISTS btree_gist;--> statement-breakpoint
ALTER TABLE "bookings" DROP CONSTRAINT IF EXISTS "bookings_no_overlap";--> statement-breakpoint
-- The visits ahead that nobody has yet go to a free bookable technician, as a new booking would
-- (fewest visits that week, then that day, then by name); where none is free the visit stays
-- unassigned and the admin overview lists it. Past and finished visits keep what they have.
DO $$
DECLARE
  visit record;
  chosen integer;
BEGIN
  FOR visit IN
    SELECT "id", "date", "start_time", "end_time" FROM "bookings"
    WHERE "assigned_technician_id" IS NULL AND "status" NOT IN ('cancelled', 'completed')
      AND "date" >= (now() AT TIME ZONE 'Europe/Stockholm')::date
    ORDER BY "date", "start_time", "id"
  LOOP
    SELECT u."id" INTO chosen FROM "users" AS u
    WHERE u."role" = 'technician' AND u."bookable"
      AND NOT EXISTS (
        SELECT 1 FROM "bookings" AS b
        WHERE b."assigned_technician_id" = u."id" AND b."status" <> 'cancelled' AND b."date" = visit."date"
          AND b."start_time" < visit."end_time" AND b."end_time" > visit."start_time")
    ORDER BY
      (SELECT count(*) FROM "bookings" AS w WHERE w."assigned_technician_id" = u."id" AND w."status" <> 'cancelled'
         AND date_trunc('week', w."date") = date_trunc('week', visit."date")),
      (SELECT count(*) FROM "bookings" AS d WHERE d."assigned_technician_id" = u."id" AND d."status" <> 'cancelled'
         AND d."date" = visit."date"),
      u."name", u."id"
    LIMIT 1;
    IF chosen IS NOT NULL THEN
      UPDATE "bookings" SET "assigned_technician_id" = chosen WHERE "id" = visit."id";
    END IF;
  END LOOP;
END $$;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_technician_no_overlap"
  EXCLUDE USING gist ("assigned_technician_id" WITH =, "during" WITH &&) WHERE ("status" <> 'cancelled' AND "assigned_technician_id" IS NOT NULL);
--> statement-breakpoint
-- Visits nobody has yet never overlap each other either: with no bookable technician (capacity one)
-- every new visit is one of them, so the database itself keeps the company's one calendar as 0001
-- did, whatever code writes it. A trigger rather than a second exclusion constraint, so that a
-- database where overlapping unassigned visits were stored before (around 0001) still migrates:
-- rows are checked when they are written, not all at once. It takes the day's lock the app's writes
-- take (the same key, hashtext('booking-day:' || date)), so two writers are serialised on every
-- instance and the second one sees the first; a clash is the exclusion constraint's SQLSTATE 23P01.
CREATE FUNCTION "bookings_unassigned_no_overlap"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."status" = 'cancelled' OR NEW."assigned_technician_id" IS NOT NULL THEN
    RETURN NEW;
  END IF;
  IF TG_OP = 'UPDATE' AND OLD."status" <> 'cancelled' AND OLD."assigned_technician_id" IS NULL AND OLD."date" = NEW."date"
     AND OLD."start_time" = NEW."start_time" AND OLD."end_time" = NEW."end_time" THEN
    RETURN NEW;
  END IF;
  PERFORM pg_advisory_xact_lock(hashtext('booking-day:' || NEW."date"::text));
  IF EXISTS (
    SELECT 1 FROM "bookings" AS b
    WHERE b."id" <> NEW."id" AND b."status" <> 'cancelled' AND b."assigned_technician_id" IS NULL AND b."date" = NEW."date"
      AND b."start_time" < NEW."end_time" AND b."end_time" > NEW."start_time") THEN
    RAISE EXCEPTION 'conflicting key value violates exclusion constraint "bookings_unassigned_no_overlap"' USING ERRCODE = 'exclusion_violation';
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "bookings_unassigned_no_overlap" BEFORE INSERT OR UPDATE OF "status", "date", "start_time", "end_time", "assigned_technician_id" ON "bookings"
  FOR EACH ROW EXECUTE FUNCTION "bookings_unassigned_no_overlap"();
