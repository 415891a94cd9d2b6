-- The workshop waitlist (docs/product.md "Workshops", "Waitlist"; docs/decisions/022-workshops-seats-and-busy-time.md).
-- One row per client who joins the line of a full workshop, in joining order. When a seat frees, the first waiting
-- client is offered it for 2 hours: the offer is counted in `workshops.seats_offered`, next to `seats_sold`, and the
-- database keeps `seats_sold + seats_offered <= capacity`, so nobody else can take an offered seat; the client's own
-- booking turns their offer into a sale in the seat's own statement.
CREATE TABLE "workshop_waitlist" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workshop_id" uuid NOT NULL REFERENCES "public"."workshops"("id") ON DELETE cascade,
	"client_id" text NOT NULL REFERENCES "public"."user"("id") ON DELETE cascade,
	"status" text DEFAULT 'waiting' NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	"offered_at" timestamp with time zone,
	"offer_expires_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	CONSTRAINT "workshop_waitlist_status_check" CHECK ("status" in ('waiting', 'offered', 'claimed', 'left', 'declined', 'expired', 'closed')),
	CONSTRAINT "workshop_waitlist_offer_check" CHECK ("status" <> 'offered' or ("offered_at" is not null and "offer_expires_at" > "offered_at")),
	CONSTRAINT "workshop_waitlist_ended_check" CHECK (("status" in ('waiting', 'offered')) = ("ended_at" is null))
);
--> statement-breakpoint
-- One place in line per client per workshop while waiting or offered; a client who left may join again (at the end).
CREATE UNIQUE INDEX "workshop_waitlist_one_per_client" ON "workshop_waitlist" USING btree ("workshop_id", "client_id") WHERE "status" in ('waiting', 'offered');
--> statement-breakpoint
CREATE INDEX "workshop_waitlist_line_idx" ON "workshop_waitlist" USING btree ("workshop_id", "joined_at") WHERE "status" = 'waiting';
--> statement-breakpoint
CREATE INDEX "workshop_waitlist_offers_idx" ON "workshop_waitlist" USING btree ("offer_expires_at") WHERE "status" = 'offered';
--> statement-breakpoint
ALTER TABLE "workshops" ADD COLUMN "seats_offered" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "workshops" DROP CONSTRAINT "workshops_seats_check";
--> statement-breakpoint
ALTER TABLE "workshops" ADD CONSTRAINT "workshops_seats_check" CHECK ("seats_sold" >= 0 and "seats_offered" >= 0 and "seats_sold" + "seats_offered" <= "capacity");
--> statement-breakpoint
-- `seats_offered` follows the waitlist rows: +1 when a row becomes an offer (only in a published workshop, and only
-- while a seat is free — the CHECK above), −1 when an offer ends (claimed, declined, expired, closed, or deleted).
CREATE OR REPLACE FUNCTION mentora_waitlist_offers() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  was_offer boolean := TG_OP <> 'INSERT' AND OLD.status = 'offered';
  is_offer boolean := TG_OP <> 'DELETE' AND NEW.status = 'offered';
BEGIN
  IF is_offer AND NOT was_offer THEN
    UPDATE workshops SET seats_offered = seats_offered + 1, updated_at = now() WHERE id = NEW.workshop_id AND status = 'published';
    IF NOT FOUND THEN
      RAISE EXCEPTION 'workshop % is not open for booking', NEW.workshop_id USING ERRCODE = 'check_violation', CONSTRAINT = 'workshops_open_check';
    END IF;
  ELSIF was_offer AND NOT is_offer THEN
    UPDATE workshops SET seats_offered = seats_offered - 1, updated_at = now() WHERE id = OLD.workshop_id;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER workshop_waitlist_offers AFTER INSERT OR UPDATE OF status OR DELETE ON workshop_waitlist FOR EACH ROW EXECUTE FUNCTION mentora_waitlist_offers();
--> statement-breakpoint
-- A seat that becomes live first ends its client's place in line (an offer becomes the sale: the offered seat is
-- given back before the seat is counted sold, so the CHECK holds), then counts as sold (migration 0028).
CREATE OR REPLACE FUNCTION mentora_session_busy() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  was_live boolean := TG_OP = 'UPDATE' AND OLD.status NOT IN ('cancelled', 'expired');
  is_live boolean := NEW.status NOT IN ('cancelled', 'expired');
BEGIN
  IF NEW.workshop_id IS NOT NULL THEN
    IF is_live AND NOT was_live THEN
      UPDATE workshop_waitlist SET status = 'claimed', ended_at = now()
        WHERE workshop_id = NEW.workshop_id AND client_id = NEW.client_id AND status IN ('waiting', 'offered');
      UPDATE workshops SET seats_sold = seats_sold + 1, updated_at = now() WHERE id = NEW.workshop_id AND status = 'published';
      IF NOT FOUND THEN
        RAISE EXCEPTION 'workshop % is not open for booking', NEW.workshop_id USING ERRCODE = 'check_violation', CONSTRAINT = 'workshops_open_check';
      END IF;
    ELSIF was_live AND NOT is_live THEN
      UPDATE workshops SET seats_sold = seats_sold - 1, updated_at = now() WHERE id = NEW.workshop_id;
    END IF;
    RETURN NULL;
  END IF;
  IF is_live THEN
    INSERT INTO expert_busy (expert_id, during, session_id)
      VALUES (NEW.expert_id, mentora_blocked_range(NEW.starts_at, NEW.ends_at, NEW.buffer_before_minutes, NEW.buffer_after_minutes), NEW.id)
      ON CONFLICT (session_id) DO UPDATE SET expert_id = EXCLUDED.expert_id, during = EXCLUDED.during;
  ELSE
    DELETE FROM expert_busy WHERE session_id = NEW.id;
  END IF;
  RETURN NULL;
END
$$;
