-- The team suspends and reinstates accounts (docs/product.md "Team console"): a suspended account signs in nowhere.
-- The reason is kept with the account while it is suspended, and every suspension and reinstatement in the audit log.
ALTER TABLE "user" ADD COLUMN "suspended_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "suspension_reason" text;
--> statement-breakpoint
ALTER TABLE "user" ADD CONSTRAINT "user_suspension_check" CHECK (("suspended_at" is null) = ("suspension_reason" is null) and ("suspension_reason" is null or char_length("suspension_reason") between 1 and 1000));
--> statement-breakpoint
-- The console's people search: a part of a name or an e-mail, any case.
CREATE INDEX "user_search_trgm_idx" ON "user" USING gin ((lower("name" || ' ' || "email")) gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "user_created_idx" ON "user" USING btree ("created_at");
