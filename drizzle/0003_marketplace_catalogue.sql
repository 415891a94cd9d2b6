CREATE TABLE "availability_exceptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"expert_id" uuid NOT NULL,
	"date" date NOT NULL,
	"kind" text NOT NULL,
	"start_minute" smallint,
	"end_minute" smallint,
	CONSTRAINT "availability_exceptions_shape_check" CHECK (("availability_exceptions"."kind" = 'blocked' and "availability_exceptions"."start_minute" is null and "availability_exceptions"."end_minute" is null) or ("availability_exceptions"."kind" = 'custom' and 0 <= "availability_exceptions"."start_minute" and "availability_exceptions"."start_minute" < "availability_exceptions"."end_minute" and "availability_exceptions"."end_minute" <= 1440))
);
--> statement-breakpoint
CREATE TABLE "availability_rules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"expert_id" uuid NOT NULL,
	"weekday" smallint NOT NULL,
	"start_minute" smallint NOT NULL,
	"end_minute" smallint NOT NULL,
	CONSTRAINT "availability_rules_weekday_check" CHECK ("availability_rules"."weekday" between 0 and 6),
	CONSTRAINT "availability_rules_minutes_check" CHECK (0 <= "availability_rules"."start_minute" and "availability_rules"."start_minute" < "availability_rules"."end_minute" and "availability_rules"."end_minute" <= 1440)
);
--> statement-breakpoint
CREATE TABLE "experts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"user_id" text NOT NULL,
	"name" text NOT NULL,
	"role" text NOT NULL,
	"about" text NOT NULL,
	"experience" text DEFAULT '' NOT NULL,
	"courses" text[] DEFAULT '{}'::text[] NOT NULL,
	"languages" text[] DEFAULT '{}'::text[] NOT NULL,
	"hobbies" text[] DEFAULT '{}'::text[] NOT NULL,
	"expertise" text[] NOT NULL,
	"hourly_rate_cents" integer NOT NULL,
	"currency" text DEFAULT 'USD' NOT NULL,
	"timezone" text NOT NULL,
	"cancellation_policy" text DEFAULT 'moderate' NOT NULL,
	"image_url" text,
	"intro_video_url" text,
	"is_available" boolean DEFAULT true NOT NULL,
	"status" text DEFAULT 'published' NOT NULL,
	"rating_avg" numeric(3, 2),
	"review_count" integer DEFAULT 0 NOT NULL,
	"search_text" text GENERATED ALWAYS AS (lower(role || chr(31) || about || chr(31) || mentora_array_text(expertise, chr(31)))) STORED NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "experts_slug_unique" UNIQUE("slug"),
	CONSTRAINT "experts_user_id_unique" UNIQUE("user_id"),
	CONSTRAINT "experts_expertise_count" CHECK (cardinality("experts"."expertise") between 1 and 3),
	CONSTRAINT "experts_hourly_rate_range" CHECK ("experts"."hourly_rate_cents" between 1000 and 100000),
	CONSTRAINT "experts_cancellation_policy_check" CHECK ("experts"."cancellation_policy" in ('flexible', 'moderate', 'strict')),
	CONSTRAINT "experts_status_check" CHECK ("experts"."status" in ('draft', 'published', 'suspended')),
	CONSTRAINT "experts_rating_range" CHECK ("experts"."rating_avg" is null or "experts"."rating_avg" between 1 and 5),
	CONSTRAINT "experts_review_count_check" CHECK ("experts"."review_count" >= 0)
);
--> statement-breakpoint
ALTER TABLE "availability_exceptions" ADD CONSTRAINT "availability_exceptions_expert_id_experts_id_fk" FOREIGN KEY ("expert_id") REFERENCES "public"."experts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "availability_rules" ADD CONSTRAINT "availability_rules_expert_id_experts_id_fk" FOREIGN KEY ("expert_id") REFERENCES "public"."experts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "experts" ADD CONSTRAINT "experts_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "availability_exceptions_expert_date_idx" ON "availability_exceptions" USING btree ("expert_id","date");--> statement-breakpoint
CREATE INDEX "availability_rules_expert_idx" ON "availability_rules" USING btree ("expert_id");--> statement-breakpoint
CREATE INDEX "experts_search_trgm_idx" ON "experts" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "experts_expertise_idx" ON "experts" USING gin ("expertise");--> statement-breakpoint
CREATE INDEX "experts_languages_idx" ON "experts" USING gin ("languages");--> statement-breakpoint
CREATE INDEX "experts_rate_idx" ON "experts" USING btree ("hourly_rate_cents");--> statement-breakpoint
CREATE INDEX "experts_rating_idx" ON "experts" USING btree ("rating_avg");