-- E-mails about unread messages (docs/product.md "Messages"): each account's switch, and per conversation and side the
-- send time of the newest message an e-mail already told that side about, so no message is e-mailed twice.
ALTER TABLE "user" ADD COLUMN "message_emails" boolean DEFAULT true NOT NULL;
--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "client_emailed_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "expert_emailed_at" timestamp with time zone;
--> statement-breakpoint
-- The e-mail job reads only conversations with something unread.
CREATE INDEX "conversations_unread_idx" ON "conversations" USING btree ("last_message_at") WHERE "client_unread" > 0 OR "expert_unread" > 0;
--> statement-breakpoint
-- The pruning job deletes stream events by age.
CREATE INDEX "stream_events_created_idx" ON "stream_events" USING btree ("created_at");
