-- An expert's time is booked by one transaction at a time. Two overlapping sessions checked by an exclusion
-- constraint (sessions' no-overlap constraints, expert_busy_no_overlap) at the same moment wait for each other's
-- transactions, and PostgreSQL breaks that deadlock by aborting one of them (its executor accepts the deadlock rather
-- than serialise every insert: execIndexing.c, check_exclusion_or_unique_constraint), which the API could only answer
-- 500. The BEFORE triggers now take the expert's lock (the one the daily maximum took, migration 0034) for every live
-- one-to-one session and every workshop whose time is written, before the row and its constraints are checked: the
-- later booking meets the earlier one committed and is refused by the constraint (409) like any late booking.
-- Workshop seats keep to their workshop's row lock (migration 0028) and take no expert lock.
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
  IF NEW.status IN ('cancelled', 'expired') OR NEW.workshop_id IS NOT NULL THEN
    RETURN NEW;
  END IF;
  IF TG_OP = 'UPDATE' AND NEW.starts_at = OLD.starts_at AND OLD.status NOT IN ('cancelled', 'expired') THEN
    RETURN NEW;
  END IF;
  PERFORM pg_advisory_xact_lock(hashtextextended('mentora_sessions_per_day:' || NEW.expert_id::text, 0));
  IF e.max_sessions_per_day IS NULL THEN
    RETURN NEW;
  END IF;
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
  PERFORM pg_advisory_xact_lock(hashtextextended('mentora_sessions_per_day:' || NEW.expert_id::text, 0));
  SELECT * INTO e FROM experts WHERE id = NEW.expert_id;
  IF NOT FOUND OR e.max_sessions_per_day IS NULL THEN
    RETURN NEW;
  END IF;
  booked := mentora_expert_day_count(NEW.expert_id, e.timezone, NEW.starts_at, NULL, NEW.id);
  IF booked >= e.max_sessions_per_day THEN
    RAISE EXCEPTION 'expert % has % sessions on that day', NEW.expert_id, booked
      USING ERRCODE = 'check_violation', CONSTRAINT = 'workshops_expert_daily_limit';
  END IF;
  RETURN NEW;
END
$$;
