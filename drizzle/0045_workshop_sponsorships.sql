-- Sponsored workshops (docs/product.md "Sponsored workshops"): an organisation reserves seats of a published workshop
-- for the members of one of its access programmes, paid from its wallet when taken. The reserved seats nobody has
-- taken yet are counted in `workshops.seats_sponsored`, next to `seats_sold` and `seats_offered`, and the database
-- keeps the three within the capacity, so the public can never buy a reserved seat and a sponsorship never reserves
-- a sold one. `seats_sponsored` follows the sponsorship row by its trigger: seats − taken while not released, then 0.
ALTER TABLE "workshops" ADD COLUMN "seats_sponsored" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "workshops" DROP CONSTRAINT "workshops_seats_check";
--> statement-breakpoint
ALTER TABLE "workshops" ADD CONSTRAINT "workshops_seats_check" CHECK ("seats_sold" >= 0 and "seats_offered" >= 0 and "seats_sponsored" >= 0 and "seats_sold" + "seats_offered" + "seats_sponsored" <= "capacity");
--> statement-breakpoint
CREATE TABLE "workshop_sponsorships" (
	"workshop_id" uuid PRIMARY KEY NOT NULL,
	"programme_id" uuid NOT NULL,
	"organisation_id" uuid NOT NULL,
	"seats" integer NOT NULL,
	"seats_taken" integer DEFAULT 0 NOT NULL,
	"released_at" timestamp with time zone,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "workshop_sponsorships_seats_check" CHECK ("workshop_sponsorships"."seats" between 1 and 50 and "workshop_sponsorships"."seats_taken" between 0 and "workshop_sponsorships"."seats")
);
--> statement-breakpoint
ALTER TABLE "workshop_sponsorships" ADD CONSTRAINT "workshop_sponsorships_workshop_id_workshops_id_fk" FOREIGN KEY ("workshop_id") REFERENCES "public"."workshops"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "workshop_sponsorships" ADD CONSTRAINT "workshop_sponsorships_programme_id_access_programmes_id_fk" FOREIGN KEY ("programme_id") REFERENCES "public"."access_programmes"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "workshop_sponsorships" ADD CONSTRAINT "workshop_sponsorships_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "workshop_sponsorships" ADD CONSTRAINT "workshop_sponsorships_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "workshop_sponsorships_organisation_idx" ON "workshop_sponsorships" USING btree ("organisation_id");
--> statement-breakpoint
CREATE INDEX "workshop_sponsorships_unreleased_idx" ON "workshop_sponsorships" USING btree ("workshop_id") WHERE "released_at" IS NULL;
--> statement-breakpoint
-- A sponsored seat: the programme booking of a seat taken from a sponsorship (its credit is the whole price).
ALTER TABLE "programme_bookings" ADD COLUMN "sponsored" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION mentora_sponsored_seats() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  was integer := 0;
  unused integer := 0;
  workshop uuid;
BEGIN
  IF TG_OP <> 'INSERT' THEN
    workshop := OLD.workshop_id;
    IF OLD.released_at IS NULL THEN was := OLD.seats - OLD.seats_taken; END IF;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    workshop := NEW.workshop_id;
    IF NEW.released_at IS NULL THEN unused := NEW.seats - NEW.seats_taken; END IF;
  END IF;
  IF unused <> was THEN
    UPDATE workshops SET seats_sponsored = seats_sponsored + unused - was, updated_at = now() WHERE id = workshop;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER workshop_sponsorships_seats AFTER INSERT OR UPDATE OR DELETE ON workshop_sponsorships FOR EACH ROW EXECUTE FUNCTION mentora_sponsored_seats();
