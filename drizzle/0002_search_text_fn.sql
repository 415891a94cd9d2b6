-- IMMUTABLE wrapper of array_to_string for text[] (the built-in is only STABLE because of anyarray), so the
-- experts.search_text generated column and its trigram index may use it.
CREATE OR REPLACE FUNCTION mentora_array_text(text[], text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT array_to_string($1, $2) $$;
