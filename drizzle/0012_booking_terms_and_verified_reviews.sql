-- Hand-written. Three trust rules (docs/security.md, threat model):
-- 1. A session keeps the cancellation policy in force when it was booked (its rate and price are already kept in
--    hourly_rate_cents / total_amount_cents): an expert's later policy change applies to new bookings only.
--    Existing sessions take their expert's current policy, the best record there is of the terms they were
--    booked under.
ALTER TABLE "sessions" ADD COLUMN "cancellation_policy" text;
--> statement-breakpoint
UPDATE "sessions" SET "cancellation_policy" = e."cancellation_policy" FROM "experts" e WHERE e."id" = "sessions"."expert_id";
--> statement-breakpoint
ALTER TABLE "sessions" ALTER COLUMN "cancellation_policy" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_cancellation_policy_check" CHECK ("sessions"."cancellation_policy" in ('flexible', 'moderate', 'strict'));
--> statement-breakpoint
-- Session lists now read the session's own policy, so an expert's policy change no longer shows in their
-- clients' lists: only a slug change (in every session's link) still concerns every list (migration 0011).
DROP TRIGGER IF EXISTS "experts_listing_changes" ON "experts";
--> statement-breakpoint
CREATE TRIGGER experts_listing_changes AFTER UPDATE OF slug ON experts FOR EACH ROW
  WHEN (OLD.slug IS DISTINCT FROM NEW.slug)
  EXECUTE FUNCTION mentora_notify_expert_listing();
--> statement-breakpoint
-- 2. An Idempotency-Key names one request: the SHA-256 (hex) of the booking's canonical body is kept with the key,
--    and a replay with another body is refused. Null for bookings made before it was kept.
ALTER TABLE "sessions" ADD COLUMN "request_hash" text;
--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_request_hash_check" CHECK ("sessions"."request_hash" is null or "sessions"."request_hash" ~ '^[0-9a-f]{64}$');
--> statement-breakpoint
-- 3. Public ratings come only from paid sessions that took place: confirmed or completed, and no dispute decided
--    for the client. public_reviews is that rule, in one place: the profile's review list and the stored
--    rating_avg / review_count (search order) are read from it.
CREATE VIEW "public_reviews" AS
  SELECT f.* FROM "session_feedback" f JOIN "sessions" s ON s."id" = f."session_id"
  WHERE s."kind" = 'paid' AND s."status" in ('confirmed', 'completed')
    AND NOT EXISTS (SELECT 1 FROM "disputes" d WHERE d."session_id" = f."session_id" AND d."decision" = 'client');
--> statement-breakpoint
-- A free introductory meeting never gets a public review (it may send private feedback instead).
CREATE OR REPLACE FUNCTION mentora_feedback_paid_session() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM sessions s WHERE s.id = NEW.session_id AND s.kind = 'paid') THEN
    RAISE EXCEPTION 'public feedback needs a paid session' USING ERRCODE = 'check_violation', CONSTRAINT = 'session_feedback_paid_session';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER session_feedback_paid_session BEFORE INSERT OR UPDATE OF session_id ON session_feedback FOR EACH ROW EXECUTE FUNCTION mentora_feedback_paid_session();
--> statement-breakpoint
-- Ratings recomputed under the rule: reviews of free intros stop counting.
UPDATE "experts" SET ("rating_avg", "review_count") = (SELECT round(avg(r."score"), 2), count(*)::int FROM "public_reviews" r WHERE r."expert_id" = "experts"."id");
