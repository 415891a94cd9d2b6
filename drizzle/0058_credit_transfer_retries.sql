-- A release's transfer the processor failed to make (docs/product.md "Booking with credit", decision 034): the credit's
-- share of a booking, paid from the platform's balance to the expert's connected account `transfer_to` in `currency`
-- (provider_ref then names the booking, the transfer group). Retried by the payment retries job as a give-back is.
ALTER TABLE "payment_retries" ADD COLUMN "transfer_to" text;--> statement-breakpoint
ALTER TABLE "payment_retries" ADD COLUMN "currency" text;--> statement-breakpoint
ALTER TABLE "payment_retries" ADD CONSTRAINT "payment_retries_transfer_check" CHECK (("payment_retries"."transfer_to" is null) = ("payment_retries"."currency" is null));
