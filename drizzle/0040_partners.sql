-- Partners (docs/product.md "Partners"): organisations, their managers and manager invitations, and each
-- organisation's credit wallet: a balance row whose CHECKs keep the available and reserved credit at or above zero,
-- moved only in the transaction that appends the matching ledger entry (docs/decisions/031-partner-credit-wallet.md).
CREATE TABLE "organisations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"billing_email" text NOT NULL,
	"email_domains" text[] DEFAULT '{}'::text[] NOT NULL,
	"enquiry_id" uuid,
	"created_by" text,
	"balance_cents" integer DEFAULT 0 NOT NULL,
	"reserved_cents" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "organisations_enquiry_id_unique" UNIQUE("enquiry_id"),
	CONSTRAINT "organisations_name_check" CHECK (char_length("organisations"."name") between 1 and 200),
	CONSTRAINT "organisations_kind_check" CHECK ("organisations"."kind" in ('university', 'company', 'other')),
	CONSTRAINT "organisations_balance_check" CHECK ("organisations"."balance_cents" >= 0),
	CONSTRAINT "organisations_reserved_check" CHECK ("organisations"."reserved_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "organisations" ADD CONSTRAINT "organisations_enquiry_id_partner_enquiries_id_fk" FOREIGN KEY ("enquiry_id") REFERENCES "public"."partner_enquiries"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "organisations" ADD CONSTRAINT "organisations_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE TABLE "organisation_managers" (
	"organisation_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "organisation_managers_organisation_id_user_id_pk" PRIMARY KEY("organisation_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "organisation_managers" ADD CONSTRAINT "organisation_managers_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "organisation_managers" ADD CONSTRAINT "organisation_managers_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "organisation_managers_user_idx" ON "organisation_managers" USING btree ("user_id");
--> statement-breakpoint
CREATE TABLE "organisation_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"email" text NOT NULL,
	"token_hash" text NOT NULL,
	"invited_by" text,
	"accepted_by" text,
	"accepted_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "organisation_invitations_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "organisation_invitations_accepted_check" CHECK (("organisation_invitations"."accepted_at" is null) = ("organisation_invitations"."accepted_by" is null))
);
--> statement-breakpoint
ALTER TABLE "organisation_invitations" ADD CONSTRAINT "organisation_invitations_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "organisation_invitations" ADD CONSTRAINT "organisation_invitations_invited_by_user_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "organisation_invitations" ADD CONSTRAINT "organisation_invitations_accepted_by_user_id_fk" FOREIGN KEY ("accepted_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "organisation_invitations_organisation_idx" ON "organisation_invitations" USING btree ("organisation_id","created_at");
--> statement-breakpoint
CREATE TABLE "credit_grants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"amount_cents" integer NOT NULL,
	"remaining_cents" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"note" text NOT NULL,
	"warned_14_at" timestamp with time zone,
	"warned_3_at" timestamp with time zone,
	"retired_at" timestamp with time zone,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_grants_amount_check" CHECK ("credit_grants"."amount_cents" > 0),
	CONSTRAINT "credit_grants_remaining_check" CHECK ("credit_grants"."remaining_cents" between 0 and "credit_grants"."amount_cents"),
	CONSTRAINT "credit_grants_note_check" CHECK (char_length("credit_grants"."note") between 1 and 500)
);
--> statement-breakpoint
ALTER TABLE "credit_grants" ADD CONSTRAINT "credit_grants_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "credit_grants" ADD CONSTRAINT "credit_grants_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "credit_grants_due_idx" ON "credit_grants" USING btree ("expires_at") WHERE "credit_grants"."retired_at" is null;
--> statement-breakpoint
CREATE TABLE "credit_purchases" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"amount_cents" integer NOT NULL,
	"method" text NOT NULL,
	"provider" text,
	"provider_ref" text,
	"card_brand" text,
	"card_last4" text,
	"invoice_reference" text,
	"idempotency_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"buyer_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_purchases_idempotency_unique" UNIQUE("organisation_id","idempotency_key"),
	CONSTRAINT "credit_purchases_amount_check" CHECK ("credit_purchases"."amount_cents" > 0),
	CONSTRAINT "credit_purchases_method_check" CHECK (("credit_purchases"."method" = 'card' and "credit_purchases"."provider_ref" is not null and "credit_purchases"."invoice_reference" is null) or ("credit_purchases"."method" = 'invoice' and "credit_purchases"."invoice_reference" is not null and "credit_purchases"."provider_ref" is null))
);
--> statement-breakpoint
ALTER TABLE "credit_purchases" ADD CONSTRAINT "credit_purchases_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "credit_purchases" ADD CONSTRAINT "credit_purchases_buyer_id_user_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE TABLE "credit_ledger" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"reserved_change_cents" integer DEFAULT 0 NOT NULL,
	"balance_after_cents" integer NOT NULL,
	"purchase_id" uuid,
	"grant_id" uuid,
	"note" text,
	"actor_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_ledger_kind_check" CHECK (
		("credit_ledger"."kind" in ('purchase', 'grant') and "credit_ledger"."amount_cents" > 0 and "credit_ledger"."reserved_change_cents" = 0)
		or ("credit_ledger"."kind" = 'reservation' and "credit_ledger"."amount_cents" < 0 and "credit_ledger"."reserved_change_cents" = -"credit_ledger"."amount_cents")
		or ("credit_ledger"."kind" = 'spend' and "credit_ledger"."amount_cents" = 0 and "credit_ledger"."reserved_change_cents" < 0)
		or ("credit_ledger"."kind" = 'return' and "credit_ledger"."amount_cents" > 0 and "credit_ledger"."reserved_change_cents" = -"credit_ledger"."amount_cents")
		or ("credit_ledger"."kind" = 'expiry' and "credit_ledger"."amount_cents" < 0 and "credit_ledger"."reserved_change_cents" = 0)
		or ("credit_ledger"."kind" = 'adjustment' and "credit_ledger"."amount_cents" <> 0 and "credit_ledger"."reserved_change_cents" = 0)),
	CONSTRAINT "credit_ledger_balance_after_check" CHECK ("credit_ledger"."balance_after_cents" >= 0),
	CONSTRAINT "credit_ledger_purchase_check" CHECK (("credit_ledger"."kind" = 'purchase') = ("credit_ledger"."purchase_id" is not null)),
	CONSTRAINT "credit_ledger_grant_check" CHECK (("credit_ledger"."kind" = 'grant' or "credit_ledger"."kind" = 'expiry') = ("credit_ledger"."grant_id" is not null))
);
--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD CONSTRAINT "credit_ledger_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD CONSTRAINT "credit_ledger_purchase_id_credit_purchases_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."credit_purchases"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD CONSTRAINT "credit_ledger_grant_id_credit_grants_id_fk" FOREIGN KEY ("grant_id") REFERENCES "public"."credit_grants"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD CONSTRAINT "credit_ledger_actor_id_user_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "credit_ledger_one_expiry_per_grant" ON "credit_ledger" USING btree ("grant_id") WHERE "credit_ledger"."kind" = 'expiry';
--> statement-breakpoint
CREATE INDEX "credit_ledger_organisation_idx" ON "credit_ledger" USING btree ("organisation_id","created_at");
