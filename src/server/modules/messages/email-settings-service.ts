/** Each account's switch for e-mails about unread messages (docs/product.md "Messages"; the `user.message_emails` column). */
import { eq } from 'drizzle-orm';
import type { MessageEmailSettings } from '../../../shared/schemas/conversations.js';
import type { Db } from '../../db/client.js';
import { user } from '../../db/schema.js';

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
