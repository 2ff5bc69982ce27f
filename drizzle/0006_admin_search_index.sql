-- Trigram matching for the admin list's search (PGlite loads the extension in db/client.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "bookings_search_trgm_idx" ON "bookings" USING gin (("contact_name" || ' ' || "address" || ' ' || "city") gin_trgm_ops);
