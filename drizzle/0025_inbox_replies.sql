-- Partner enquiries carry who to answer (docs/product.md "Enquiries"), and the team replies to any inbox message by
-- e-mail (docs/product.md "Team console"): each reply is kept with the message it answers, exactly one of the four.
ALTER TABLE "partner_enquiries" ADD COLUMN "name" text;
--> statement-breakpoint
ALTER TABLE "partner_enquiries" ADD COLUMN "email" text;
--> statement-breakpoint
-- Enquiries sent while signed in, before the form asked, answer to the account that sent them.
UPDATE "partner_enquiries" SET "name" = u."name", "email" = u."email" FROM "user" u WHERE u."id" = "partner_enquiries"."user_id";
--> statement-breakpoint
CREATE TABLE "inbox_replies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"contact_message_id" uuid REFERENCES "public"."contact_messages"("id") ON DELETE cascade,
	"partner_enquiry_id" uuid REFERENCES "public"."partner_enquiries"("id") ON DELETE cascade,
	"match_request_id" uuid REFERENCES "public"."match_requests"("id") ON DELETE cascade,
	"private_feedback_id" uuid REFERENCES "public"."private_feedback"("id") ON DELETE cascade,
	"author_id" text REFERENCES "public"."user"("id") ON DELETE set null,
	"to_email" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inbox_replies_one_message_check" CHECK (num_nonnulls("contact_message_id", "partner_enquiry_id", "match_request_id", "private_feedback_id") = 1),
	CONSTRAINT "inbox_replies_body_check" CHECK (char_length("body") between 1 and 5000)
);
--> statement-breakpoint
CREATE INDEX "inbox_replies_contact_idx" ON "inbox_replies" USING btree ("contact_message_id", "created_at") WHERE "contact_message_id" is not null;
--> statement-breakpoint
CREATE INDEX "inbox_replies_partner_idx" ON "inbox_replies" USING btree ("partner_enquiry_id", "created_at") WHERE "partner_enquiry_id" is not null;
--> statement-breakpoint
CREATE INDEX "inbox_replies_match_idx" ON "inbox_replies" USING btree ("match_request_id", "created_at") WHERE "match_request_id" is not null;
--> statement-breakpoint
CREATE INDEX "inbox_replies_private_feedback_idx" ON "inbox_replies" USING btree ("private_feedback_id", "created_at") WHERE "private_feedback_id" is not null;
