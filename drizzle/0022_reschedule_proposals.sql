-- Reschedule proposals (docs/product.md "Reschedule proposals"): the expert proposes a new start for a booked session;
-- the client accepts (the session moves) or declines (the session is cancelled with a full refund). One open proposal
-- per session; an unanswered one expires at expires_at, the session's start when it was made, and the booking stands.
CREATE TABLE "reschedule_proposals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"session_id" uuid NOT NULL,
	"proposed_starts_at" timestamp with time zone NOT NULL,
	"message" text,
	"status" text DEFAULT 'open' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"answered_at" timestamp with time zone,
	CONSTRAINT "reschedule_proposals_status_check" CHECK ("reschedule_proposals"."status" in ('open', 'accepted', 'declined', 'expired', 'withdrawn')),
	CONSTRAINT "reschedule_proposals_message_check" CHECK (char_length(coalesce("reschedule_proposals"."message", '')) <= 1000),
	CONSTRAINT "reschedule_proposals_answered_check" CHECK (("reschedule_proposals"."status" = 'open') = ("reschedule_proposals"."answered_at" is null)),
	CONSTRAINT "reschedule_proposals_expires_check" CHECK ("reschedule_proposals"."expires_at" > "reschedule_proposals"."created_at")
);
--> statement-breakpoint
ALTER TABLE "reschedule_proposals" ADD CONSTRAINT "reschedule_proposals_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "reschedule_proposals_one_open_per_session" ON "reschedule_proposals" USING btree ("session_id") WHERE "reschedule_proposals"."status" = 'open';
--> statement-breakpoint
CREATE INDEX "reschedule_proposals_open_due_idx" ON "reschedule_proposals" USING btree ("expires_at") WHERE "reschedule_proposals"."status" = 'open';
