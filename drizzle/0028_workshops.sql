-- Group workshops (docs/product.md "Workshops"; docs/decisions/022-workshops-seats-and-busy-time.md). A workshop is
-- an expert's published event with a capacity; a seat is a session of kind 'workshop' pointing at it, so a seat
-- has the payment, ledger, refunds, reminders, auto-release and feedback of a session.
CREATE TABLE "workshops" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"expert_id" uuid NOT NULL REFERENCES "public"."experts"("id") ON DELETE restrict,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"topic" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"duration_minutes" integer NOT NULL,
	"capacity" integer NOT NULL,
	"price_cents" integer NOT NULL,
	"currency" text DEFAULT 'USD' NOT NULL,
	"min_attendance" integer,
	"status" text DEFAULT 'draft' NOT NULL,
	"seats_sold" integer DEFAULT 0 NOT NULL,
	"meeting_url" text NOT NULL,
	"invite_sequence" integer DEFAULT 0 NOT NULL,
	"published_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"cancelled_by" text,
	"cancel_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "workshops_title_check" CHECK (char_length("title") between 1 and 120),
	CONSTRAINT "workshops_description_check" CHECK (char_length("description") between 1 and 5000),
	CONSTRAINT "workshops_duration_check" CHECK ("duration_minutes" between 30 and 180),
	CONSTRAINT "workshops_ends_check" CHECK ("ends_at" = "starts_at" + make_interval(mins => "duration_minutes")),
	CONSTRAINT "workshops_capacity_check" CHECK ("capacity" between 2 and 50),
	CONSTRAINT "workshops_price_check" CHECK ("price_cents" between 0 and 10000),
	CONSTRAINT "workshops_min_attendance_check" CHECK ("min_attendance" is null or "min_attendance" between 1 and "capacity"),
	CONSTRAINT "workshops_status_check" CHECK ("status" in ('draft', 'published', 'cancelled')),
	CONSTRAINT "workshops_published_check" CHECK ("status" = 'draft' or "published_at" is not null or "cancelled_at" is not null),
	CONSTRAINT "workshops_cancelled_check" CHECK (("status" = 'cancelled') = ("cancelled_at" is not null)),
	CONSTRAINT "workshops_cancelled_by_check" CHECK ("cancelled_by" is null or "cancelled_by" in ('expert', 'minimum', 'team')),
	-- Never more seats sold than seats: the seat trigger below moves this counter in the booking's own statement.
	CONSTRAINT "workshops_seats_check" CHECK ("seats_sold" between 0 and "capacity"),
	CONSTRAINT "workshops_invite_sequence_check" CHECK ("invite_sequence" >= 0)
);
--> statement-breakpoint
CREATE INDEX "workshops_upcoming_idx" ON "workshops" USING btree ("status", "starts_at");
--> statement-breakpoint
CREATE INDEX "workshops_expert_idx" ON "workshops" USING btree ("expert_id", "starts_at");
--> statement-breakpoint
-- A seat is a session of kind 'workshop' (30–180 minutes, priced per seat, free allowed) of one workshop.
ALTER TABLE "sessions" ADD COLUMN "workshop_id" uuid REFERENCES "public"."workshops"("id") ON DELETE restrict;
--> statement-breakpoint
ALTER TABLE "sessions" DROP CONSTRAINT "sessions_kind_check";
--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_kind_check" CHECK ("kind" in ('intro', 'paid', 'workshop') and ("kind" = 'workshop') = ("workshop_id" is not null));
--> statement-breakpoint
ALTER TABLE "sessions" DROP CONSTRAINT "sessions_duration_check";
--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_duration_check" CHECK (CASE WHEN "kind" = 'workshop' THEN "duration_minutes" between 30 and 180 ELSE "duration_minutes" in (15, 30, 45, 60, 90, 120) END);
--> statement-breakpoint
ALTER TABLE "sessions" DROP CONSTRAINT "sessions_amount_check";
--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_amount_check" CHECK ("total_amount_cents" >= 0 and ("kind" in ('paid', 'workshop') or ("total_amount_cents" = 0 and "duration_minutes" = 15)));
--> statement-breakpoint
-- One live seat per client per workshop; a cancelled seat may be booked again.
CREATE UNIQUE INDEX "sessions_one_seat_per_client" ON "sessions" USING btree ("workshop_id", "client_id") WHERE "workshop_id" IS NOT NULL AND "status" NOT IN ('cancelled', 'expired');
--> statement-breakpoint
-- The expert's busy time, one row per live one-to-one session (its blocked range, buffers included) and per
-- workshop not cancelled: ONE exclusion guard keeps sessions and workshops of an expert apart, under races.
-- Written only by the triggers below, in the statement that writes the session or the workshop.
CREATE TABLE "expert_busy" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"expert_id" uuid NOT NULL REFERENCES "public"."experts"("id") ON DELETE cascade,
	"during" tstzrange NOT NULL,
	"session_id" uuid UNIQUE REFERENCES "public"."sessions"("id") ON DELETE cascade,
	"workshop_id" uuid UNIQUE REFERENCES "public"."workshops"("id") ON DELETE cascade,
	CONSTRAINT "expert_busy_owner_check" CHECK (num_nonnulls("session_id", "workshop_id") = 1),
	CONSTRAINT "expert_busy_no_overlap" EXCLUDE USING gist ("expert_id" WITH =, "during" WITH &&)
);
--> statement-breakpoint
INSERT INTO "expert_busy" ("expert_id", "during", "session_id")
  SELECT "expert_id", mentora_blocked_range("starts_at", "ends_at", "buffer_before_minutes", "buffer_after_minutes"), "id"
  FROM "sessions" WHERE "status" NOT IN ('cancelled', 'expired');
