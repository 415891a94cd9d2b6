/** Job: session reminders (docs/product.md "E-mail"; docs/architecture.md "Jobs"). */
import { and, eq, gt, isNull, lte } from 'drizzle-orm';
import { sessions } from '../../../db/schema.js';
import { enqueueEmail } from '../../../infra/mail/outbox.js';
import type { SessionDeps } from '../deps.js';
import { reminderEmail } from '../emails.js';
import { emailOf, expertOf } from '../parties.js';

/**
 * E-mails both parties of each booked session starting within 24 hours of `now`, once (reminder_sent_at), at
 * most `batch` sessions per call, times shown in the expert's zone. Claims rows with FOR UPDATE SKIP LOCKED, so
 * several servers can run it at once. Returns how many sessions were reminded.
 */
export async function sendDueReminders(deps: SessionDeps, now = new Date(), batch = 50): Promise<number> {
  const horizon = new Date(now.getTime() + 24 * 3_600_000);
  return deps.db.transaction(async (tx) => {
    const due = await tx
      .select()
      .from(sessions)
      .where(and(eq(sessions.status, 'booked'), isNull(sessions.reminderSentAt), gt(sessions.startsAt, now), lte(sessions.startsAt, horizon)))
      .limit(batch)
      .for('update', { skipLocked: true });
    for (const s of due) {
      const expert = await expertOf(tx, s.expertId);
      const clientEmail = await emailOf(tx, s.clientId);
      const expertEmail = await emailOf(tx, expert.userId);
      if (clientEmail) await enqueueEmail(tx, reminderEmail(s, { email: clientEmail, zone: expert.timezone, side: 'client' }, deps.baseUrl));
      if (expertEmail) await enqueueEmail(tx, reminderEmail(s, { email: expertEmail, zone: expert.timezone, side: 'expert' }, deps.baseUrl));
      await tx.update(sessions).set({ reminderSentAt: now }).where(eq(sessions.id, s.id));
    }
    return due.length;
  });
}
