-- Each account's IANA time zone (docs/product.md "E-mail"): null until the browser reports it at sign-up or at the
-- first booking; the server checks the name against the runtime's zone list before it writes it.
ALTER TABLE "user" ADD COLUMN "time_zone" text;
--> statement-breakpoint
ALTER TABLE "user" ADD CONSTRAINT "user_time_zone_check" CHECK ("time_zone" is null or length("time_zone") between 1 and 64);
--> statement-breakpoint
-- The SEQUENCE of the session's calendar invite (RFC 5545 §3.8.7.4): 0 in the booking's REQUEST, raised by every
-- later invite (update or CANCEL) so calendars apply it over the one they hold.
ALTER TABLE "sessions" ADD COLUMN "invite_sequence" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_invite_sequence_check" CHECK ("invite_sequence" >= 0);
--> statement-breakpoint
-- reminder_sent_at is the 24-hour reminder; this one is the 1-hour reminder (docs/product.md "Sessions").
ALTER TABLE "sessions" ADD COLUMN "hour_reminder_sent_at" timestamp with time zone;
--> statement-breakpoint
CREATE INDEX "sessions_reminders_due_idx" ON "sessions" USING btree ("starts_at") WHERE "status" = 'booked' AND ("reminder_sent_at" IS NULL OR "hour_reminder_sent_at" IS NULL);