--> statement-breakpoint
-- The sessions' own expert guard gives way to the shared one (the client's guard, migration 0009, stays: a client's
-- seat and session never overlap either).
ALTER TABLE "sessions" DROP CONSTRAINT "sessions_expert_no_overlap";
--> statement-breakpoint
-- A one-to-one session's busy row follows its time and status; a seat has none (its workshop holds the time) but
-- moves its workshop's seat counter: +1 when it becomes live, −1 when it is cancelled or expires. The counter's
-- update locks the workshop row, so concurrent seats count one by one, and refuses a workshop not published.
CREATE OR REPLACE FUNCTION mentora_session_busy() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  was_live boolean := TG_OP = 'UPDATE' AND OLD.status NOT IN ('cancelled', 'expired');
  is_live boolean := NEW.status NOT IN ('cancelled', 'expired');
BEGIN
  IF NEW.workshop_id IS NOT NULL THEN
    IF is_live AND NOT was_live THEN
      UPDATE workshops SET seats_sold = seats_sold + 1, updated_at = now() WHERE id = NEW.workshop_id AND status = 'published';
      IF NOT FOUND THEN
        RAISE EXCEPTION 'workshop % is not open for booking', NEW.workshop_id USING ERRCODE = 'check_violation', CONSTRAINT = 'workshops_open_check';
      END IF;
    ELSIF was_live AND NOT is_live THEN
      UPDATE workshops SET seats_sold = seats_sold - 1, updated_at = now() WHERE id = NEW.workshop_id;
    END IF;
    RETURN NULL;
  END IF;
  IF is_live THEN
    INSERT INTO expert_busy (expert_id, during, session_id)
      VALUES (NEW.expert_id, mentora_blocked_range(NEW.starts_at, NEW.ends_at, NEW.buffer_before_minutes, NEW.buffer_after_minutes), NEW.id)
      ON CONFLICT (session_id) DO UPDATE SET expert_id = EXCLUDED.expert_id, during = EXCLUDED.during;
  ELSE
    DELETE FROM expert_busy WHERE session_id = NEW.id;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER sessions_busy AFTER INSERT OR UPDATE OF starts_at, ends_at, status, buffer_before_minutes, buffer_after_minutes ON sessions FOR EACH ROW EXECUTE FUNCTION mentora_session_busy();
