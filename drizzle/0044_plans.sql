-- Monthly plans (docs/product.md "Plans and packages"): an expert's offers (at most three: one per slot 1..3), a
-- client's subscription with the plan's terms frozen, and one row per period (a free trial or a paid month). Each
-- period grants its sessions as prepaid sessions, the same entitlements a package's purchase has, and its money
-- is kept in the same ledger (package_events), named by the period instead of a purchase.
CREATE TABLE "plans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"expert_id" uuid NOT NULL,
	"slot" integer NOT NULL,
	"name" text NOT NULL,
	"price_cents" integer NOT NULL,
	"session_count" integer NOT NULL,
	"duration_minutes" integer NOT NULL,
	"chat_promise" text NOT NULL,
	"trial_days" integer DEFAULT 0 NOT NULL,
	"open" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plans_slot_check" CHECK ("plans"."slot" between 1 and 3),
	CONSTRAINT "plans_name_check" CHECK (char_length("plans"."name") between 1 and 60),
	CONSTRAINT "plans_session_count_check" CHECK ("plans"."session_count" between 1 and 8),
	CONSTRAINT "plans_duration_check" CHECK ("plans"."duration_minutes" in (15, 30, 45, 60, 90, 120)),
	CONSTRAINT "plans_price_check" CHECK ("plans"."price_cents" between 1000 and 1000000 and "plans"."price_cents" >= "plans"."session_count" * 100),
	CONSTRAINT "plans_chat_check" CHECK (char_length("plans"."chat_promise") between 1 and 200),
	CONSTRAINT "plans_trial_check" CHECK ("plans"."trial_days" in (0, 7, 14))
);
--> statement-breakpoint
ALTER TABLE "plans" ADD CONSTRAINT "plans_expert_id_experts_id_fk" FOREIGN KEY ("expert_id") REFERENCES "public"."experts"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "plans_expert_slot_unique" ON "plans" USING btree ("expert_id", "slot");
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"plan_id" uuid NOT NULL,
	"client_id" text NOT NULL,
	"expert_id" uuid NOT NULL,
	"expert_name" text NOT NULL,
	"client_name" text NOT NULL,
	"name" text NOT NULL,
	"price_cents" integer NOT NULL,
	"session_count" integer NOT NULL,
	"duration_minutes" integer NOT NULL,
	"chat_promise" text NOT NULL,
	"platform_fee_bps" integer NOT NULL,
	"currency" text DEFAULT 'USD' NOT NULL,
	"status" text NOT NULL,
	"trial_ends_at" timestamp with time zone,
	"current_period_start" timestamp with time zone NOT NULL,
	"current_period_end" timestamp with time zone NOT NULL,
	"cancel_at_period_end" boolean DEFAULT false NOT NULL,
	"failed_attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"provider" text NOT NULL,
	"saved_card_ref" text NOT NULL,
	"card_brand" text,
	"card_last4" text,
	"idempotency_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"ended_at" timestamp with time zone,
	"end_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscriptions_status_check" CHECK ("subscriptions"."status" in ('trialing', 'active', 'past_due', 'cancelled', 'lapsed', 'ended')),
	CONSTRAINT "subscriptions_session_count_check" CHECK ("subscriptions"."session_count" between 1 and 8),
	CONSTRAINT "subscriptions_price_check" CHECK ("subscriptions"."price_cents" >= "subscriptions"."session_count"),
	CONSTRAINT "subscriptions_platform_fee_check" CHECK ("subscriptions"."platform_fee_bps" between 0 and 5000),
	CONSTRAINT "subscriptions_period_check" CHECK ("subscriptions"."current_period_end" > "subscriptions"."current_period_start"),
	CONSTRAINT "subscriptions_ended_check" CHECK (("subscriptions"."status" in ('cancelled', 'lapsed', 'ended')) = ("subscriptions"."ended_at" is not null)),
	CONSTRAINT "subscriptions_retry_check" CHECK (("subscriptions"."status" = 'past_due') = ("subscriptions"."next_attempt_at" is not null) and "subscriptions"."failed_attempts" between 0 and 4),
	CONSTRAINT "subscriptions_last4_check" CHECK ("subscriptions"."card_last4" is null or "subscriptions"."card_last4" ~ '^[0-9]{4}$'),
	CONSTRAINT "subscriptions_request_hash_check" CHECK ("subscriptions"."request_hash" ~ '^[0-9a-f]{64}$')
);
--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_client_id_user_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."user"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_expert_id_experts_id_fk" FOREIGN KEY ("expert_id") REFERENCES "public"."experts"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_client_idempotency_key" ON "subscriptions" USING btree ("client_id", "idempotency_key");
--> statement-breakpoint
-- One live plan per client and expert (a change of plan changes it), and one free trial per client and expert ever.
CREATE UNIQUE INDEX "subscriptions_one_live" ON "subscriptions" USING btree ("client_id", "expert_id") WHERE "subscriptions"."ended_at" is null;
--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_one_trial" ON "subscriptions" USING btree ("client_id", "expert_id") WHERE "subscriptions"."trial_ends_at" is not null;
--> statement-breakpoint
CREATE INDEX "subscriptions_expert_idx" ON "subscriptions" USING btree ("expert_id", "created_at");
--> statement-breakpoint
CREATE INDEX "subscriptions_client_idx" ON "subscriptions" USING btree ("client_id", "created_at");
--> statement-breakpoint
CREATE INDEX "subscriptions_due_idx" ON "subscriptions" USING btree ("current_period_end") WHERE "subscriptions"."ended_at" is null;
--> statement-breakpoint
CREATE TABLE "plan_periods" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"subscription_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"kind" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"amount_cents" integer NOT NULL,
	"provider_ref" text,
	"card_brand" text,
	"card_last4" text,
	"settled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plan_periods_kind_check" CHECK ("plan_periods"."kind" in ('trial', 'paid')),
	CONSTRAINT "plan_periods_amount_check" CHECK (case when "plan_periods"."kind" = 'trial' then "plan_periods"."amount_cents" = 0 and "plan_periods"."provider_ref" is null else "plan_periods"."amount_cents" > 0 and "plan_periods"."provider_ref" is not null end),
	CONSTRAINT "plan_periods_ends_check" CHECK ("plan_periods"."ends_at" > "plan_periods"."starts_at"),
	CONSTRAINT "plan_periods_number_check" CHECK ("plan_periods"."number" >= 1)
);
--> statement-breakpoint
ALTER TABLE "plan_periods" ADD CONSTRAINT "plan_periods_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "plan_periods_number_unique" ON "plan_periods" USING btree ("subscription_id", "number");
--> statement-breakpoint
CREATE INDEX "plan_periods_due_idx" ON "plan_periods" USING btree ("ends_at") WHERE "plan_periods"."settled_at" is null;
--> statement-breakpoint
-- A prepaid session belongs to a package's purchase or to a plan's period; a trial's sessions have no share (0 cents).
ALTER TABLE "prepaid_sessions" ALTER COLUMN "purchase_id" DROP NOT NULL;
--> statement-breakpoint
ALTER TABLE "prepaid_sessions" ADD COLUMN "period_id" uuid;
--> statement-breakpoint
ALTER TABLE "prepaid_sessions" ADD CONSTRAINT "prepaid_sessions_period_id_plan_periods_id_fk" FOREIGN KEY ("period_id") REFERENCES "public"."plan_periods"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "prepaid_sessions" ADD CONSTRAINT "prepaid_sessions_owner_check" CHECK (num_nonnulls("prepaid_sessions"."purchase_id", "prepaid_sessions"."period_id") = 1);
--> statement-breakpoint
ALTER TABLE "prepaid_sessions" DROP CONSTRAINT "prepaid_sessions_share_check";
--> statement-breakpoint
ALTER TABLE "prepaid_sessions" ADD CONSTRAINT "prepaid_sessions_share_check" CHECK ("prepaid_sessions"."share_cents" > 0 or ("prepaid_sessions"."period_id" is not null and "prepaid_sessions"."share_cents" = 0));
--> statement-breakpoint
CREATE UNIQUE INDEX "prepaid_sessions_period_number_unique" ON "prepaid_sessions" USING btree ("period_id", "number") WHERE "prepaid_sessions"."period_id" is not null;
--> statement-breakpoint
ALTER TABLE "package_events" ALTER COLUMN "purchase_id" DROP NOT NULL;
--> statement-breakpoint
ALTER TABLE "package_events" ADD COLUMN "period_id" uuid;
--> statement-breakpoint
ALTER TABLE "package_events" ADD CONSTRAINT "package_events_period_id_plan_periods_id_fk" FOREIGN KEY ("period_id") REFERENCES "public"."plan_periods"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "package_events" ADD CONSTRAINT "package_events_owner_check" CHECK (num_nonnulls("package_events"."purchase_id", "package_events"."period_id") = 1);
--> statement-breakpoint
CREATE INDEX "package_events_period_idx" ON "package_events" USING btree ("period_id") WHERE "package_events"."period_id" is not null;
--> statement-breakpoint
CREATE UNIQUE INDEX "package_events_one_period_charge" ON "package_events" USING btree ("period_id") WHERE "package_events"."type" = 'charge' and "package_events"."period_id" is not null;
--> statement-breakpoint
-- A period's prepaid sessions are exactly its subscription's session_count, and their shares sum to its amount.
CREATE FUNCTION mentora_period_shares_check() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  expected integer;
  amount integer;
  n integer;
  total bigint;
  period uuid;
