/** Reading the e-mail outbox in API tests. */
import { asc, eq } from 'drizzle-orm';
import { emailOutbox } from '../../src/server/db/schema.js';
import type { TestContext } from './app.js';

/**
 * The outbox rows to `to`, oldest first, once there are at least `count` (polled for up to `timeoutMs`): some
 * e-mails are enqueued after the answer leaves (a password reset request, src/server/auth/reset-request.ts).
 */
export async function waitForEmails(ctx: TestContext, to: string, count = 1, timeoutMs = 5000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const rows = await ctx.database.db.select().from(emailOutbox).where(eq(emailOutbox.to, to)).orderBy(asc(emailOutbox.createdAt));
    if (rows.length >= count || Date.now() > deadline) return rows;
    await new Promise((r) => setTimeout(r, 20));
  }
}
