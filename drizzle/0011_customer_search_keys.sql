CREATE TABLE "customer_search_words" (
	"word" text PRIMARY KEY NOT NULL,
	"folded" text GENERATED ALWAYS AS (translate(word, 'åäöéèáàüæø', 'aaoeeaauao')) STORED
);
--> statement-breakpoint
DROP INDEX "customers_search_trgm_idx";--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "search_text" text GENERATED ALWAYS AS (name || ' ' || email || ' ' || phone || ' ' || address || ' ' || postal_code || ' ' || city) STORED;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "sort_full" text collate "C" GENERATED ALWAYS AS (translate(lower(name), 'åäöæøéèáàüÅÄÖ', '{|}|}eeaau{|}')) STORED;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "sort_first" text collate "C" GENERATED ALWAYS AS (translate(lower(split_part(trim(name), ' ', 1)), 'åäöæøéèáàüÅÄÖ', '{|}|}eeaau{|}')) STORED;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "sort_last" text collate "C" GENERATED ALWAYS AS (translate(lower(regexp_replace(trim(name), '^.*\s', '')), 'åäöæøéèáàüÅÄÖ', '{|}|}eeaau{|}')) STORED;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "sort_city" text collate "C" GENERATED ALWAYS AS (translate(lower(city), 'åäöæøéèáàüÅÄÖ', '{|}|}eeaau{|}')) STORED;--> statement-breakpoint
CREATE INDEX "customer_search_words_trgm_idx" ON "customer_search_words" USING gin ("folded" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "customers_sort_full_idx" ON "customers" USING btree ("sort_full","id");--> statement-breakpoint
CREATE INDEX "customers_sort_first_idx" ON "customers" USING btree ("sort_first","sort_full","id");--> statement-breakpoint
CREATE INDEX "customers_sort_last_idx" ON "customers" USING btree ("sort_last","sort_full","id");--> statement-breakpoint
CREATE INDEX "customers_sort_city_idx" ON "customers" USING btree ("sort_city","sort_full","id");--> statement-breakpoint
CREATE INDEX "customers_search_trgm_idx" ON "customers" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
-- The words of a customer that typos are corrected to: names, streets and cities, lower case, 3+ letters.
CREATE FUNCTION customer_search_words_of(value text) RETURNS text[] LANGUAGE sql IMMUTABLE AS $$
  SELECT coalesce(array_agg(DISTINCT w), '{}') FROM regexp_split_to_table(lower(value), '[^[:alpha:]]+') AS w WHERE length(w) >= 3
$$;--> statement-breakpoint
CREATE FUNCTION customer_search_words_sync() RETURNS trigger LANGUAGE plpgsql AS $$
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
    AND NOT EXISTS (SELECT 1 FROM customers c WHERE c.id <> OLD.id AND c.search_text ILIKE '%' || w.word || '%');
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER customers_search_words AFTER INSERT OR DELETE OR UPDATE OF name, address, city ON customers FOR EACH ROW EXECUTE FUNCTION customer_search_words_sync();--> statement-breakpoint
INSERT INTO customer_search_words (word) SELECT DISTINCT unnest(customer_search_words_of(name || ' ' || address || ' ' || city)) FROM customers ON CONFLICT DO NOTHING;
