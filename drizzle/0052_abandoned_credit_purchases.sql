-- A card purchase of credit whose 3-D Secure confirmation the manager abandoned expires (docs/product.md "Partners"):
-- its payment is cancelled at the processor and the purchase is 'expired', with no receipt and no ledger entry. The
-- expiry job finds the pending purchases by the time they were made.
ALTER TABLE "credit_purchases" DROP CONSTRAINT "credit_purchases_status_check";
--> statement-breakpoint
ALTER TABLE "credit_purchases" ADD CONSTRAINT "credit_purchases_status_check" CHECK ("credit_purchases"."status" in ('pending', 'paid', 'failed', 'expired') and ("credit_purchases"."method" = 'card' or "credit_purchases"."status" = 'paid'));
--> statement-breakpoint
CREATE INDEX "credit_purchases_pending_created_idx" ON "credit_purchases" USING btree ("created_at") WHERE "credit_purchases"."status" = 'pending';
