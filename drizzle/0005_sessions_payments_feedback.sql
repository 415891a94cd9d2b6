CREATE TABLE "disputes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"session_id" uuid NOT NULL,
	"client_id" text NOT NULL,
	"description" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"decision" text,
	"refund_cents" integer,
	"resolution_note" text,
	"resolved_by" text,
	"resolved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "disputes_session_id_unique" UNIQUE("session_id"),
	CONSTRAINT "disputes_status_check" CHECK ("disputes"."status" in ('open', 'resolved')),
	CONSTRAINT "disputes_decision_check" CHECK ("disputes"."decision" is null or "disputes"."decision" in ('client', 'expert'))
);
--> statement-breakpoint
CREATE TABLE "payment_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"payment_id" uuid NOT NULL,
	"type" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"actor_id" text,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_events_type_check" CHECK ("payment_events"."type" in ('hold', 'release', 'refund')),
	CONSTRAINT "payment_events_amount_check" CHECK ("payment_events"."amount_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"session_id" uuid NOT NULL,
	"amount_cents" integer NOT NULL,
	"refunded_cents" integer DEFAULT 0 NOT NULL,
	"currency" text DEFAULT 'USD' NOT NULL,
	"status" text NOT NULL,
	"provider" text NOT NULL,
	"provider_ref" text NOT NULL,
	"card_brand" text,
	"card_last4" text,
	"idempotency_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_session_id_unique" UNIQUE("session_id"),
	CONSTRAINT "payments_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "payments_status_check" CHECK ("payments"."status" in ('held', 'released', 'refunded', 'partially_refunded', 'failed')),
	CONSTRAINT "payments_amount_check" CHECK ("payments"."amount_cents" > 0 and "payments"."refunded_cents" between 0 and "payments"."amount_cents"),
	CONSTRAINT "payments_last4_check" CHECK ("payments"."card_last4" is null or "payments"."card_last4" ~ '^[0-9]{4}$')
);
--> statement-breakpoint
CREATE TABLE "private_feedback" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"expert_id" uuid NOT NULL,
	"author_id" text NOT NULL,
	"comments" text NOT NULL,
	"handled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "session_feedback" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"session_id" uuid NOT NULL,
	"client_id" text NOT NULL,
	"expert_id" uuid NOT NULL,
	"expertise_rating" text NOT NULL,
	"communication_rating" text NOT NULL,
	"punctuality_rating" text NOT NULL,
	"value_rating" text NOT NULL,
	"recommendation_rating" text NOT NULL,
	"additional_comments" text,
	"score" numeric(3, 2) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "session_feedback_session_id_unique" UNIQUE("session_id")
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" text NOT NULL,
	"expert_id" uuid NOT NULL,
	"expert_name" text NOT NULL,
	"client_name" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"duration_minutes" integer NOT NULL,
	"kind" text DEFAULT 'paid' NOT NULL,
	"topic" text NOT NULL,
	"hourly_rate_cents" integer NOT NULL,
	"total_amount_cents" integer NOT NULL,
	"currency" text DEFAULT 'USD' NOT NULL,
	"status" text DEFAULT 'booked' NOT NULL,
	"client_feedback_submitted" boolean DEFAULT false NOT NULL,
	"expert_feedback_submitted" boolean DEFAULT false NOT NULL,
	"meeting_url" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"cancelled_by" text,
	"cancel_reason" text,
	"reminder_sent_at" timestamp with time zone,
	"confirmed_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sessions_status_check" CHECK ("sessions"."status" in ('booked', 'confirmed', 'completed', 'disputed', 'cancelled')),
	CONSTRAINT "sessions_kind_check" CHECK ("sessions"."kind" in ('intro', 'paid')),
	CONSTRAINT "sessions_duration_check" CHECK ("sessions"."duration_minutes" in (15, 30, 45, 60, 90, 120)),
	CONSTRAINT "sessions_ends_check" CHECK ("sessions"."ends_at" = "sessions"."starts_at" + make_interval(mins => "sessions"."duration_minutes")),
	CONSTRAINT "sessions_amount_check" CHECK ("sessions"."total_amount_cents" >= 0 and ("sessions"."kind" = 'paid' or ("sessions"."total_amount_cents" = 0 and "sessions"."duration_minutes" = 15))),
	CONSTRAINT "sessions_cancelled_by_check" CHECK ("sessions"."cancelled_by" is null or "sessions"."cancelled_by" in ('client', 'expert', 'team'))
);
--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_client_id_user_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_resolved_by_user_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_events" ADD CONSTRAINT "payment_events_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "private_feedback" ADD CONSTRAINT "private_feedback_expert_id_experts_id_fk" FOREIGN KEY ("expert_id") REFERENCES "public"."experts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "private_feedback" ADD CONSTRAINT "private_feedback_author_id_user_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_feedback" ADD CONSTRAINT "session_feedback_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_feedback" ADD CONSTRAINT "session_feedback_client_id_user_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_feedback" ADD CONSTRAINT "session_feedback_expert_id_experts_id_fk" FOREIGN KEY ("expert_id") REFERENCES "public"."experts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_client_id_user_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_expert_id_experts_id_fk" FOREIGN KEY ("expert_id") REFERENCES "public"."experts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_events_payment_idx" ON "payment_events" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "session_feedback_expert_idx" ON "session_feedback" USING btree ("expert_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_client_idempotency_key" ON "sessions" USING btree ("client_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_one_intro_per_pair" ON "sessions" USING btree ("client_id","expert_id") WHERE "sessions"."kind" = 'intro' and "sessions"."status" <> 'cancelled';--> statement-breakpoint
CREATE INDEX "sessions_client_idx" ON "sessions" USING btree ("client_id","starts_at");--> statement-breakpoint
CREATE INDEX "sessions_expert_idx" ON "sessions" USING btree ("expert_id","starts_at");--> statement-breakpoint
CREATE INDEX "sessions_status_ends_idx" ON "sessions" USING btree ("status","ends_at");