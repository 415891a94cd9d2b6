-- Credit purchases (docs/product.md "Partners"): a receipt number of the series every charge has (decision 037), and a
-- card purchase that waits for the bank's 3-D Secure confirmation. A purchase is 'paid' once its money is taken (a bank
-- transfer, or a card at once), 'pending' while the bank confirms, 'failed' when it refused; only a paid one has a
-- receipt number, a time paid and its 'purchase' ledger entry (one at most).
ALTER TABLE "credit_purchases" ADD COLUMN "status" text DEFAULT 'paid' NOT NULL;
--> statement-breakpoint
ALTER TABLE "credit_purchases" ADD COLUMN "paid_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "credit_purchases" ADD COLUMN "receipt_number" text;
--> statement-breakpoint
UPDATE "credit_purchases" SET "paid_at" = "created_at";
--> statement-breakpoint
-- Existing purchases are numbered after the receipts numbered so far, in date order (a counter row per year).
UPDATE "credit_purchases" p SET "receipt_number" = n.receipt_number
  FROM (SELECT id, mentora_next_receipt_number(created_at) AS receipt_number FROM
    (SELECT id, created_at FROM "credit_purchases" ORDER BY created_at, id) ordered) n
  WHERE n.id = p.id;
--> statement-breakpoint
-- A purchase is numbered when it becomes paid, with the instant it was paid; a number once given never changes.
CREATE FUNCTION mentora_credit_receipt_number() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    NEW.receipt_number := coalesce(OLD.receipt_number, NEW.receipt_number);
  END IF;
  IF NEW.receipt_number IS NULL AND NEW.status = 'paid' THEN
    NEW.receipt_number := mentora_next_receipt_number(NEW.paid_at);
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER credit_purchases_receipt_number BEFORE INSERT OR UPDATE ON credit_purchases FOR EACH ROW EXECUTE FUNCTION mentora_credit_receipt_number();
--> statement-breakpoint
CREATE UNIQUE INDEX "credit_purchases_receipt_number_unique" ON "credit_purchases" USING btree ("receipt_number");
--> statement-breakpoint
ALTER TABLE "credit_purchases" ADD CONSTRAINT "credit_purchases_status_check" CHECK ("credit_purchases"."status" in ('pending', 'paid', 'failed') and ("credit_purchases"."method" = 'card' or "credit_purchases"."status" = 'paid'));
--> statement-breakpoint
ALTER TABLE "credit_purchases" ADD CONSTRAINT "credit_purchases_paid_check" CHECK (("credit_purchases"."status" = 'paid') = ("credit_purchases"."paid_at" is not null) and ("credit_purchases"."status" = 'paid') = ("credit_purchases"."receipt_number" is not null));
--> statement-breakpoint
CREATE UNIQUE INDEX "credit_ledger_one_entry_per_purchase" ON "credit_ledger" USING btree ("purchase_id") WHERE "credit_ledger"."kind" = 'purchase';
--> statement-breakpoint
-- The processor's webhook finds the pending purchase its payment pays.
CREATE INDEX "credit_purchases_pending_ref_idx" ON "credit_purchases" USING btree ("provider_ref") WHERE "credit_purchases"."status" = 'pending';
