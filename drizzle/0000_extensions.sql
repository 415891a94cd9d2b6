-- Extensions first: btree_gist (exclusion constraints on sessions) and pg_trgm (expert search).
CREATE EXTENSION IF NOT EXISTS btree_gist;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS pg_trgm;