BEGIN
  IF TG_OP = 'DELETE' THEN
    period := (to_jsonb(OLD) ->> TG_ARGV[0])::uuid;
  ELSE
    period := (to_jsonb(NEW) ->> TG_ARGV[0])::uuid;
  END IF;
  IF period IS NULL THEN
    RETURN NULL;
  END IF;
  SELECT s.session_count, p.amount_cents INTO expected, amount FROM plan_periods p JOIN subscriptions s ON s.id = p.subscription_id WHERE p.id = period;
  IF NOT FOUND THEN
    RETURN NULL;
  END IF;
  SELECT count(*), coalesce(sum(share_cents), 0) INTO n, total FROM prepaid_sessions WHERE period_id = period;
  IF n <> expected OR total <> amount THEN
    RAISE EXCEPTION 'plan period % has % prepaid sessions summing to % cents', period, n, total
      USING ERRCODE = 'check_violation', CONSTRAINT = 'plan_periods_shares_check';
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "plan_periods_shares" AFTER INSERT OR UPDATE OF "amount_cents" ON "plan_periods"
	DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION mentora_period_shares_check('id');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "prepaid_sessions_period_shares" AFTER INSERT OR UPDATE OF "share_cents", "period_id" OR DELETE ON "prepaid_sessions"
	DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION mentora_period_shares_check('period_id');
--> statement-breakpoint
-- A session booked from a plan names its subscription ("Plan session · 1 of 2 this month").
ALTER TABLE "sessions" ADD COLUMN "subscription_id" uuid;
--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_subscription_check" CHECK ("sessions"."subscription_id" is null or "sessions"."prepaid_session_id" is not null);
