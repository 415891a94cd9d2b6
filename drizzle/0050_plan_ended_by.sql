-- Who ended a plan ended early (the expert or the team) is a column the database keeps consistent with the status,
-- instead of a prefix of end_reason ("ended by the team: …"), which a reason typed by an expert could also start with.
ALTER TABLE "subscriptions" ADD COLUMN "ended_by" text;--> statement-breakpoint
UPDATE "subscriptions" SET
  "ended_by" = CASE WHEN "end_reason" LIKE 'ended by the team%' THEN 'team' ELSE 'expert' END,
  "end_reason" = CASE WHEN "end_reason" LIKE 'ended by the team: %' THEN substr("end_reason", 20) ELSE "end_reason" END
  WHERE "status" = 'ended';--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_ended_by_check" CHECK ("subscriptions"."ended_by" in ('expert', 'team'));--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_ended_by_status_check" CHECK (("subscriptions"."status" = 'ended') = ("subscriptions"."ended_by" is not null));
