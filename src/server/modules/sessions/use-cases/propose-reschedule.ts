/** POST /api/sessions/{id}/reschedule-proposals (docs/product.md "Reschedule proposals"): the expert proposes a new time. */
import { eq } from 'drizzle-orm';
import { messages } from '../../../../shared/messages.js';
import { canPropose, proposalExpiry, proposalMessages } from '../../../../shared/reschedule-proposals.js';
import type { SessionView } from '../../../../shared/schemas/sessions.js';
import { dateInZone } from '../../../../shared/slots.js';
import type { CurrentUser } from '../../../auth/plugin.js';
import { rescheduleProposals, sessions } from '../../../db/schema.js';
import { AppError } from '../../../errors.js';
import { enqueueEmail } from '../../../infra/mail/outbox.js';
import type { SessionDeps } from '../deps.js';
import { loadForParty, lockSession, viewForParty } from '../load-session.js';
import { partiesOf } from '../parties.js';
import { proposalEmail } from '../proposal-emails.js';
import { withdrawOpenProposal } from '../proposals.js';
import { rescheduleSlots } from '../reschedule-slots.js';
import { clock } from '../../../clock.js';

/**
 * The expert of booked session `id` proposes at `now` to move it to `startsAt` (UTC), with an optional `message`
 * (≤ 1000 characters). `startsAt` must be one of the free times the session could move to (rescheduleSlots, the
 * same free times the client's own move offers). In one transaction: an open proposal is withdrawn and replaced, the
 * new one expires at the session's current start, and the client is e-mailed in their zone with a link to the
 * session page. Returns the session as the expert sees it, with the open proposal. 403 the client or not a party /
 * 404; 409 not booked, started, or a time in the past; 422 not a free time of this session.
 */
export async function proposeReschedule(
  deps: SessionDeps,
  user: CurrentUser,
  id: string,
  input: { startsAt: string; message: string | null },
  now = clock.now(),
): Promise<SessionView> {
  const { side } = await loadForParty(deps.db, user, id);
  if (side !== 'expert') throw new AppError('FORBIDDEN', proposalMessages.onlyExpert);
  const proposed = new Date(input.startsAt);
  await deps.db.transaction(async (tx) => {
    const s = await lockSession(tx, id);
    if (!canPropose(s, side, proposed, now)) throw new AppError('CONFLICT', proposalMessages.notNow);
    const day = dateInZone(proposed, 'UTC');
    const free = await rescheduleSlots(tx, s, { from: day, to: day, tz: 'UTC' }, now);
    if (!free.includes(proposed.toISOString())) throw new AppError('UNPROCESSABLE', messages.reschedule.notSlot);
    await withdrawOpenProposal(tx, id, now);
    await tx
      .insert(rescheduleProposals)
      .values({ sessionId: id, proposedStartsAt: proposed, message: input.message, expiresAt: proposalExpiry(s), createdAt: now });
    // The session's own row changes too, so kept session lists (src/server/cache/) are dropped and re-read.
    await tx.update(sessions).set({ updatedAt: now }).where(eq(sessions.id, id));
    const { client } = await partiesOf(tx, s);
    if (client)
      await enqueueEmail(
        tx,
        proposalEmail(
          client,
          { sessionId: id, expertName: s.expertName, topic: s.topic, startsAt: s.startsAt, proposedStartsAt: proposed, message: input.message },
          deps.baseUrl,
        ),
      );
  });
  return viewForParty(deps.db, user, id);
}
