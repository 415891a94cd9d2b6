/**
 * Password-reset timing (docs/security.md "Password reset timing"): the answer to a reset request must not tell a
 * known e-mail from an unknown one, in its words or its timing. Timing is shown structurally rather than with a
 * stopwatch (too noisy on a shared machine): the answer leaves before the address is looked up, so the work done
 * before it is the same code for both kinds of address (parse and validate the body). A known address is answered
 * while the tables of the lookup, the token and the e-mail are locked; the token and e-mail follow shortly after.
 */
import { and, eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authVerification } from '../../src/server/db/schema.js';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { createUser, origin } from '../helpers/auth.js';
import { waitForEmails } from '../helpers/outbox.js';

const json = { origin, 'content-type': 'application/json' };

describe('password reset timing', () => {
  let ctx: TestContext;
  let userId: string;
  beforeAll(async () => {
    ctx = await createTestApp();
    ({ id: userId } = await createUser(ctx, { email: 'known@example.com' }));
  });
  afterAll(() => ctx.close());

  const ask = (email: string) =>
    ctx.app.inject({ method: 'POST', url: '/api/auth/request-password-reset', headers: json, payload: { email, redirectTo: '/reset-password' } });
  const tokens = () =>
    ctx.database.db
      .select()
      .from(authVerification)
      .where(and(eq(authVerification.value, userId), like(authVerification.identifier, 'reset-password:%')));

  it('answers known and unknown e-mails with the same bytes', async () => {
    const [known, unknown] = [await ask('known@example.com'), await ask('nobody@example.com')];
    expect([known.statusCode, unknown.statusCode]).toEqual([200, 200]);
    expect(known.body).toBe(unknown.body);
    expect(known.headers['content-type']).toBe(unknown.headers['content-type']);
    expect(known.headers['content-length']).toBe(unknown.headers['content-length']);
    await waitForEmails(ctx, 'known@example.com', 1); // the known address's e-mail, written after its answer
  });

  it('answers before looking the address up: the answer arrives while the account tables are locked', async () => {
    const before = (await waitForEmails(ctx, 'known@example.com', 0)).length;
    const tokensBefore = (await tokens()).length;
    await ctx.database.db.transaction(async (tx) => {
      // Nothing can read or write these tables until this transaction ends: an answer that needed the lookup,
      // the token or the e-mail could not arrive in the meantime.
      await tx.execute(sql`lock table "user", auth_account, auth_verification, email_outbox in access exclusive mode`);
      const answer = await Promise.race([ask('known@example.com'), new Promise<null>((r) => setTimeout(() => r(null), 3000))]);
      expect(answer?.statusCode, 'no answer while the lookup was blocked').toBe(200);
    });
    // The reset itself still happens, after the answer.
    expect(await waitForEmails(ctx, 'known@example.com', before + 1)).toHaveLength(before + 1);
    await expect.poll(async () => (await tokens()).length).toBe(tokensBefore + 1);
  });
});
