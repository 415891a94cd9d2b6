/** Job: session reminders (docs/product.md "Sessions", "E-mail"; docs/architecture.md "Jobs"). */
import { and, eq, gt, isNull, lte, or } from 'drizzle-orm';
import { sessions } from '../../../db/schema.js';
import { outboxInsert } from '../../../infra/mail/outbox.js';
import type { SessionDeps } from '../deps.js';
import { reminderEmail, type ReminderLead } from '../emails.js';
import { partiesOf } from '../parties.js';
import { clock } from '../../../clock.js';

const hourMs = 3_600_000;

/**
 * E-mails both parties of each booked session that starts within 24 hours of `now` (the day reminder, once:
 * reminder_sent_at) and again within 1 hour (the hour reminder, once: hour_reminder_sent_at), each in its
 * recipient's zone, at most `batch` sessions per call. A session first seen within the hour (the job was down)
 * gets the hour reminder only: two reminders at once would say the same. Claims rows with FOR UPDATE SKIP LOCKED,
 * so several servers can run it at once and each reminder goes once. Returns how many reminders (per session) were sent.
 */
export async function sendDueReminders(deps: SessionDeps, now = clock.now(), batch = 50): Promise<number> {
  const dayHorizon = new Date(now.getTime() + 24 * hourMs);
  const hourHorizon = new Date(now.getTime() + hourMs);
  return deps.db.transaction(async (tx) => {
    const due = await tx
      .select()
      .from(sessions)
      .where(
        and(
          eq(sessions.status, 'booked'),
          gt(sessions.startsAt, now),
          or(
            and(isNull(sessions.reminderSentAt), lte(sessions.startsAt, dayHorizon)),
            and(isNull(sessions.hourReminderSentAt), lte(sessions.startsAt, hourHorizon)),
          ),
        ),
      )
      .limit(batch)
      .for('update', { skipLocked: true });
    for (const s of due) {
      const lead: ReminderLead = s.startsAt.getTime() <= hourHorizon.getTime() ? 'hour' : 'day';
      const parties = await partiesOf(tx, s);
      const mails = [
        ...(parties.client ? [reminderEmail(s, parties.client, 'client', lead, deps)] : []),
        ...(parties.expert ? [reminderEmail(s, parties.expert, 'expert', lead, deps)] : []),
      ];
      if (mails.length) await outboxInsert(tx, mails);
      await tx
        .update(sessions)
        .set(lead === 'hour' ? { reminderSentAt: s.reminderSentAt ?? now, hourReminderSentAt: now } : { reminderSentAt: now })
        .where(eq(sessions.id, s.id));
    }
    return due.length;
  });
}
