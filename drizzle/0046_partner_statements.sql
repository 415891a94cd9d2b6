-- Monthly statements of partner organisations (docs/product.md "Reports"): one row per organisation and UTC month
-- (its first day), written in the transaction that puts the statement's e-mails in the outbox. The primary key makes
-- several servers running the statement job send each month's statement once.
CREATE TABLE "partner_statements" (
	"organisation_id" uuid NOT NULL,
	"month" date NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "partner_statements_organisation_id_month_pk" PRIMARY KEY("organisation_id","month"),
	CONSTRAINT "partner_statements_month_check" CHECK (extract(day from "partner_statements"."month") = 1)
);
--> statement-breakpoint
ALTER TABLE "partner_statements" ADD CONSTRAINT "partner_statements_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;
