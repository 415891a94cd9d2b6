-- The console's dashboard (docs/product.md "Team console", "Dashboard") counts each day's rows by the time they
-- happened: with a year of history these ranges are read from an index instead of the whole table. The ledger and
-- sessions indexes carry the columns summed, so the periods are read from the index alone (index-only scans).
CREATE INDEX "sessions_created_idx" ON "sessions" USING btree ("created_at") INCLUDE ("status", "total_amount_cents");
--> statement-breakpoint
CREATE INDEX "payment_events_dashboard_idx" ON "payment_events" USING btree ("created_at") INCLUDE ("type", "amount_cents") WHERE "type" in ('fee', 'refund');
--> statement-breakpoint
CREATE INDEX "disputes_created_idx" ON "disputes" USING btree ("created_at");
--> statement-breakpoint
CREATE INDEX "disputes_resolved_idx" ON "disputes" USING btree ("resolved_at") WHERE "resolved_at" is not null;
--> statement-breakpoint
CREATE INDEX "experts_created_idx" ON "experts" USING btree ("created_at");
--> statement-breakpoint
CREATE INDEX "user_clients_created_idx" ON "user" USING btree ("created_at") WHERE "role" = 'client';
