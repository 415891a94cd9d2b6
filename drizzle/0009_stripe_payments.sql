CREATE TABLE "stripe_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payment_events" DROP CONSTRAINT "payment_events_type_check";--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_status_check";--> statement-breakpoint
ALTER TABLE "sessions" DROP CONSTRAINT "sessions_status_check";--> statement-breakpoint
ALTER TABLE "experts" ADD COLUMN "stripe_account_id" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "reserved_until" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "payments_provider_ref_idx" ON "payments" USING btree ("provider","provider_ref");--> statement-breakpoint
CREATE INDEX "sessions_reservation_idx" ON "sessions" USING btree ("reserved_until") WHERE "sessions"."status" = 'pending_payment';--> statement-breakpoint
ALTER TABLE "experts" ADD CONSTRAINT "experts_stripe_account_check" CHECK ("experts"."stripe_account_id" is null or "experts"."stripe_account_id" ~ '^acct_[A-Za-z0-9]+$');--> statement-breakpoint
ALTER TABLE "payment_events" ADD CONSTRAINT "payment_events_type_check" CHECK ("payment_events"."type" in ('hold', 'release', 'refund', 'dispute'));--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_status_check" CHECK ("payments"."status" in ('pending', 'held', 'released', 'refunded', 'partially_refunded', 'failed', 'disputed'));--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_reservation_check" CHECK (("sessions"."status" = 'pending_payment') = ("sessions"."reserved_until" is not null));--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_status_check" CHECK ("sessions"."status" in ('pending_payment', 'booked', 'confirmed', 'completed', 'disputed', 'cancelled', 'expired'));--> statement-breakpoint
-- Hand-written (EXCLUDE constraints are not modelled by drizzle-kit): an expired 3-D Secure reservation no
-- longer occupies the calendar, like a cancelled session; a pending_payment reservation does.
ALTER TABLE "sessions" DROP CONSTRAINT "sessions_expert_no_overlap";--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_expert_no_overlap"
  EXCLUDE USING gist ("expert_id" WITH =, tstzrange("starts_at", "ends_at") WITH &&) WHERE ("status" NOT IN ('cancelled', 'expired'));--> statement-breakpoint
ALTER TABLE "sessions" DROP CONSTRAINT "sessions_client_no_overlap";--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_client_no_overlap"
  EXCLUDE USING gist ("client_id" WITH =, tstzrange("starts_at", "ends_at") WITH &&) WHERE ("status" NOT IN ('cancelled', 'expired'));
