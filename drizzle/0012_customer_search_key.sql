-- The register's search text in lower case (issue 12): searched with LIKE instead of ILIKE, which
-- folds the case of every candidate row again on every search.
DROP INDEX "customers_search_trgm_idx";--> statement-breakpoint
ALTER TABLE "customers" DROP COLUMN "search_text";--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "search_key" text GENERATED ALWAYS AS (translate(lower(name || ' ' || email || ' ' || phone || ' ' || address || ' ' || postal_code || ' ' || city), 'ÅÄÖÉÈÁÀÜÆØ', 'åäöéèáàüæø')) STORED;--> statement-breakpoint
CREATE INDEX "customers_search_key_trgm_idx" ON "customers" USING gin ("search_key" gin_trgm_ops);--> statement-breakpoint
-- The typo words' trigger (migration 0011) looked for other customers with a word in search_text.
CREATE OR REPLACE FUNCTION customer_search_words_sync() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  added text[] := '{}';
  removed text[] := '{}';
BEGIN
  IF TG_OP <> 'DELETE' THEN added := customer_search_words_of(NEW.name || ' ' || NEW.address || ' ' || NEW.city); END IF;
  IF TG_OP <> 'INSERT' THEN removed := customer_search_words_of(OLD.name || ' ' || OLD.address || ' ' || OLD.city); END IF;
  INSERT INTO customer_search_words (word) SELECT unnest(added) ON CONFLICT DO NOTHING;
  -- A word no other customer has goes with this one (an erased customer's name must not stay, GDPR).
  DELETE FROM customer_search_words w
  WHERE w.word = ANY (removed) AND NOT (w.word = ANY (added))
    AND NOT EXISTS (SELECT 1 FROM customers c WHERE c.id <> OLD.id AND c.search_key LIKE '%' || w.word || '%');
  RETURN NULL;
END
$$;
