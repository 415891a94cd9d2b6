-- Messages between a client and an expert (docs/product.md "Messages"; docs/architecture.md "Message stream").
CREATE TABLE "conversations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" text NOT NULL REFERENCES "public"."user"("id") ON DELETE cascade,
	"expert_id" uuid NOT NULL REFERENCES "public"."experts"("id") ON DELETE cascade,
	"started_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_message_at" timestamp with time zone,
	"client_read_at" timestamp with time zone,
	"expert_read_at" timestamp with time zone,
	"client_unread" integer DEFAULT 0 NOT NULL,
	"expert_unread" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "conversations_started_by_check" CHECK ("started_by" in ('client', 'expert')),
	CONSTRAINT "conversations_unread_check" CHECK ("client_unread" >= 0 and "expert_unread" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "conversations_pair_unique" ON "conversations" USING btree ("client_id", "expert_id");
--> statement-breakpoint
CREATE INDEX "conversations_client_recent_idx" ON "conversations" USING btree ("client_id", "last_message_at");
--> statement-breakpoint
CREATE INDEX "conversations_expert_recent_idx" ON "conversations" USING btree ("expert_id", "last_message_at");
--> statement-breakpoint
CREATE INDEX "conversations_started_idx" ON "conversations" USING btree ("client_id", "started_by", "created_at");
--> statement-breakpoint
-- The two participants are two accounts: an expert never has a conversation with their own account.
CREATE FUNCTION "conversations_not_with_self"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF EXISTS (SELECT 1 FROM "experts" WHERE "id" = NEW."expert_id" AND "user_id" = NEW."client_id") THEN
		RAISE EXCEPTION 'a conversation needs two different accounts' USING ERRCODE = 'check_violation';
	END IF;
	RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "conversations_not_with_self" BEFORE INSERT OR UPDATE OF "client_id", "expert_id" ON "conversations"
	FOR EACH ROW EXECUTE FUNCTION "conversations_not_with_self"();
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" uuid PRIMARY KEY NOT NULL,
	"conversation_id" uuid NOT NULL REFERENCES "public"."conversations"("id") ON DELETE cascade,
	"sender_role" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "messages_sender_role_check" CHECK ("sender_role" in ('client', 'expert')),
	CONSTRAINT "messages_body_check" CHECK (char_length("body") between 1 and 5000 and "body" = btrim("body", E' \t\n\r'))
);
--> statement-breakpoint
CREATE INDEX "messages_conversation_time_idx" ON "messages" USING btree ("conversation_id", "created_at", "id");
--> statement-breakpoint
CREATE TABLE "stream_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY NOT NULL,
	"user_id" text NOT NULL REFERENCES "public"."user"("id") ON DELETE cascade,
	"kind" text NOT NULL,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stream_events_kind_check" CHECK ("kind" in ('message', 'read'))
);
--> statement-breakpoint
CREATE INDEX "stream_events_user_idx" ON "stream_events" USING btree ("user_id", "id");
