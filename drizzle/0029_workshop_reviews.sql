-- Paid workshop seats are rated like paid sessions (docs/product.md "Workshops", "Feedback and reviews"): a public
-- review comes from a session that cost money and took place — a paid one-to-one session, or a workshop seat with a
-- price — confirmed or completed, with no dispute decided for the client. Free intros and free seats never count.
CREATE OR REPLACE VIEW "public_reviews" AS
  SELECT f.* FROM "session_feedback" f JOIN "sessions" s ON s."id" = f."session_id"
  WHERE (s."kind" = 'paid' OR (s."kind" = 'workshop' AND s."total_amount_cents" > 0)) AND s."status" in ('confirmed', 'completed')
    AND NOT EXISTS (SELECT 1 FROM "disputes" d WHERE d."session_id" = f."session_id" AND d."decision" = 'client');
--> statement-breakpoint
CREATE OR REPLACE FUNCTION mentora_feedback_paid_session() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM sessions s WHERE s.id = NEW.session_id AND (s.kind = 'paid' OR (s.kind = 'workshop' AND s.total_amount_cents > 0))) THEN
    RAISE EXCEPTION 'public feedback needs a paid session' USING ERRCODE = 'check_violation', CONSTRAINT = 'session_feedback_paid_session';
  END IF;
  RETURN NEW;
END $$;
