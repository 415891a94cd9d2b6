-- No-show reports (docs/product.md "No-shows"): one per session, made by one party in the 48 hours after the
-- session's end; the other party may contest it until respond_by (48 hours after the report). Uncontested, the
-- job settles it for the reporter (status upheld); contested, the session becomes a dispute for the team.
CREATE TABLE "no_show_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"session_id" uuid NOT NULL,
	"reported_by" text NOT NULL,
	"reporter_id" text NOT NULL,
	"statement" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"respond_by" timestamp with time zone NOT NULL,
	"contest_statement" text,
	"contested_at" timestamp with time zone,
	"resolved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "no_show_reports_session_id_unique" UNIQUE("session_id"),
	CONSTRAINT "no_show_reports_reported_by_check" CHECK ("no_show_reports"."reported_by" in ('client', 'expert')),
	CONSTRAINT "no_show_reports_status_check" CHECK ("no_show_reports"."status" in ('open', 'contested', 'upheld')),
	CONSTRAINT "no_show_reports_statement_check" CHECK (char_length("no_show_reports"."statement") <= 5000 and char_length(coalesce("no_show_reports"."contest_statement", '')) <= 5000),
	CONSTRAINT "no_show_reports_contest_check" CHECK (("no_show_reports"."status" = 'contested') = ("no_show_reports"."contested_at" is not null) and ("no_show_reports"."contested_at" is null) = ("no_show_reports"."contest_statement" is null)),
	CONSTRAINT "no_show_reports_resolved_check" CHECK (("no_show_reports"."status" = 'open') = ("no_show_reports"."resolved_at" is null)),
	CONSTRAINT "no_show_reports_respond_by_check" CHECK ("no_show_reports"."respond_by" > "no_show_reports"."created_at")
);
--> statement-breakpoint
ALTER TABLE "no_show_reports" ADD CONSTRAINT "no_show_reports_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "no_show_reports" ADD CONSTRAINT "no_show_reports_reporter_id_user_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."user"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "no_show_reports_open_due_idx" ON "no_show_reports" USING btree ("respond_by") WHERE "no_show_reports"."status" = 'open';
--> statement-breakpoint
-- While a report is open the payment may not be released: whoever tries (the client confirming, the 72-hour
-- auto-release, a script), a booked session with an open report never becomes confirmed or completed.
CREATE OR REPLACE FUNCTION mentora_no_release_during_no_show() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM no_show_reports r WHERE r.session_id = NEW.id AND r.status = 'open') THEN
    RAISE EXCEPTION 'session % has an open no-show report', NEW.id USING ERRCODE = 'check_violation', CONSTRAINT = 'sessions_no_release_during_no_show';
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER sessions_no_release_during_no_show BEFORE UPDATE OF status ON sessions FOR EACH ROW
  WHEN (OLD.status = 'booked' AND NEW.status IN ('confirmed', 'completed'))
  EXECUTE FUNCTION mentora_no_release_during_no_show();
