-- Two-factor sign-in (Better Auth's twoFactor plugin, docs/security.md "Two-factor sign-in"): the user's flag and
-- one row per user holding the encrypted TOTP secret and encrypted backup codes. Columns follow the plugin's
-- schema (better-auth/dist/plugins/two-factor/schema.mjs); one row per user is enforced here.
ALTER TABLE "user" ADD COLUMN "two_factor_enabled" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
CREATE TABLE "auth_two_factor" (
	"id" text PRIMARY KEY NOT NULL,
	"secret" text NOT NULL,
	"backup_codes" text NOT NULL,
	"user_id" text NOT NULL,
	"verified" boolean DEFAULT true NOT NULL,
	"failed_verification_count" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	CONSTRAINT "auth_two_factor_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX "auth_two_factor_user_idx" ON "auth_two_factor" USING btree ("user_id");
