-- An e-mail its recipient can switch off carries its one-click unsubscribe address (List-Unsubscribe, RFC 2369 and
-- RFC 8058), kept with the message so that every try sends the same headers.
ALTER TABLE "email_outbox" ADD COLUMN "list_unsubscribe" text;
