-- Double booking is impossible: no two live (not cancelled) sessions of one expert, nor of one client,
-- overlap in time. 20 concurrent overlapping inserts → exactly one succeeds, the rest fail with 23P01.
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_expert_no_overlap"
  EXCLUDE USING gist ("expert_id" WITH =, tstzrange("starts_at", "ends_at") WITH &&) WHERE ("status" <> 'cancelled');--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_client_no_overlap"
  EXCLUDE USING gist ("client_id" WITH =, tstzrange("starts_at", "ends_at") WITH &&) WHERE ("status" <> 'cancelled');
