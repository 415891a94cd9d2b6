-- An invited address's delivery (docs/product.md "Access programmes"): the outbox e-mail that carried its invitation,
-- whose status and server reply the programme page shows (sent, or "Not delivered: {reply}"). Null for invitations
-- sent before this link existed.
ALTER TABLE "programme_invitations" ADD COLUMN "outbox_email_id" uuid;--> statement-breakpoint
ALTER TABLE "programme_invitations" ADD CONSTRAINT "programme_invitations_outbox_email_id_email_outbox_id_fk" FOREIGN KEY ("outbox_email_id") REFERENCES "public"."email_outbox"("id") ON DELETE set null ON UPDATE no action;
