-- A person's console page lists the team's actions on everything that belongs to them, found by subject.
CREATE INDEX "admin_audit_log_target_idx" ON "admin_audit_log" USING btree ("target_type","target_id");
