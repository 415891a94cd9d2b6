/**
 * Lifting a messaging suspension (docs/product.md "Messages", "Blocking and reporting"): the team suspends an
 * account's messaging from a report (messages/report-review-service.ts) and lifts it here, with a note e-mailed to the person.
 */
import { eq } from 'drizzle-orm';
import { messages as words } from '../../../shared/messages.js';
import type { Db } from '../../db/client.js';
import { user } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { enqueueEmail } from '../../infra/mail/outbox.js';
import { recordAudit } from './audit-service.js';
import { messagingRestoredEmail } from './emails.js';
import { findUser } from './user-directory-service.js';

/**
 * POST /api/admin/users/:id/messaging/lift by team member `adminId` with `reason` (1–1000 characters, e-mailed): the
 * account may send and start conversations again. Audited ('user.messaging-lift', with the reason), in one
 * transaction with the e-mail. Errors: 404 (`admin.userNotFound`) unknown or deleted account; 409
 * (`admin.messagingNotSuspended`) its messaging is not suspended.
 */
export async function liftMessagingSuspension(db: Db, adminId: string, id: string, reason: string, baseUrl: string): Promise<void> {
  await db.transaction(async (tx) => {
    const { u } = await findUser(tx, id, true);
    if (u.deletedAt) throw new AppError('NOT_FOUND', words.admin.userNotFound);
    if (!u.messagingSuspendedAt) throw new AppError('CONFLICT', words.admin.messagingNotSuspended);
    await tx.update(user).set({ messagingSuspendedAt: null }).where(eq(user.id, u.id));
    await recordAudit(tx, {
      actorId: adminId,
      action: 'user.messaging-lift',
      targetType: 'user',
      targetId: u.id,
      detail: { reason, suspendedAt: u.messagingSuspendedAt.toISOString() },
    });
    await enqueueEmail(tx, messagingRestoredEmail(u.email, { name: u.firstName ?? u.name, reason }, baseUrl));
  });
}
