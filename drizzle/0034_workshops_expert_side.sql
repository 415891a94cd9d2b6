-- The expert's side of a workshop (docs/product.md "Workshops").
-- 1. The daily maximum (migrations 0017, 0028) is counted by one function for both triggers: a workshop created,
--    moved or published on an expert date that already holds the expert's maximum of live one-to-one sessions and
--    workshops is refused like a session would be. Both triggers take the same per-expert transaction lock, so a
--    session and a workshop racing for the last place of a day count one by one.
CREATE OR REPLACE FUNCTION mentora_expert_day_count(p_expert uuid, p_zone text, p_at timestamptz, p_session uuid, p_workshop uuid)
  RETURNS integer LANGUAGE sql STABLE AS $$
  SELECT (
    SELECT count(*) FROM sessions s
      WHERE s.expert_id = p_expert AND s.id IS DISTINCT FROM p_session AND s.status NOT IN ('cancelled', 'expired') AND s.workshop_id IS NULL
        AND s.starts_at > p_at - interval '2 days' AND s.starts_at < p_at + interval '2 days'
        AND (s.starts_at AT TIME ZONE p_zone)::date = (p_at AT TIME ZONE p_zone)::date
  )::integer + (
    SELECT count(*) FROM workshops w
      WHERE w.expert_id = p_expert AND w.id IS DISTINCT FROM p_workshop AND w.status <> 'cancelled'
        AND w.starts_at > p_at - interval '2 days' AND w.starts_at < p_at + interval '2 days'
        AND (w.starts_at AT TIME ZONE p_zone)::date = (p_at AT TIME ZONE p_zone)::date
  )::integer
$$;
--> statement-breakpoint
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
  IF e.max_sessions_per_day IS NULL OR NEW.status IN ('cancelled', 'expired') OR NEW.workshop_id IS NOT NULL THEN
    RETURN NEW;
  END IF;
  IF TG_OP = 'UPDATE' AND NEW.starts_at = OLD.starts_at AND OLD.status NOT IN ('cancelled', 'expired') THEN
    RETURN NEW;
  END IF;
  PERFORM pg_advisory_xact_lock(hashtextextended('mentora_sessions_per_day:' || NEW.expert_id::text, 0));
  booked := mentora_expert_day_count(NEW.expert_id, e.timezone, NEW.starts_at, NEW.id, NULL);
  IF booked >= e.max_sessions_per_day THEN
    RAISE EXCEPTION 'expert % has % sessions on that day', NEW.expert_id, booked
      USING ERRCODE = 'check_violation', CONSTRAINT = 'sessions_expert_daily_limit';
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION mentora_workshop_limits() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  e experts%ROWTYPE;
  booked integer;
BEGIN
  IF NEW.status = 'cancelled' THEN
    RETURN NEW;
  END IF;
  IF TG_OP = 'UPDATE' AND NEW.starts_at = OLD.starts_at AND NOT (OLD.status = 'draft' AND NEW.status = 'published') THEN
    RETURN NEW;
  END IF;
  SELECT * INTO e FROM experts WHERE id = NEW.expert_id;
  IF NOT FOUND OR e.max_sessions_per_day IS NULL THEN
    RETURN NEW;
  END IF;
  PERFORM pg_advisory_xact_lock(hashtextextended('mentora_sessions_per_day:' || NEW.expert_id::text, 0));
  booked := mentora_expert_day_count(NEW.expert_id, e.timezone, NEW.starts_at, NULL, NEW.id);
  IF booked >= e.max_sessions_per_day THEN
    RAISE EXCEPTION 'expert % has % sessions on that day', NEW.expert_id, booked
      USING ERRCODE = 'check_violation', CONSTRAINT = 'workshops_expert_daily_limit';
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER workshops_limits BEFORE INSERT OR UPDATE OF starts_at, status ON workshops FOR EACH ROW EXECUTE FUNCTION mentora_workshop_limits();
--> statement-breakpoint
-- 2. The expert's reminders come once per workshop, not once per seat: when each went (null = not yet).
ALTER TABLE "workshops" ADD COLUMN "reminder_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "workshops" ADD COLUMN "hour_reminder_sent_at" timestamp with time zone;
