-- Hand-written (triggers are not modelled by drizzle-kit). Replaces migration 0011's notifications with one for
-- every table a kept answer reads (src/server/cache/; docs/decisions/017-one-cache-owner.md): every committed
-- write sends NOTIFY mentora_changes '{"table": "<table>", "rows": [<row key>, …]}', whichever server, job or
-- script made it. Row keys name what the answers are kept by:
--   'expert:<uuid>', 'expert:<slug>'  the expert a row belongs to, as the public API names one (old and new slug);
--   'user:<id>'                       an account the row belongs to: the user row, its sign-in sessions, a session
--                                     as client or as the expert's account, its payment, the account's expert row.
-- A TRUNCATE sends the table without "rows" (every row). PostgreSQL delivers notifications at commit, in commit
-- order, once per distinct payload per transaction.
DROP TRIGGER IF EXISTS user_changes ON "user";
--> statement-breakpoint
DROP TRIGGER IF EXISTS auth_session_changes ON auth_session;
--> statement-breakpoint
DROP TRIGGER IF EXISTS sessions_changes ON sessions;
--> statement-breakpoint
DROP TRIGGER IF EXISTS payments_changes ON payments;
--> statement-breakpoint
DROP TRIGGER IF EXISTS experts_listing_changes ON experts;
--> statement-breakpoint
DROP FUNCTION IF EXISTS mentora_notify_account();
--> statement-breakpoint
DROP FUNCTION IF EXISTS mentora_notify_session();
--> statement-breakpoint
DROP FUNCTION IF EXISTS mentora_notify_payment();
--> statement-breakpoint
DROP FUNCTION IF EXISTS mentora_notify_session_parties(text, uuid);
--> statement-breakpoint
DROP FUNCTION IF EXISTS mentora_notify_expert_listing();
--> statement-breakpoint
-- The keys of the expert `expert_id`: by uuid, by slug, and their account; the uuid alone once the row is gone.
CREATE OR REPLACE FUNCTION mentora_expert_keys(expert_id uuid) RETURNS text[] LANGUAGE sql STABLE AS $$
  SELECT coalesce(
    (SELECT ARRAY['expert:' || e.id, 'expert:' || e.slug, 'user:' || e.user_id] FROM experts e WHERE e.id = expert_id),
    ARRAY['expert:' || expert_id]
  )
$$;
--> statement-breakpoint
-- The row keys of row `r` (as jsonb) of table `tbl`.
CREATE OR REPLACE FUNCTION mentora_row_keys(tbl text, r jsonb) RETURNS text[] LANGUAGE sql STABLE AS $$
  SELECT CASE tbl
    WHEN 'experts' THEN ARRAY['expert:' || (r ->> 'id'), 'expert:' || (r ->> 'slug'), 'user:' || (r ->> 'user_id')]
    WHEN 'availability_rules' THEN mentora_expert_keys((r ->> 'expert_id')::uuid)
    WHEN 'availability_exceptions' THEN mentora_expert_keys((r ->> 'expert_id')::uuid)
    WHEN 'sessions' THEN mentora_expert_keys((r ->> 'expert_id')::uuid) || ('user:' || (r ->> 'client_id'))
    WHEN 'payments' THEN (
      SELECT mentora_expert_keys(s.expert_id) || ('user:' || s.client_id) FROM sessions s WHERE s.id = (r ->> 'session_id')::uuid
    )
    WHEN 'user' THEN ARRAY['user:' || (r ->> 'id')]
    WHEN 'auth_session' THEN ARRAY['user:' || (r ->> 'user_id')]
  END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION mentora_notify_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  keys text[] := '{}';
BEGIN
  IF TG_LEVEL = 'STATEMENT' THEN
    PERFORM pg_notify('mentora_changes', json_build_object('table', TG_TABLE_NAME)::text);
    RETURN NULL;
  END IF;
  IF TG_OP <> 'DELETE' THEN keys := keys || mentora_row_keys(TG_TABLE_NAME, to_jsonb(NEW)); END IF;
  IF TG_OP <> 'INSERT' THEN keys := keys || mentora_row_keys(TG_TABLE_NAME, to_jsonb(OLD)); END IF;
  PERFORM pg_notify('mentora_changes', json_build_object(
    'table', TG_TABLE_NAME,
    'rows', (SELECT coalesce(json_agg(DISTINCT k ORDER BY k), '[]'::json) FROM unnest(keys) AS k WHERE k IS NOT NULL)
  )::text);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER experts_changes AFTER INSERT OR UPDATE OR DELETE ON experts FOR EACH ROW EXECUTE FUNCTION mentora_notify_change();
--> statement-breakpoint
CREATE TRIGGER experts_truncated AFTER TRUNCATE ON experts FOR EACH STATEMENT EXECUTE FUNCTION mentora_notify_change();
--> statement-breakpoint
CREATE TRIGGER availability_rules_changes AFTER INSERT OR UPDATE OR DELETE ON availability_rules FOR EACH ROW EXECUTE FUNCTION mentora_notify_change();
--> statement-breakpoint
CREATE TRIGGER availability_rules_truncated AFTER TRUNCATE ON availability_rules FOR EACH STATEMENT EXECUTE FUNCTION mentora_notify_change();
--> statement-breakpoint
CREATE TRIGGER availability_exceptions_changes AFTER INSERT OR UPDATE OR DELETE ON availability_exceptions FOR EACH ROW EXECUTE FUNCTION mentora_notify_change();
--> statement-breakpoint
CREATE TRIGGER availability_exceptions_truncated AFTER TRUNCATE ON availability_exceptions FOR EACH STATEMENT EXECUTE FUNCTION mentora_notify_change();
--> statement-breakpoint
CREATE TRIGGER sessions_changes AFTER INSERT OR UPDATE OR DELETE ON sessions FOR EACH ROW EXECUTE FUNCTION mentora_notify_change();
--> statement-breakpoint
CREATE TRIGGER sessions_truncated AFTER TRUNCATE ON sessions FOR EACH STATEMENT EXECUTE FUNCTION mentora_notify_change();
--> statement-breakpoint
CREATE TRIGGER payments_changes AFTER INSERT OR UPDATE OR DELETE ON payments FOR EACH ROW EXECUTE FUNCTION mentora_notify_change();
--> statement-breakpoint
CREATE TRIGGER payments_truncated AFTER TRUNCATE ON payments FOR EACH STATEMENT EXECUTE FUNCTION mentora_notify_change();
--> statement-breakpoint
CREATE TRIGGER user_changes AFTER INSERT OR UPDATE OR DELETE ON "user" FOR EACH ROW EXECUTE FUNCTION mentora_notify_change();
--> statement-breakpoint
CREATE TRIGGER user_truncated AFTER TRUNCATE ON "user" FOR EACH STATEMENT EXECUTE FUNCTION mentora_notify_change();
--> statement-breakpoint
CREATE TRIGGER auth_session_changes AFTER INSERT OR UPDATE OR DELETE ON auth_session FOR EACH ROW EXECUTE FUNCTION mentora_notify_change();
--> statement-breakpoint
CREATE TRIGGER auth_session_truncated AFTER TRUNCATE ON auth_session FOR EACH STATEMENT EXECUTE FUNCTION mentora_notify_change();
