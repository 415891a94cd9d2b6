-- Expert scheduling limits (docs/product.md "Availability"): a buffer before and after each session (0–60
-- minutes each) and a maximum number of sessions per day in the expert's zone (null = no limit).
ALTER TABLE "experts" ADD COLUMN "buffer_before_minutes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "experts" ADD COLUMN "buffer_after_minutes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "experts" ADD COLUMN "max_sessions_per_day" integer;--> statement-breakpoint
ALTER TABLE "experts" ADD CONSTRAINT "experts_buffers_check" CHECK ("experts"."buffer_before_minutes" between 0 and 60 and "experts"."buffer_after_minutes" between 0 and 60);--> statement-breakpoint
ALTER TABLE "experts" ADD CONSTRAINT "experts_max_sessions_per_day_check" CHECK ("experts"."max_sessions_per_day" is null or "experts"."max_sessions_per_day" between 1 and 96);--> statement-breakpoint
-- A session keeps the buffers it was booked under: the expert's, copied when the row is written.
ALTER TABLE "sessions" ADD COLUMN "buffer_before_minutes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "buffer_after_minutes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_buffers_check" CHECK ("sessions"."buffer_before_minutes" between 0 and 60 and "sessions"."buffer_after_minutes" between 0 and 60);--> statement-breakpoint
-- The time a session takes from its expert's calendar: [starts_at − buffer before, ends_at + buffer after).
-- Declared IMMUTABLE for the exclusion constraint: whole minutes added to an instant do not depend on any zone
-- (the built-in timestamptz ± interval is only STABLE because day and month units do).
CREATE OR REPLACE FUNCTION mentora_blocked_range(starts_at timestamptz, ends_at timestamptz, before_minutes integer, after_minutes integer)
  RETURNS tstzrange LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT tstzrange(starts_at - make_interval(mins => before_minutes), ends_at + make_interval(mins => after_minutes))
$$;--> statement-breakpoint
-- Hand-written (EXCLUDE constraints are not modelled by drizzle-kit): two live sessions of one expert may not
-- have overlapping blocked ranges, so the buffers are guarded under races like the sessions themselves. The
-- client side (migration 0009) stays on the sessions' own times.
ALTER TABLE "sessions" DROP CONSTRAINT "sessions_expert_no_overlap";--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_expert_no_overlap"
  EXCLUDE USING gist ("expert_id" WITH =, mentora_blocked_range("starts_at", "ends_at", "buffer_before_minutes", "buffer_after_minutes") WITH &&) WHERE ("status" NOT IN ('cancelled', 'expired'));--> statement-breakpoint
-- Written with every new session, and with every session moved or made live again: copies the expert's buffers
-- onto a new session, and refuses a session on an expert date (in the expert's zone) that already has the
-- expert's maximum of live sessions. A per-expert transaction lock makes concurrent bookings count one by one.
CREATE OR REPLACE FUNCTION mentora_session_limits() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  e experts%ROWTYPE;
  booked integer;
BEGIN
  SELECT * INTO e FROM experts WHERE id = NEW.expert_id;
  IF NOT FOUND THEN
    RETURN NEW;
  END IF;
  IF TG_OP = 'INSERT' THEN
    NEW.buffer_before_minutes := e.buffer_before_minutes;
    NEW.buffer_after_minutes := e.buffer_after_minutes;
  END IF;
  IF e.max_sessions_per_day IS NULL OR NEW.status IN ('cancelled', 'expired') THEN
    RETURN NEW;
  END IF;
  IF TG_OP = 'UPDATE' AND NEW.starts_at = OLD.starts_at AND OLD.status NOT IN ('cancelled', 'expired') THEN
    RETURN NEW;
  END IF;
  PERFORM pg_advisory_xact_lock(hashtextextended('mentora_sessions_per_day:' || NEW.expert_id::text, 0));
  SELECT count(*) INTO booked FROM sessions s
    WHERE s.expert_id = NEW.expert_id AND s.id <> NEW.id AND s.status NOT IN ('cancelled', 'expired')
      AND s.starts_at > NEW.starts_at - interval '2 days' AND s.starts_at < NEW.starts_at + interval '2 days'
      AND (s.starts_at AT TIME ZONE e.timezone)::date = (NEW.starts_at AT TIME ZONE e.timezone)::date;
  IF booked >= e.max_sessions_per_day THEN
    RAISE EXCEPTION 'expert % has % sessions on that day', NEW.expert_id, booked
      USING ERRCODE = 'check_violation', CONSTRAINT = 'sessions_expert_daily_limit';
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER sessions_limits BEFORE INSERT OR UPDATE OF starts_at, status ON sessions FOR EACH ROW EXECUTE FUNCTION mentora_session_limits();
