-- Access programmes (docs/product.md "Partners"): an organisation's wallet funds its members' bookings. A booking's
-- covered part is a 'reservation' of the wallet written in the booking's transaction and kept on its payment
-- (payments.credit_cents); confirmation spends it, a refund returns it in proportion
-- (docs/decisions/034-booking-with-partner-credit.md).
CREATE TABLE "access_programmes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"name" text NOT NULL,
	"code" text NOT NULL,
	"covers_sessions" boolean NOT NULL,
	"covers_workshops" boolean NOT NULL,
	"covers_intros" boolean NOT NULL,
	"session_limit" integer,
	"cents_limit" integer,
	"limit_period" text NOT NULL,
	"max_price_cents" integer,
	"expert_id" uuid,
	"expertise" text,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	"join_rule" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "access_programmes_code_unique" UNIQUE("code"),
	CONSTRAINT "access_programmes_name_check" CHECK (char_length("access_programmes"."name") between 1 and 200),
	CONSTRAINT "access_programmes_code_check" CHECK ("access_programmes"."code" ~ '^[A-Z0-9-]{6,40}$'),
	CONSTRAINT "access_programmes_covers_check" CHECK ("access_programmes"."covers_sessions" or "access_programmes"."covers_workshops"),
	CONSTRAINT "access_programmes_limits_check" CHECK (coalesce("access_programmes"."session_limit", 1) > 0 and coalesce("access_programmes"."cents_limit", 1) > 0 and coalesce("access_programmes"."max_price_cents", 1) > 0),
	CONSTRAINT "access_programmes_period_check" CHECK ("access_programmes"."limit_period" in ('month', 'total')),
	CONSTRAINT "access_programmes_dates_check" CHECK ("access_programmes"."ends_on" >= "access_programmes"."starts_on"),
	CONSTRAINT "access_programmes_join_check" CHECK ("access_programmes"."join_rule" in ('code', 'domain', 'invited')),
	CONSTRAINT "access_programmes_status_check" CHECK ("access_programmes"."status" in ('active', 'paused', 'ended'))
);
--> statement-breakpoint
ALTER TABLE "access_programmes" ADD CONSTRAINT "access_programmes_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "access_programmes" ADD CONSTRAINT "access_programmes_expert_id_experts_id_fk" FOREIGN KEY ("expert_id") REFERENCES "public"."experts"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "access_programmes" ADD CONSTRAINT "access_programmes_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "access_programmes_organisation_idx" ON "access_programmes" USING btree ("organisation_id","created_at");
--> statement-breakpoint
CREATE TABLE "programme_members" (
	"programme_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	"removed_at" timestamp with time zone,
	CONSTRAINT "programme_members_programme_id_user_id_pk" PRIMARY KEY("programme_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "programme_members" ADD CONSTRAINT "programme_members_programme_id_access_programmes_id_fk" FOREIGN KEY ("programme_id") REFERENCES "public"."access_programmes"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "programme_members" ADD CONSTRAINT "programme_members_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "programme_members_user_idx" ON "programme_members" USING btree ("user_id");
--> statement-breakpoint
CREATE TABLE "programme_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"programme_id" uuid NOT NULL,
	"email" text NOT NULL,
	"token_hash" text NOT NULL,
	"invited_by" text,
	"accepted_by" text,
	"accepted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "programme_invitations_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "programme_invitations_email_unique" UNIQUE("programme_id","email")
);
--> statement-breakpoint
ALTER TABLE "programme_invitations" ADD CONSTRAINT "programme_invitations_programme_id_access_programmes_id_fk" FOREIGN KEY ("programme_id") REFERENCES "public"."access_programmes"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "programme_invitations" ADD CONSTRAINT "programme_invitations_invited_by_user_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "programme_invitations" ADD CONSTRAINT "programme_invitations_accepted_by_user_id_fk" FOREIGN KEY ("accepted_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE TABLE "programme_bookings" (
	"session_id" uuid PRIMARY KEY NOT NULL,
	"programme_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"organisation_id" uuid NOT NULL,
	"credit_cents" integer NOT NULL,
	"returned_cents" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "programme_bookings_cents_check" CHECK ("programme_bookings"."credit_cents" >= 0 and "programme_bookings"."returned_cents" between 0 and "programme_bookings"."credit_cents")
);
--> statement-breakpoint
ALTER TABLE "programme_bookings" ADD CONSTRAINT "programme_bookings_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "programme_bookings" ADD CONSTRAINT "programme_bookings_programme_id_access_programmes_id_fk" FOREIGN KEY ("programme_id") REFERENCES "public"."access_programmes"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "programme_bookings" ADD CONSTRAINT "programme_bookings_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "programme_bookings_member_idx" ON "programme_bookings" USING btree ("programme_id","user_id","created_at");
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "credit_cents" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_credit_check" CHECK ("payments"."credit_cents" between 0 and "payments"."amount_cents" and ("payments"."provider" <> 'credit' or "payments"."credit_cents" = "payments"."amount_cents"));
--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD COLUMN "session_id" uuid;
--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD CONSTRAINT "credit_ledger_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD CONSTRAINT "credit_ledger_session_check" CHECK (("credit_ledger"."kind" in ('reservation', 'spend', 'return')) = ("credit_ledger"."session_id" is not null));
--> statement-breakpoint
CREATE INDEX "credit_ledger_session_idx" ON "credit_ledger" USING btree ("session_id");
