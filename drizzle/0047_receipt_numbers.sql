-- Receipt numbers people can read and quote (docs/product.md "Payments"; docs/decisions/037-receipt-numbers.md):
-- 'MEN-<year>-<000123>', consecutive per calendar year (UTC) over every charge with a receipt — a session's or a
-- workshop seat's payment, a package purchase, a plan's paid period. One counter row per year, taken in the charge's
-- own transaction: a charge that rolls back gives its number back, so the numbers have no gaps, and two charges at
-- once wait for each other's commit on that row, so they never share one.
CREATE TABLE "receipt_counters" (
	"year" integer PRIMARY KEY NOT NULL,
	"last_number" integer NOT NULL,
	CONSTRAINT "receipt_counters_last_number_check" CHECK ("receipt_counters"."last_number" >= 1)
);
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "receipt_number" text;
--> statement-breakpoint
ALTER TABLE "package_purchases" ADD COLUMN "receipt_number" text;
--> statement-breakpoint
ALTER TABLE "plan_periods" ADD COLUMN "receipt_number" text;
--> statement-breakpoint
-- 'MEN-2026-000123': six digits at least, more past 999 999 (lpad alone would cut them).
CREATE FUNCTION mentora_receipt_label(year integer, n integer) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT 'MEN-' || year || '-' || CASE WHEN n < 1000000 THEN lpad(n::text, 6, '0') ELSE n::text END
$$;
--> statement-breakpoint
-- The next number of the year of instant `at` (UTC), its counter row locked until the caller's transaction ends.
CREATE FUNCTION mentora_next_receipt_number(at timestamptz) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
  y integer := extract(year from at at time zone 'UTC');
  n integer;
BEGIN
  INSERT INTO receipt_counters AS c (year, last_number) VALUES (y, 1)
    ON CONFLICT (year) DO UPDATE SET last_number = c.last_number + 1
    RETURNING c.last_number INTO n;
  RETURN mentora_receipt_label(y, n);
END
$$;
--> statement-breakpoint
-- Existing receipts, numbered in date order within each year; the counters continue after them.
CREATE TEMPORARY TABLE receipt_backfill AS
  WITH charges AS (
    SELECT 'payments' AS source, p.id, p.created_at AS at FROM payments p
      JOIN sessions s ON s.id = p.session_id
      WHERE p.status NOT IN ('pending', 'failed') AND s.prepaid_session_id IS NULL
    UNION ALL SELECT 'package_purchases', id, created_at FROM package_purchases
    UNION ALL SELECT 'plan_periods', id, created_at FROM plan_periods WHERE kind = 'paid'
  )
  SELECT source, id, extract(year from at at time zone 'UTC')::integer AS year,
    row_number() OVER (PARTITION BY extract(year from at at time zone 'UTC') ORDER BY at, id)::integer AS n
  FROM charges;
--> statement-breakpoint
UPDATE payments SET receipt_number = mentora_receipt_label(b.year, b.n) FROM receipt_backfill b WHERE b.source = 'payments' AND b.id = payments.id;
--> statement-breakpoint
UPDATE package_purchases SET receipt_number = mentora_receipt_label(b.year, b.n) FROM receipt_backfill b WHERE b.source = 'package_purchases' AND b.id = package_purchases.id;
--> statement-breakpoint
UPDATE plan_periods SET receipt_number = mentora_receipt_label(b.year, b.n) FROM receipt_backfill b WHERE b.source = 'plan_periods' AND b.id = plan_periods.id;
--> statement-breakpoint
INSERT INTO receipt_counters (year, last_number) SELECT year, max(n) FROM receipt_backfill GROUP BY year;
--> statement-breakpoint
DROP TABLE receipt_backfill;
--> statement-breakpoint
-- A session's payment gets its number when the card (or an organisation's credit) has paid: at booking, or when the
-- bank's 3-D Secure confirmation completes. A package's or a plan's session is paid by its package's or period's
-- charge, whose receipt it is: its share gets none. (A booking written in one statement inserts its session beside
-- its payment, unseen here; such a booking is never a prepaid one.)
CREATE FUNCTION mentora_payment_receipt_number() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    NEW.receipt_number := coalesce(OLD.receipt_number, NEW.receipt_number);
  END IF;
  IF NEW.receipt_number IS NULL AND NEW.status NOT IN ('pending', 'failed')
    AND NOT EXISTS (SELECT 1 FROM sessions WHERE id = NEW.session_id AND prepaid_session_id IS NOT NULL) THEN
    NEW.receipt_number := mentora_next_receipt_number(CASE WHEN TG_OP = 'INSERT' THEN NEW.created_at ELSE NEW.updated_at END);
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER payments_receipt_number BEFORE INSERT OR UPDATE ON payments FOR EACH ROW EXECUTE FUNCTION mentora_payment_receipt_number();
--> statement-breakpoint
-- A package purchase and a plan's paid period are charges when written: numbered on insert, never renumbered.
CREATE FUNCTION mentora_charge_receipt_number() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    NEW.receipt_number := OLD.receipt_number;
  ELSE
    NEW.receipt_number := mentora_next_receipt_number(NEW.created_at);
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER package_purchases_receipt_number BEFORE INSERT OR UPDATE ON package_purchases FOR EACH ROW EXECUTE FUNCTION mentora_charge_receipt_number();
--> statement-breakpoint
CREATE TRIGGER plan_periods_receipt_number BEFORE INSERT OR UPDATE ON plan_periods FOR EACH ROW WHEN (NEW.kind = 'paid') EXECUTE FUNCTION mentora_charge_receipt_number();
--> statement-breakpoint
CREATE UNIQUE INDEX "payments_receipt_number_unique" ON "payments" USING btree ("receipt_number");
--> statement-breakpoint
CREATE UNIQUE INDEX "package_purchases_receipt_number_unique" ON "package_purchases" USING btree ("receipt_number");
--> statement-breakpoint
CREATE UNIQUE INDEX "plan_periods_receipt_number_unique" ON "plan_periods" USING btree ("receipt_number");
--> statement-breakpoint
ALTER TABLE "package_purchases" ADD CONSTRAINT "package_purchases_receipt_number_check" CHECK ("package_purchases"."receipt_number" IS NOT NULL);
--> statement-breakpoint
ALTER TABLE "plan_periods" ADD CONSTRAINT "plan_periods_receipt_number_check" CHECK (("plan_periods"."kind" = 'paid') = ("plan_periods"."receipt_number" IS NOT NULL));
