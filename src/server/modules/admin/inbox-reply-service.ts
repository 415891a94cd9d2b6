/**
 * The team answers an inbox message by e-mail (docs/product.md "Team console"): the reply goes through the outbox to
 * the address the message came from — never to one the team types — and is kept with the message.
 */
import type { InboxKind } from '../../../shared/admin.js';
import { messages } from '../../../shared/messages.js';
import type { InboxItem } from '../../../shared/schemas/admin.js';
import type { CurrentUser } from '../../auth/plugin.js';
import type { Db } from '../../db/client.js';
import { inboxReplies } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { enqueueEmail } from '../../infra/mail/outbox.js';
import { assertUuid, recordAudit } from './audit-service.js';
import { inboxReplyEmail } from './emails.js';
import { findInboxMessage, replyKeyOf, setHandledIn } from './inbox-service.js';
import { clock } from '../../clock.js';

/**
 * POST /api/admin/inbox/{kind}/{id}/replies `{ message }` (1–5000 characters, trimmed): e-mails `message` to the
 * sender of the message, keeps the reply in its thread, marks the message handled if it was not, and audits it
 * ('inbox.replied'), all in one transaction. Answers the reply (`createdAt` UTC ISO-8601).
 * Errors: 404 unknown message; 409 when the message has no e-mail address (an anonymous enquiry older than the form's
 * e-mail field).
 */
export async function replyToInboxMessage(
  db: Db,
  admin: CurrentUser,
  kind: InboxKind,
  id: string,
  message: string,
  baseUrl: string,
  now = clock.now(),
): Promise<InboxItem['replies'][number]> {
  assertUuid(id, messages.admin.notFound);
  return db.transaction(async (tx) => {
    const item = await findInboxMessage(tx, kind, id);
    if (!item) throw new AppError('NOT_FOUND', messages.admin.notFound);
    const to = item.from.email;
    if (!to) throw new AppError('CONFLICT', messages.admin.replyNoAddress);
    const [reply] = await tx
      .insert(inboxReplies)
      .values({ [replyKeyOf(kind)]: id, authorId: admin.id, toEmail: to, body: message, createdAt: now })
      .returning({ id: inboxReplies.id, createdAt: inboxReplies.createdAt });
    await enqueueEmail(tx, inboxReplyEmail(to, { kind, name: item.from.name, message, teamMember: admin.name }, baseUrl));
    if (!item.handledAt) await setHandledIn(tx, kind, id, now);
    await recordAudit(tx, { actorId: admin.id, action: 'inbox.replied', targetType: kind, targetId: id, detail: { replyId: reply!.id } });
    return { id: reply!.id, body: message, toEmail: to, author: admin.name, createdAt: reply!.createdAt.toISOString() };
  });
}
