/** The two booking confirmations (docs/product.md "Booking", "E-mail"), queued for a session that has just become booked. */
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { sessions, user as userTable } from '../../db/schema.js';
import { enqueueEmail } from '../../infra/mail/outbox.js';
import type { SessionDeps } from './deps.js';
import { bookingEmail } from './emails.js';

/**
 * Queues both booking confirmations (with the calendar invite) for the just-booked session `s`, inside `tx`: the
 * client's shown in `client.zone` (else the expert's zone), the expert's in `expert.timezone`.
 */
export async function enqueueBookingEmails(
  tx: Tx,
  deps: SessionDeps,
  s: typeof sessions.$inferSelect,
  expert: { userId: string; timezone: string },
  client: { email: string; zone?: string },
): Promise<void> {
  const [expertUser] = await tx.select({ email: userTable.email }).from(userTable).where(eq(userTable.id, expert.userId));
  await enqueueEmail(tx, bookingEmail(s, { email: client.email, zone: client.zone ?? expert.timezone, side: 'client' }, deps.baseUrl));
  if (expertUser) await enqueueEmail(tx, bookingEmail(s, { email: expertUser.email, zone: expert.timezone, side: 'expert' }, deps.baseUrl));
}
