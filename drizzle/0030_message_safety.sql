-- Safety in messages (docs/product.md "Messages", "Blocking and reporting"): either side of a conversation may block the
-- other (when, per side); either side may report it to the team; the team may suspend an account's messaging. And
-- attachments: a message may carry one uploaded file (purpose 'attachment'), never shared by two messages.
ALTER TABLE "conversations" ADD COLUMN "client_blocked_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "expert_blocked_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "messaging_suspended_at" timestamp with time zone;
--> statement-breakpoint
CREATE TABLE "conversation_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"conversation_id" uuid NOT NULL REFERENCES "public"."conversations"("id") ON DELETE cascade,
	"reporter_id" text NOT NULL REFERENCES "public"."user"("id") ON DELETE cascade,
	"reported_id" text NOT NULL REFERENCES "public"."user"("id") ON DELETE cascade,
	"reason" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"handled_at" timestamp with time zone,
	"handled_by" text REFERENCES "public"."user"("id") ON DELETE set null,
	CONSTRAINT "conversation_reports_status_check" CHECK ("status" in ('open', 'dismissed', 'suspended')),
	CONSTRAINT "conversation_reports_reason_check" CHECK (char_length("reason") between 1 and 2000),
	CONSTRAINT "conversation_reports_handled_check" CHECK (("status" = 'open') = ("handled_at" is null)),
	CONSTRAINT "conversation_reports_two_people_check" CHECK ("reporter_id" <> "reported_id")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "conversation_reports_one_open" ON "conversation_reports" USING btree ("conversation_id", "reporter_id") WHERE "status" = 'open';
--> statement-breakpoint
CREATE INDEX "conversation_reports_status_idx" ON "conversation_reports" USING btree ("status", "created_at");
--> statement-breakpoint
ALTER TABLE "files" DROP CONSTRAINT "files_purpose_check";
--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_purpose_check" CHECK ("purpose" in ('cv', 'photo', 'video', 'attachment'));
--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "attachment_file_id" uuid REFERENCES "public"."files"("id") ON DELETE set null;
--> statement-breakpoint
CREATE UNIQUE INDEX "messages_attachment_unique" ON "messages" USING btree ("attachment_file_id") WHERE "attachment_file_id" IS NOT NULL;
