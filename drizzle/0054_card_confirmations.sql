-- A card payment for a session package, or the start of a monthly plan, whose bank asks for its 3-D Secure step
-- (docs/product.md "Plans and packages"): nothing is bought or started until the bank confirms. The row keeps what the
-- processor is asked about (the PaymentIntent, or a trial's SetupIntent), the terms frozen when the client paid, and
-- the request's Idempotency-Key; once confirmed its id becomes the purchase's or the subscription's. A confirmation
-- still pending a day after it was made is abandoned ('expired'), one the bank refused 'failed'.
CREATE TABLE "card_confirmations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" text NOT NULL,
	"package_id" uuid,
	"plan_id" uuid,
	"terms" jsonb NOT NULL,
	"amount_cents" integer NOT NULL,
	"provider" text NOT NULL,
	"provider_ref" text NOT NULL,
	"provider_subscription_ref" text,
	"saved_card_ref" text,
	"idempotency_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "card_confirmations_provider_ref_unique" UNIQUE("provider_ref"),
	CONSTRAINT "card_confirmations_offer_check" CHECK (num_nonnulls("card_confirmations"."package_id", "card_confirmations"."plan_id") = 1),
	CONSTRAINT "card_confirmations_amount_check" CHECK ("card_confirmations"."amount_cents" > 0 or ("card_confirmations"."plan_id" is not null and "card_confirmations"."amount_cents" = 0)),
	CONSTRAINT "card_confirmations_status_check" CHECK ("card_confirmations"."status" in ('pending', 'paid', 'failed', 'expired')),
	CONSTRAINT "card_confirmations_settled_check" CHECK (("card_confirmations"."status" = 'pending') = ("card_confirmations"."settled_at" is null)),
	CONSTRAINT "card_confirmations_request_hash_check" CHECK ("card_confirmations"."request_hash" ~ '^[0-9a-f]{64}$')
);
--> statement-breakpoint
ALTER TABLE "card_confirmations" ADD CONSTRAINT "card_confirmations_client_id_user_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."user"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "card_confirmations" ADD CONSTRAINT "card_confirmations_package_id_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."packages"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "card_confirmations" ADD CONSTRAINT "card_confirmations_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "card_confirmations_package_key" ON "card_confirmations" USING btree ("client_id","idempotency_key") WHERE "card_confirmations"."package_id" is not null;
--> statement-breakpoint
CREATE UNIQUE INDEX "card_confirmations_plan_key" ON "card_confirmations" USING btree ("client_id","idempotency_key") WHERE "card_confirmations"."plan_id" is not null;
--> statement-breakpoint
CREATE INDEX "card_confirmations_pending_created_idx" ON "card_confirmations" USING btree ("created_at") WHERE "card_confirmations"."status" = 'pending';
