-- Stripe Billing for monthly plans (docs/product.md "Plans and packages"; docs/decisions/039-stripe-billing-for-plans.md):
-- a Stripe Customer per client, a Product per plan and a Price per plan price, a Subscription per subscription and an
-- Invoice per paid month. Each Stripe id is kept once: a retried request or a replayed webhook finds the row it made.
CREATE TABLE "stripe_customers" (
	"user_id" text PRIMARY KEY NOT NULL REFERENCES "user"("id") ON DELETE restrict,
	"customer_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stripe_customers_customer_id_unique" UNIQUE("customer_id")
);
--> statement-breakpoint
-- A plan's Product, and its Prices: one per price and currency, so a price change makes a new Price and the
-- subscriptions made under the old one keep it (a subscription keeps the terms it was made under).
ALTER TABLE "plans" ADD COLUMN "stripe_product_id" text;
--> statement-breakpoint
CREATE TABLE "stripe_plan_prices" (
	"plan_id" uuid NOT NULL REFERENCES "plans"("id") ON DELETE restrict,
	"price_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"price_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stripe_plan_prices_pkey" PRIMARY KEY("plan_id", "price_cents", "currency"),
	CONSTRAINT "stripe_plan_prices_price_id_unique" UNIQUE("price_id")
);
--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "provider_subscription_ref" text;
--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_provider_subscription_ref_unique" ON "subscriptions" USING btree ("provider_subscription_ref") WHERE "subscriptions"."provider_subscription_ref" is not null;
--> statement-breakpoint
-- Stripe's smart retries try a failed invoice up to eight times (the simulated provider three): the count is Stripe's.
ALTER TABLE "subscriptions" DROP CONSTRAINT "subscriptions_retry_check";
--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_retry_check" CHECK (("subscriptions"."status" = 'past_due') = ("subscriptions"."next_attempt_at" is not null) and "subscriptions"."failed_attempts" between 0 and 20);
--> statement-breakpoint
-- The Stripe Invoice that paid a period: a second delivery of its invoice.paid (under another event id) grants nothing.
ALTER TABLE "plan_periods" ADD COLUMN "provider_invoice_ref" text;
--> statement-breakpoint
CREATE UNIQUE INDEX "plan_periods_provider_invoice_ref_unique" ON "plan_periods" USING btree ("provider_invoice_ref") WHERE "plan_periods"."provider_invoice_ref" is not null;
