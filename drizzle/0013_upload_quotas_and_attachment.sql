-- Uploads: when a photo or video was last attached to a profile (the cleanup job deletes it as soon as it is
-- no longer referenced), the per-account daily upload ledger, and the index the cleanup job's "is this CV
-- referenced by an application" check uses.
ALTER TABLE "files" ADD COLUMN "attached_at" timestamp with time zone;
--> statement-breakpoint
CREATE TABLE "upload_usage" (
  "user_id" text NOT NULL REFERENCES "user"("id") ON DELETE CASCADE,
  "day" date NOT NULL,
  "files" integer NOT NULL,
  "bytes" bigint NOT NULL,
  CONSTRAINT "upload_usage_pk" PRIMARY KEY ("user_id", "day"),
  CONSTRAINT "upload_usage_counts_check" CHECK ("files" >= 0 AND "bytes" >= 0)
);
--> statement-breakpoint
CREATE INDEX "expert_applications_cv_file_idx" ON "expert_applications" ("cv_file_id") WHERE "cv_file_id" IS NOT NULL;
