-- Money the processor must give back that it failed to (docs/decisions/029-answers-after-commit.md): retried by the
-- payment retries job (src/server/modules/payments/payment-retry-service.ts) with the same idempotency key until done.
CREATE TABLE "payment_retries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider" text NOT NULL,
	"provider_ref" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"idempotency_key" text NOT NULL,
	"why" text NOT NULL,
	"attempts" integer DEFAULT 1 NOT NULL,
	"last_error" text,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"done_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_retries_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "payment_retries_amount_check" CHECK ("payment_retries"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE INDEX "payment_retries_due_idx" ON "payment_retries" USING btree ("next_attempt_at") WHERE "payment_retries"."done_at" is null;
