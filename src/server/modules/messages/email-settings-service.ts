/** Each account's switch for e-mails about unread messages (docs/product.md "Messages"; the `user.message_emails` column). */
import { eq } from 'drizzle-orm';
import { messages } from '../../../shared/messages.js';
import type { MessageEmailSettings } from '../../../shared/schemas/conversations.js';
import type { Db } from '../../db/client.js';
import { user } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { unsubscribingAccount } from './unsubscribe-link.js';

/** GET /api/me/message-emails: `{ enabled }` for account `userId` (on unless it was switched off). */
export async function messageEmailSettings(db: Db, userId: string): Promise<MessageEmailSettings> {
  const [row] = await db.select({ enabled: user.messageEmails }).from(user).where(eq(user.id, userId));
  return { enabled: row?.enabled ?? false };
}

/** PUT /api/me/message-emails: switches account `userId`'s e-mails about unread messages on or off; returns the setting. */
export async function saveMessageEmailSettings(db: Db, userId: string, input: MessageEmailSettings): Promise<MessageEmailSettings> {
  const [row] = await db
    .update(user)
    .set({ messageEmails: input.enabled, updatedAt: new Date() })
    .where(eq(user.id, userId))
    .returning({ enabled: user.messageEmails });
  return { enabled: row?.enabled ?? false };
}

/**
 * The account an unsubscribe link's `token` names (unsubscribe-link.ts, signed with `secret`, AUTH_SECRET). Throws
 * AppError NOT_FOUND for a forged, altered or malformed token.
 */
export function unsubscribeLinkAccount(secret: string, token: string): string {
  const userId = unsubscribingAccount(secret, token);
  if (!userId) throw new AppError('NOT_FOUND', messages.messaging.unsubscribeLinkInvalid);
  return userId;
}
