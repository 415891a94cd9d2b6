-- An authenticator code is accepted once per account and time step (RFC 6238 §5.2): the 30-second step of the last
-- code accepted, claimed by a conditional UPDATE (src/server/auth/totp-once.ts), so every server refuses it again.
ALTER TABLE "auth_two_factor" ADD COLUMN "last_used_step" integer;
