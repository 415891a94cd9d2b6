-- Session packages (docs/product.md "Plans and packages"): an expert's offer of N sessions of one length at a package
-- price, valid for some months; a client's purchase with its terms frozen; one prepaid session (entitlement) per
-- session bought, each with its share of the price; and the purchase's own ledger for the money never drawn into a
-- session (expiry refunds and releases, the team's refunds). A session booked from a package names its prepaid
-- session, and its payment holds that share like a card booking's.
CREATE TABLE "packages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"expert_id" uuid NOT NULL,
	"session_count" integer NOT NULL,
	"duration_minutes" integer NOT NULL,
	"price_cents" integer NOT NULL,
	"validity_months" integer NOT NULL,
	"expiry_rule" text DEFAULT 'refund' NOT NULL,
	"open" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "packages_session_count_check" CHECK ("packages"."session_count" between 2 and 20),
	CONSTRAINT "packages_duration_check" CHECK ("packages"."duration_minutes" in (15, 30, 45, 60, 90, 120)),
	CONSTRAINT "packages_price_check" CHECK ("packages"."price_cents" between 1000 and 1000000 and "packages"."price_cents" >= "packages"."session_count" * 100),
	CONSTRAINT "packages_validity_check" CHECK ("packages"."validity_months" between 1 and 12),
	CONSTRAINT "packages_expiry_rule_check" CHECK ("packages"."expiry_rule" in ('refund', 'release'))
);
--> statement-breakpoint
ALTER TABLE "packages" ADD CONSTRAINT "packages_expert_id_experts_id_fk" FOREIGN KEY ("expert_id") REFERENCES "public"."experts"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "packages_expert_idx" ON "packages" USING btree ("expert_id");
--> statement-breakpoint
CREATE TABLE "package_purchases" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"package_id" uuid NOT NULL,
	"client_id" text NOT NULL,
	"expert_id" uuid NOT NULL,
	"expert_name" text NOT NULL,
	"client_name" text NOT NULL,
	"session_count" integer NOT NULL,
	"duration_minutes" integer NOT NULL,
	"price_cents" integer NOT NULL,
	"validity_months" integer NOT NULL,
	"expiry_rule" text NOT NULL,
	"platform_fee_bps" integer NOT NULL,
	"currency" text DEFAULT 'USD' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"provider" text NOT NULL,
	"provider_ref" text NOT NULL,
	"card_brand" text,
	"card_last4" text,
	"idempotency_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"warned_14_at" timestamp with time zone,
	"warned_3_at" timestamp with time zone,
	"settled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "package_purchases_session_count_check" CHECK ("package_purchases"."session_count" between 2 and 20),
	CONSTRAINT "package_purchases_price_check" CHECK ("package_purchases"."price_cents" >= "package_purchases"."session_count"),
	CONSTRAINT "package_purchases_expiry_rule_check" CHECK ("package_purchases"."expiry_rule" in ('refund', 'release')),
	CONSTRAINT "package_purchases_platform_fee_check" CHECK ("package_purchases"."platform_fee_bps" between 0 and 5000),
	CONSTRAINT "package_purchases_expires_check" CHECK ("package_purchases"."expires_at" > "package_purchases"."created_at"),
	CONSTRAINT "package_purchases_last4_check" CHECK ("package_purchases"."card_last4" is null or "package_purchases"."card_last4" ~ '^[0-9]{4}$'),
	CONSTRAINT "package_purchases_request_hash_check" CHECK ("package_purchases"."request_hash" ~ '^[0-9a-f]{64}$')
);
--> statement-breakpoint
ALTER TABLE "package_purchases" ADD CONSTRAINT "package_purchases_package_id_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."packages"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "package_purchases" ADD CONSTRAINT "package_purchases_client_id_user_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."user"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "package_purchases" ADD CONSTRAINT "package_purchases_expert_id_experts_id_fk" FOREIGN KEY ("expert_id") REFERENCES "public"."experts"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "package_purchases_client_idempotency_key" ON "package_purchases" USING btree ("client_id","idempotency_key");
--> statement-breakpoint
CREATE INDEX "package_purchases_client_idx" ON "package_purchases" USING btree ("client_id","created_at");
--> statement-breakpoint
CREATE INDEX "package_purchases_expert_idx" ON "package_purchases" USING btree ("expert_id","created_at");
--> statement-breakpoint
CREATE INDEX "package_purchases_due_idx" ON "package_purchases" USING btree ("expires_at") WHERE "package_purchases"."settled_at" is null;
--> statement-breakpoint
CREATE TABLE "prepaid_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"purchase_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"share_cents" integer NOT NULL,
	"status" text DEFAULT 'available' NOT NULL,
	"session_id" uuid,
	"settled_at" timestamp with time zone,
	CONSTRAINT "prepaid_sessions_share_check" CHECK ("prepaid_sessions"."share_cents" > 0),
	CONSTRAINT "prepaid_sessions_number_check" CHECK ("prepaid_sessions"."number" >= 1),
	CONSTRAINT "prepaid_sessions_status_check" CHECK ("prepaid_sessions"."status" in ('available', 'booked', 'refunded', 'released')),
	CONSTRAINT "prepaid_sessions_booked_check" CHECK (("prepaid_sessions"."status" = 'booked') = ("prepaid_sessions"."session_id" is not null)),
	CONSTRAINT "prepaid_sessions_settled_check" CHECK (("prepaid_sessions"."status" in ('refunded', 'released')) = ("prepaid_sessions"."settled_at" is not null))
);
--> statement-breakpoint
ALTER TABLE "prepaid_sessions" ADD CONSTRAINT "prepaid_sessions_purchase_id_package_purchases_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."package_purchases"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "prepaid_sessions" ADD CONSTRAINT "prepaid_sessions_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "prepaid_sessions_number_unique" ON "prepaid_sessions" USING btree ("purchase_id","number");
--> statement-breakpoint
CREATE UNIQUE INDEX "prepaid_sessions_session_unique" ON "prepaid_sessions" USING btree ("session_id") WHERE "prepaid_sessions"."session_id" is not null;
--> statement-breakpoint
CREATE TABLE "package_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"purchase_id" uuid NOT NULL,
	"prepaid_session_id" uuid,
	"type" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"actor_id" text,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "package_events_type_check" CHECK ("package_events"."type" in ('charge', 'refund', 'release', 'fee')),
	CONSTRAINT "package_events_amount_check" CHECK ("package_events"."amount_cents" >= 0),
	CONSTRAINT "package_events_prepaid_check" CHECK (("package_events"."type" = 'charge') = ("package_events"."prepaid_session_id" is null))
);
--> statement-breakpoint
ALTER TABLE "package_events" ADD CONSTRAINT "package_events_purchase_id_package_purchases_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."package_purchases"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "package_events" ADD CONSTRAINT "package_events_prepaid_session_id_prepaid_sessions_id_fk" FOREIGN KEY ("prepaid_session_id") REFERENCES "public"."prepaid_sessions"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "package_events_purchase_idx" ON "package_events" USING btree ("purchase_id");
--> statement-breakpoint
-- One charge per purchase, and a prepaid session is given back or released once: never a double refund.
CREATE UNIQUE INDEX "package_events_one_charge" ON "package_events" USING btree ("purchase_id") WHERE "package_events"."type" = 'charge';
--> statement-breakpoint
CREATE UNIQUE INDEX "package_events_one_settlement" ON "package_events" USING btree ("prepaid_session_id", "type") WHERE "package_events"."prepaid_session_id" is not null;
--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "prepaid_session_id" uuid;
--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "package_session_number" integer;
--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "package_session_count" integer;
--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_prepaid_session_id_prepaid_sessions_id_fk" FOREIGN KEY ("prepaid_session_id") REFERENCES "public"."prepaid_sessions"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_package_check" CHECK (
	case when "sessions"."prepaid_session_id" is null then "sessions"."package_session_number" is null and "sessions"."package_session_count" is null
	else "sessions"."kind" = 'paid' and "sessions"."package_session_number" between 1 and "sessions"."package_session_count" end);
