-- Session moves (docs/product.md "Reschedule"): every time a booked session is moved, its previous and new start,
-- who moved it ('client' when the client rescheduled it; 'expert' when the client accepted the expert's proposal)
-- and when. The session row holds the current time; these rows are its history, shown to both parties.
CREATE TABLE "session_moves" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"session_id" uuid NOT NULL,
	"from_starts_at" timestamp with time zone NOT NULL,
	"to_starts_at" timestamp with time zone NOT NULL,
	"moved_by" text NOT NULL,
	"moved_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "session_moves_moved_by_check" CHECK ("session_moves"."moved_by" in ('client', 'expert')),
	CONSTRAINT "session_moves_change_check" CHECK ("session_moves"."from_starts_at" <> "session_moves"."to_starts_at")
);
--> statement-breakpoint
ALTER TABLE "session_moves" ADD CONSTRAINT "session_moves_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "session_moves_session_idx" ON "session_moves" USING btree ("session_id","moved_at");
