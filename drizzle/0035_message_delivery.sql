-- Each account's unread messages in all its conversations, kept by the database as conversations change, so a send
-- reads one row instead of summing every conversation of both participants (docs/decisions/020-message-stream.md).
CREATE TABLE "message_unread" (
	"user_id" text PRIMARY KEY NOT NULL REFERENCES "public"."user"("id") ON DELETE cascade,
	"unread" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "message_unread_check" CHECK ("unread" >= 0)
);
--> statement-breakpoint
INSERT INTO "message_unread" ("user_id", "unread")
	SELECT "user_id", sum("n") FROM (
		SELECT "client_id" AS "user_id", "client_unread" AS "n" FROM "conversations"
		UNION ALL
		SELECT e."user_id", c."expert_unread" FROM "conversations" c JOIN "experts" e ON e."id" = c."expert_id"
	) AS t
	GROUP BY "user_id"
	HAVING sum("n") > 0;
--> statement-breakpoint
-- Adds a conversation's change of each side's unread count to that side's account, in account-id order (two
-- transactions never wait on each other's rows). A decrease of an account whose row is gone (it is being deleted)
-- changes nothing.
CREATE FUNCTION "message_unread_follow"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	row_now "conversations" := coalesce(NEW, OLD);
	who text;
	delta integer;
BEGIN
	FOR who, delta IN
		SELECT v."u", v."d" FROM (VALUES
			(row_now."client_id", coalesce(NEW."client_unread", 0) - coalesce(OLD."client_unread", 0)),
			((SELECT "user_id" FROM "experts" WHERE "id" = row_now."expert_id"), coalesce(NEW."expert_unread", 0) - coalesce(OLD."expert_unread", 0))
		) AS v("u", "d")
		WHERE v."u" IS NOT NULL AND v."d" <> 0
		ORDER BY v."u"
	LOOP
		IF delta > 0 THEN
			INSERT INTO "message_unread" ("user_id", "unread") VALUES (who, delta)
				ON CONFLICT ("user_id") DO UPDATE SET "unread" = "message_unread"."unread" + EXCLUDED."unread";
		ELSE
			UPDATE "message_unread" SET "unread" = "unread" + delta WHERE "user_id" = who;
		END IF;
	END LOOP;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "message_unread_follow" AFTER INSERT OR DELETE OR UPDATE OF "client_unread", "expert_unread" ON "conversations"
	FOR EACH ROW EXECUTE FUNCTION "message_unread_follow"();
--> statement-breakpoint
-- A message may be only an attachment: its text is then empty (docs/product.md "Messages").
ALTER TABLE "messages" DROP CONSTRAINT "messages_body_check";
--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_body_check" CHECK (
	char_length("body") <= 5000 AND "body" = btrim("body", E' \t\n\r') AND (char_length("body") >= 1 OR "attachment_file_id" IS NOT NULL)
);
--> statement-breakpoint
-- A block or unblock is pushed to the other side's open pages.
ALTER TABLE "stream_events" DROP CONSTRAINT "stream_events_kind_check";
--> statement-breakpoint
ALTER TABLE "stream_events" ADD CONSTRAINT "stream_events_kind_check" CHECK ("kind" in ('message', 'read', 'block'));
