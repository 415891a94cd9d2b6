-- A plan's renewal whose bank asked for its 3-D Secure step off-session (docs/product.md "Plans and packages", "With
-- Stripe"): the Stripe Invoice the client is asked to confirm. It waits only while the renewal is retried (past due, a
-- next attempt set); paid, lapsed or ended, it is cleared.
ALTER TABLE "subscriptions" ADD COLUMN "action_invoice_ref" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_action_invoice_check" CHECK ("subscriptions"."action_invoice_ref" is null or "subscriptions"."next_attempt_at" is not null);
