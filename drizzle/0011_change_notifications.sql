-- Hand-written (triggers are not modelled by drizzle-kit). Change notifications for the per-user caches of the
-- servers (src/server/db/change-feed.ts; docs/architecture.md "Kept answers"): every committed write that can change what a signed-in
-- request reads sends NOTIFY mentora_changes with what changed, whichever server, job or script made it:
--   'account:<user id>'   the user row or one of their sign-in sessions changed or went (sign-out, password
--                         change, role or profile change): that user's cached session checks are dropped;
--   'sessions:<user id>'  a session (or its payment) of that user, as client or as expert, changed;
--   'sessions:*'          an expert's slug or cancellation policy changed: it shows in their clients' lists.
-- PostgreSQL delivers a notification when the transaction commits, once per distinct payload per transaction.
CREATE OR REPLACE FUNCTION mentora_notify_account() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- TG_ARGV[0]: the column holding the user id ("id" of "user", "user_id" of auth_session).
  PERFORM pg_notify('mentora_changes', 'account:' || (to_jsonb(OLD) ->> TG_ARGV[0]));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION mentora_notify_session_parties(client_id text, expert_id uuid) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('mentora_changes', 'sessions:' || client_id);
  PERFORM pg_notify('mentora_changes', 'sessions:' || e.user_id) FROM experts e WHERE e.id = expert_id AND e.user_id IS NOT NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION mentora_notify_session() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'DELETE' THEN PERFORM mentora_notify_session_parties(NEW.client_id, NEW.expert_id); END IF;
  IF TG_OP <> 'INSERT' THEN PERFORM mentora_notify_session_parties(OLD.client_id, OLD.expert_id); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION mentora_notify_payment() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM mentora_notify_session_parties(s.client_id, s.expert_id) FROM sessions s
    WHERE s.id = CASE WHEN TG_OP = 'DELETE' THEN OLD.session_id ELSE NEW.session_id END;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION mentora_notify_expert_listing() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('mentora_changes', 'sessions:*');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER user_changes AFTER UPDATE OR DELETE ON "user" FOR EACH ROW EXECUTE FUNCTION mentora_notify_account('id');
--> statement-breakpoint
CREATE TRIGGER auth_session_changes AFTER UPDATE OR DELETE ON auth_session FOR EACH ROW EXECUTE FUNCTION mentora_notify_account('user_id');
--> statement-breakpoint
CREATE TRIGGER sessions_changes AFTER INSERT OR UPDATE OR DELETE ON sessions FOR EACH ROW EXECUTE FUNCTION mentora_notify_session();
--> statement-breakpoint
CREATE TRIGGER payments_changes AFTER INSERT OR UPDATE OR DELETE ON payments FOR EACH ROW EXECUTE FUNCTION mentora_notify_payment();
--> statement-breakpoint
CREATE TRIGGER experts_listing_changes AFTER UPDATE OF slug, cancellation_policy ON experts FOR EACH ROW
  WHEN (OLD.slug IS DISTINCT FROM NEW.slug OR OLD.cancellation_policy IS DISTINCT FROM NEW.cancellation_policy)
  EXECUTE FUNCTION mentora_notify_expert_listing();
