-- A partner organisation's logo (docs/product.md "Partners"): an upload of purpose 'logo', named by the organisation.
-- Public while an organisation names it; a replaced or removed logo is deleted by the uploads' cleanup job.
ALTER TABLE "files" DROP CONSTRAINT "files_purpose_check";--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_purpose_check" CHECK ("purpose" in ('cv', 'photo', 'video', 'attachment', 'logo'));--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "logo_file_id" uuid;--> statement-breakpoint
ALTER TABLE "organisations" ADD CONSTRAINT "organisations_logo_file_id_files_id_fk" FOREIGN KEY ("logo_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "organisations_logo_file_idx" ON "organisations" USING btree ("logo_file_id");
