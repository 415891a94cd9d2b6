-- The database refuses overlapping availability: no two weekly ranges of one expert overlap on the same
-- weekday, and per date a day off (whole day) cannot coexist with anything else nor custom ranges overlap.
ALTER TABLE "availability_rules" ADD CONSTRAINT "availability_rules_no_overlap"
  EXCLUDE USING gist ("expert_id" WITH =, "weekday" WITH =, int4range("start_minute", "end_minute") WITH &&);--> statement-breakpoint
ALTER TABLE "availability_exceptions" ADD CONSTRAINT "availability_exceptions_no_overlap"
  EXCLUDE USING gist ("expert_id" WITH =, "date" WITH =, int4range(coalesce("start_minute", 0), coalesce("end_minute", 1440)) WITH &&);
