/**
 * Job: the expert's workshop reminders (docs/product.md "Workshops"; docs/architecture.md "Jobs"): one 24 hours and
 * one 1 hour before each published workshop, whatever the number of seats (the seats' own reminders go to their
 * attendees only).
 */
import { and, eq, gt, isNull, lte, or } from 'drizzle-orm';
import { workshops } from '../../../db/schema.js';
import { outboxInsert } from '../../../infra/mail/outbox.js';
import type { SessionDeps } from '../../sessions/booking-service.js';
import type { ReminderLead } from '../../../infra/mail/zoned.js';
import { workshopReminderEmail } from '../expert-mail.js';
import { clock } from '../../../clock.js';

const hourMs = 3_600_000;

/**
 * E-mails the expert of each published workshop starting within 24 hours of `now` (once: reminder_sent_at) and
 * again within 1 hour (once: hour_reminder_sent_at), in their zone, at most `batch` workshops per call; a workshop
 * first seen within the hour gets the hour reminder only. Claims rows with FOR UPDATE SKIP LOCKED, so several
 * servers can run it at once and each reminder goes once. Returns how many workshops were reminded.
 */
export async function sendDueWorkshopReminders(deps: SessionDeps, now = clock.now(), batch = 50): Promise<number> {
  const dayHorizon = new Date(now.getTime() + 24 * hourMs);
  const hourHorizon = new Date(now.getTime() + hourMs);
  return deps.db.transaction(async (tx) => {
    const due = await tx
      .select()
      .from(workshops)
      .where(
        and(
          eq(workshops.status, 'published'),
          gt(workshops.startsAt, now),
          or(
            and(isNull(workshops.reminderSentAt), lte(workshops.startsAt, dayHorizon)),
            and(isNull(workshops.hourReminderSentAt), lte(workshops.startsAt, hourHorizon)),
          ),
        ),
      )
      .limit(batch)
      .for('update', { skipLocked: true });
    for (const w of due) {
      const lead: ReminderLead = w.startsAt.getTime() <= hourHorizon.getTime() ? 'hour' : 'day';
      const mail = await workshopReminderEmail(tx, deps, w, lead);
      if (mail) await outboxInsert(tx, [mail]);
      await tx
        .update(workshops)
        .set(lead === 'hour' ? { reminderSentAt: w.reminderSentAt ?? now, hourReminderSentAt: now } : { reminderSentAt: now })
        .where(eq(workshops.id, w.id));
    }
    return due.length;
  });
}