--> statement-breakpoint
-- A workshop takes its expert's time from creation until it is cancelled.
CREATE OR REPLACE FUNCTION mentora_workshop_busy() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status <> 'cancelled' THEN
    INSERT INTO expert_busy (expert_id, during, workshop_id)
      VALUES (NEW.expert_id, tstzrange(NEW.starts_at, NEW.ends_at), NEW.id)
      ON CONFLICT (workshop_id) DO UPDATE SET during = EXCLUDED.during;
  ELSE
    DELETE FROM expert_busy WHERE workshop_id = NEW.id;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER workshops_busy AFTER INSERT OR UPDATE OF starts_at, ends_at, status ON workshops FOR EACH ROW EXECUTE FUNCTION mentora_workshop_busy();
--> statement-breakpoint
-- The daily maximum (migration 0017) counts one-to-one sessions and the expert's workshops; seats are not sessions
-- of the expert's day.
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
  SELECT count(*) INTO booked FROM sessions s
    WHERE s.expert_id = NEW.expert_id AND s.id <> NEW.id AND s.status NOT IN ('cancelled', 'expired') AND s.workshop_id IS NULL
      AND s.starts_at > NEW.starts_at - interval '2 days' AND s.starts_at < NEW.starts_at + interval '2 days'
      AND (s.starts_at AT TIME ZONE e.timezone)::date = (NEW.starts_at AT TIME ZONE e.timezone)::date;
  SELECT booked + count(*) INTO booked FROM workshops w
    WHERE w.expert_id = NEW.expert_id AND w.status <> 'cancelled'
      AND w.starts_at > NEW.starts_at - interval '2 days' AND w.starts_at < NEW.starts_at + interval '2 days'
      AND (w.starts_at AT TIME ZONE e.timezone)::date = (NEW.starts_at AT TIME ZONE e.timezone)::date;
  IF booked >= e.max_sessions_per_day THEN
    RAISE EXCEPTION 'expert % has % sessions on that day', NEW.expert_id, booked
      USING ERRCODE = 'check_violation', CONSTRAINT = 'sessions_expert_daily_limit';
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
-- Kept answers (migration 0016): a workshop change is a change of its expert's rows (their bookable times).
CREATE OR REPLACE FUNCTION mentora_row_keys(tbl text, r jsonb) RETURNS text[] LANGUAGE sql STABLE AS $$
  SELECT CASE tbl
    WHEN 'experts' THEN ARRAY['expert:' || (r ->> 'id'), 'expert:' || (r ->> 'slug'), 'user:' || (r ->> 'user_id')]
    WHEN 'availability_rules' THEN mentora_expert_keys((r ->> 'expert_id')::uuid)
    WHEN 'availability_exceptions' THEN mentora_expert_keys((r ->> 'expert_id')::uuid)
    WHEN 'workshops' THEN mentora_expert_keys((r ->> 'expert_id')::uuid)
    WHEN 'sessions' THEN mentora_expert_keys((r ->> 'expert_id')::uuid) || ('user:' || (r ->> 'client_id'))
    WHEN 'payments' THEN (
      SELECT mentora_expert_keys(s.expert_id) || ('user:' || s.client_id) FROM sessions s WHERE s.id = (r ->> 'session_id')::uuid
    )
    WHEN 'user' THEN ARRAY['user:' || (r ->> 'id')]
    WHEN 'auth_session' THEN ARRAY['user:' || (r ->> 'user_id')]
  END
$$;
--> statement-breakpoint
CREATE TRIGGER workshops_changes AFTER INSERT OR UPDATE OR DELETE ON workshops FOR EACH ROW EXECUTE FUNCTION mentora_notify_change();
--> statement-breakpoint
CREATE TRIGGER workshops_truncated AFTER TRUNCATE ON workshops FOR EACH STATEMENT EXECUTE FUNCTION mentora_notify_change();
