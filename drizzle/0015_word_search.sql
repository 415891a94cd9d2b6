-- Word search (docs/product.md "Search and catalogue", docs/decisions/018-search-without-a-cache.md).
-- Two english full-text vectors of an expert, each with a GIN index: search_vector of everything searchable (name,
-- role, expertise tags and about text) and title_vector of the name, role (title) and expertise tags alone. The
-- ranking needs to know whether a word is in the title part; a weighted single vector could say so too, but the
-- planner ignores weights when it estimates how many experts match, and its estimate decides between walking an
-- index in sort order and reading the GIN posting lists. Two vectors keep every estimate exact per word.
-- They replace search_text (substring search).
DROP INDEX IF EXISTS "experts_search_trgm_idx";--> statement-breakpoint
ALTER TABLE "experts" DROP COLUMN "search_text";--> statement-breakpoint
ALTER TABLE "experts" ADD COLUMN "title_vector" tsvector GENERATED ALWAYS AS (
  to_tsvector('english'::regconfig, name || ' ' || role || ' ' || mentora_array_text(expertise, ' '))
) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "experts" ADD COLUMN "search_vector" tsvector GENERATED ALWAYS AS (
  to_tsvector('english'::regconfig, name || ' ' || role || ' ' || mentora_array_text(expertise, ' ') || ' ' || about)
) STORED NOT NULL;--> statement-breakpoint
-- Partial (published only, as every search is): a count of a word query needs no heap filter for the status.
CREATE INDEX "experts_title_vector_idx" ON "experts" USING gin ("title_vector") WHERE status = 'published';--> statement-breakpoint
CREATE INDEX "experts_search_vector_idx" ON "experts" USING gin ("search_vector") WHERE status = 'published';--> statement-breakpoint
-- The words of every expert's searchable text, each with its english lexeme (stem): the vocabulary a query word
-- is checked against and, when its stem is nowhere, corrected from (a typo) by trigram distance. Small (distinct
-- words, not rows), so the correction is a nearest-neighbour lookup in its GiST index, never a scan of experts.
-- Words are only ever added: a word left by an edited profile corrects a typo to a stem that matches nobody,
-- which is the same answer as no correction.
CREATE TABLE "search_lexicon" (
  "word" text PRIMARY KEY,
  "lexeme" text NOT NULL
);--> statement-breakpoint
CREATE INDEX "search_lexicon_lexeme_idx" ON "search_lexicon" ("lexeme");--> statement-breakpoint
CREATE INDEX "search_lexicon_word_trgm_idx" ON "search_lexicon" USING gist ("word" gist_trgm_ops);--> statement-breakpoint
-- The words of one expert's searchable text (lower case, stop words included) with their english lexemes,
-- stop words (no lexeme) left out.
CREATE FUNCTION mentora_search_words(name text, role text, expertise text[], about text) RETURNS TABLE (word text, lexeme text)
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$
    SELECT w, l FROM unnest(tsvector_to_array(to_tsvector('simple'::regconfig, name || ' ' || role || ' ' || mentora_array_text(expertise, ' ') || ' ' || about))) AS w,
      LATERAL (SELECT (tsvector_to_array(to_tsvector('english'::regconfig, w)))[1] AS l) s
    WHERE l IS NOT NULL
  $$;--> statement-breakpoint
-- Adds the words of the experts in the transition table new_rows (statement-level: one insert per statement,
-- however many rows a bulk insert or update touched).
CREATE FUNCTION mentora_search_lexicon_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_lexicon (word, lexeme)
  SELECT DISTINCT w.word, w.lexeme FROM new_rows r, mentora_search_words(r.name, r.role, r.expertise, r.about) w
  ON CONFLICT (word) DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "experts_search_lexicon_insert" AFTER INSERT ON "experts" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION mentora_search_lexicon_add();--> statement-breakpoint
CREATE TRIGGER "experts_search_lexicon_update" AFTER UPDATE ON "experts" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION mentora_search_lexicon_add();--> statement-breakpoint
INSERT INTO search_lexicon (word, lexeme)
SELECT DISTINCT w.word, w.lexeme FROM experts e, mentora_search_words(e.name, e.role, e.expertise, e.about) w
ON CONFLICT (word) DO NOTHING;
