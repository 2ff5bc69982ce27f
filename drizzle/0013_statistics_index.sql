-- Issue 13: the statistics of a period. Bookings by (date, status, service type), by (time slot,
-- date) and by (customer, date): each count of a period one pass over an index in its own order (the
-- first replaces the index on the date alone, the last the one on the customer alone); and the
-- reminders sent and booked in a period.
DROP INDEX "bookings_date_idx";--> statement-breakpoint
DROP INDEX "bookings_customer_idx";--> statement-breakpoint
CREATE INDEX "bookings_statistics_idx" ON "bookings" USING btree ("date","status","service_type");--> statement-breakpoint
CREATE INDEX "bookings_time_slot_idx" ON "bookings" USING btree ("time_slot","date");--> statement-breakpoint
CREATE INDEX "reminders_sent_at_idx" ON "reminders" USING btree ("sent_at") WHERE "reminders"."sent";--> statement-breakpoint
CREATE INDEX "service_reminder_responses_booked_idx" ON "service_reminder_responses" USING btree ("response_date") WHERE "service_reminder_responses"."response_type" = 'booked';--> statement-breakpoint
CREATE INDEX "bookings_customer_idx" ON "bookings" USING btree ("customer_id","date");