-- Experts go live deliberately (docs/product.md "Expert onboarding and publishing"): approval creates a draft
-- profile with no rate; the expert sets rate, time zone and hours, and photo, then publishes. published_at is
-- when the profile last went live (null while it never has or is hidden).
ALTER TABLE "experts" ADD COLUMN "published_at" timestamp with time zone DEFAULT now();--> statement-breakpoint
-- Every profile live before this migration (the demo data, experts approved so far) stays live.
UPDATE "experts" SET "published_at" = "created_at" WHERE "status" = 'published';--> statement-breakpoint
UPDATE "experts" SET "published_at" = NULL WHERE "status" <> 'published';--> statement-breakpoint
-- A draft has no rate until the expert sets one: approval no longer invents $50/hour.
ALTER TABLE "experts" ALTER COLUMN "hourly_rate_cents" DROP NOT NULL;--> statement-breakpoint
-- A live profile always has a rate and a publication time; the photo and weekly hours are checked by the
-- publishing service (existing live profiles may have neither, and hours live in another table).
ALTER TABLE "experts" ADD CONSTRAINT "experts_published_check" CHECK ("experts"."status" <> 'published' or ("experts"."published_at" is not null and "experts"."hourly_rate_cents" is not null));
