-- Who ended a package before its expiry (its expert, or the team), kept by the database consistent with the
-- settlement: a package settled before its expiry was ended by someone, one settled at its expiry was not. Packages
-- that already ended: by the expert when the expert's own account settled its sessions, else by the team.
ALTER TABLE "package_purchases" ADD COLUMN "ended_by" text;--> statement-breakpoint
UPDATE "package_purchases" AS p SET "ended_by" = CASE WHEN EXISTS (
    SELECT 1 FROM "package_events" AS e JOIN "experts" AS x ON x."id" = p."expert_id"
    WHERE e."purchase_id" = p."id" AND e."actor_id" = x."user_id"
  ) THEN 'expert' ELSE 'team' END
  WHERE p."settled_at" < p."expires_at";--> statement-breakpoint
ALTER TABLE "package_purchases" ADD CONSTRAINT "package_purchases_ended_by_check" CHECK ("package_purchases"."ended_by" in ('expert', 'team'));--> statement-breakpoint
ALTER TABLE "package_purchases" ADD CONSTRAINT "package_purchases_ended_by_settled_check" CHECK (("package_purchases"."ended_by" is not null) = coalesce("package_purchases"."settled_at" < "package_purchases"."expires_at", false));
