/**
 * Who may write (docs/product.md "Messages", "Blocking and reporting"): an account whose messaging the team suspended
 * neither sends nor starts conversations, and nobody sends in a conversation where either side blocked the other.
 */
import { eq } from 'drizzle-orm';
import { messages as words } from '../../../shared/messages.js';
import type { Db, Tx } from '../../db/client.js';
import { user } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { blockedAtColumn, otherSide, type Participation } from './participants.js';

/** AppError FORBIDDEN (403, `messaging.suspended`) when the team suspended account `userId`'s messaging. */
export async function refuseSuspended(db: Db | Tx, userId: string): Promise<void> {
  const [row] = await db.select({ at: user.messagingSuspendedAt }).from(user).where(eq(user.id, userId));
  if (row?.at) throw new AppError('FORBIDDEN', words.messaging.suspended);
}

/**
 * Why side `p.side` of the (locked) conversation may not send, or null: 403 `messaging.blockedByOther` when the other
 * side blocked it, `messaging.blockedByMe` when it blocked the other, `messaging.suspended` when its messaging is
 * suspended.
 */
export function sendRefusal(p: Participation): AppError | null {
  if (p.conversation[blockedAtColumn[otherSide(p.side)]]) return new AppError('FORBIDDEN', words.messaging.blockedByOther);
  if (p.conversation[blockedAtColumn[p.side]]) return new AppError('FORBIDDEN', words.messaging.blockedByMe);
  if (p.suspended) return new AppError('FORBIDDEN', words.messaging.suspended);
  return null;
}