--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_status_check";
--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_status_check" CHECK ("payments"."status" in ('pending', 'held', 'released', 'refunded', 'partially_refunded', 'failed', 'disputed', 'returned'));
--> statement-breakpoint
ALTER TABLE "payment_events" DROP CONSTRAINT "payment_events_type_check";
--> statement-breakpoint
ALTER TABLE "payment_events" ADD CONSTRAINT "payment_events_type_check" CHECK ("payment_events"."type" in ('hold', 'release', 'refund', 'dispute', 'fee', 'return'));
--> statement-breakpoint
-- A purchase's prepaid sessions are exactly its session_count, and their shares sum to its price (checked at commit,
-- once the purchase and its prepaid sessions are all written).
CREATE FUNCTION mentora_package_shares_check() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  p package_purchases%ROWTYPE;
  n integer;
  total bigint;
  purchase uuid;
BEGIN
  -- The purchase is named by its id on package_purchases and by purchase_id on prepaid_sessions (TG_ARGV[0]).
  IF TG_OP = 'DELETE' THEN
    purchase := (to_jsonb(OLD) ->> TG_ARGV[0])::uuid;
  ELSE
    purchase := (to_jsonb(NEW) ->> TG_ARGV[0])::uuid;
  END IF;
  SELECT * INTO p FROM package_purchases WHERE id = purchase;
  IF NOT FOUND THEN
    RETURN NULL;
  END IF;
  SELECT count(*), coalesce(sum(share_cents), 0) INTO n, total FROM prepaid_sessions WHERE purchase_id = purchase;
  IF n <> p.session_count OR total <> p.price_cents THEN
    RAISE EXCEPTION 'package purchase % has % prepaid sessions summing to % cents', purchase, n, total
      USING ERRCODE = 'check_violation', CONSTRAINT = 'package_purchases_shares_check';
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "package_purchases_shares" AFTER INSERT OR UPDATE OF "session_count", "price_cents" ON "package_purchases"
	DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION mentora_package_shares_check('id');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "prepaid_sessions_shares" AFTER INSERT OR UPDATE OF "share_cents", "purchase_id" OR DELETE ON "prepaid_sessions"
	DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION mentora_package_shares_check('purchase_id');
