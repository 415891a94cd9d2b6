-- The platform's commission (docs/product.md "Earnings"): each session keeps the fee it was booked under, in basis
-- points (PLATFORM_FEE_PERCENT × 100; 0 for every session booked before). What is released to the expert is net of
-- it; the fee is its own ledger event.
ALTER TABLE "sessions" ADD COLUMN "platform_fee_bps" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_platform_fee_check" CHECK ("sessions"."platform_fee_bps" between 0 and 5000);
--> statement-breakpoint
ALTER TABLE "payment_events" DROP CONSTRAINT "payment_events_type_check";
--> statement-breakpoint
ALTER TABLE "payment_events" ADD CONSTRAINT "payment_events_type_check" CHECK ("payment_events"."type" in ('hold', 'release', 'refund', 'dispute', 'fee'));
