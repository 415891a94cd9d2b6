-- Hand-written (storage parameters are not modelled by drizzle-kit). The catalogue answers many small requests
-- at once; for the counts and relevance sorts of a common search term PostgreSQL would otherwise start
-- parallel workers on experts, more CPU for no faster answer when the cores are already busy with other
-- requests (measured at 100 000 experts, docs/performance.md). Harmless on PGlite.
ALTER TABLE "experts" SET (parallel_workers = 0);
