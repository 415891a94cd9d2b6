-- Account deletion (docs/product.md "Account"): a deleted account whose sessions, payments, disputes or reports the
-- other party or the ledger still need stays as a nameless row ("Deleted user") marked deleted_at; it holds nothing
-- personal, so the database refuses a deleted row that keeps a name, phone, photo or verified e-mail.
ALTER TABLE "user" ADD COLUMN "deleted_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "user" ADD CONSTRAINT "user_deleted_check" CHECK ("deleted_at" IS NULL OR ("first_name" IS NULL AND "last_name" IS NULL AND "phone" IS NULL AND "image" IS NULL AND "time_zone" IS NULL AND "email_verified" = false));
