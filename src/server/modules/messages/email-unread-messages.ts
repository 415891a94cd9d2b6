/**
 * Job: e-mails about messages left unread (docs/product.md "Messages", "When the other person is away"; decision 005's
 * outbox).
 */
import { and, asc, eq, gt, or, sql } from 'drizzle-orm';
import { messages as words } from '../../../shared/messages.js';
import type { Db, Tx } from '../../db/client.js';
import { conversations, experts, messages, user } from '../../db/schema.js';
import { outboxInsert, type OutgoingEmail } from '../../infra/mail/outbox.js';
import { emailedAtColumn, otherSide, readAtColumn, unreadColumn, type Side } from './participants.js';
import { unreadMessagesEmail } from './unread-email.js';
import { unsubscribeUrl } from './unsubscribe-link.js';

/** Messages quoted in an e-mail at most (their first lines are). */
const quoted = 3;

/**
 * Whether side `side` of the conversation row has a message of the other side it has neither read nor been e-mailed
 * about, sent at least `delayMs` milliseconds ago (by the database's clock).
 */
/** The send time after which side `side` of the conversation row has neither read nor been e-mailed the other's messages. */
const newerThan = (side: Side) =>
  sql`greatest(coalesce(${conversations[readAtColumn[side]]}, '-infinity'), coalesce(${conversations[emailedAtColumn[side]]}, '-infinity'))`;

function dueFor(side: Side, delayMs: number) {
  const after = newerThan(side);
  return and(
    gt(conversations[unreadColumn[side]], 0),
    sql`exists (select 1 from ${messages} m where m.conversation_id = ${conversations.id} and m.sender_role = ${otherSide(side)} and m.created_at > ${after} and m.created_at <= clock_timestamp() - ${delayMs}::float8 * interval '1 millisecond')`,
  )!;
}

/**
 * Sends, through the outbox, one e-mail per conversation and side whose oldest message that side has neither read nor
 * been e-mailed about was sent at least `delayMs` (ms, MESSAGE_EMAIL_DELAY_MS) ago: "New message from {name}" with
 * the first lines of every such message (the batch) and a link to the conversation, to the recipient's address. The
 * batch's newest send time is stored (`*_emailed_at`), so no message is in two e-mails; a recipient who switched these
 * e-mails off (`user.message_emails`) or whose account is deleted is skipped the same way. At most `batch`
 * conversations per call, claimed with FOR UPDATE SKIP LOCKED: several servers may run it at once, and a send or read
 * receipt (which lock the conversation) waits for it. Each e-mail carries its recipient's one-click unsubscribe
 * address, signed with `secret` (AUTH_SECRET; unsubscribe-link.ts). Returns how many e-mails were queued.
 */
export async function emailUnreadMessages(db: Db, opts: { baseUrl: string; secret: string; delayMs: number; batch?: number }): Promise<number> {
  const due = { client: dueFor('client', opts.delayMs), expert: dueFor('expert', opts.delayMs) };
  return db.transaction(async (tx) => {
    const rows = await tx
      .select({
        conversation: conversations,
        expertUserId: experts.userId,
        expertName: experts.name,
        clientDue: sql<boolean>`${due.client}`,
        expertDue: sql<boolean>`${due.expert}`,
      })
      .from(conversations)
      .innerJoin(experts, eq(experts.id, conversations.expertId))
      .where(or(due.client, due.expert))
      .orderBy(asc(conversations.lastMessageAt))
      .limit(opts.batch ?? 50)
      .for('update', { of: conversations, skipLocked: true });
    const mails: OutgoingEmail[] = [];
    for (const row of rows) {
      const c = row.conversation;
      const client = await account(tx, c.clientId);
      const clientName = [client?.firstName, client?.lastName].filter(Boolean).join(' ') || words.account.deletedName;
      const sides: { side: Side; recipient: string; senderName: string }[] = [];
      if (row.clientDue) sides.push({ side: 'client', recipient: c.clientId, senderName: row.expertName });
      if (row.expertDue) sides.push({ side: 'expert', recipient: row.expertUserId, senderName: clientName });
      for (const { side, recipient, senderName } of sides) {
        const to = recipient === c.clientId ? client : await account(tx, recipient);
        // Compared in the database, at its precision (microseconds).
        const first = await tx
          .select({ body: messages.body })
          .from(messages)
          .innerJoin(conversations, eq(conversations.id, messages.conversationId))
          .where(and(eq(messages.conversationId, c.id), eq(messages.senderRole, otherSide(side)), sql`${messages.createdAt} > ${newerThan(side)}`))
          .orderBy(asc(messages.createdAt), asc(messages.id))
          .limit(quoted);
        if (to?.messageEmails && !to.deletedAt)
          mails.push(
            unreadMessagesEmail({
              to: to.email,
              senderName,
              bodies: first.map((m) => m.body || words.messaging.attachmentOnly),
              unread: c[unreadColumn[side]],
              conversationId: c.id,
              baseUrl: opts.baseUrl,
              unsubscribeUrl: unsubscribeUrl(opts.baseUrl, opts.secret, recipient),
            }),
          );
        // Every message of the other side so far is now read or e-mailed (sends wait for this conversation's lock).
        await tx
          .update(conversations)
          .set({
            [emailedAtColumn[side]]:
              sql`(select max(m.created_at) from ${messages} m where m.conversation_id = ${c.id} and m.sender_role = ${otherSide(side)})`,
          })
          .where(eq(conversations.id, c.id));
      }
    }
    if (mails.length) await outboxInsert(tx, mails);
    return mails.length;
  });
}

async function account(tx: Tx, id: string) {
  const [row] = await tx
    .select({ email: user.email, firstName: user.firstName, lastName: user.lastName, messageEmails: user.messageEmails, deletedAt: user.deletedAt })
    .from(user)
    .where(eq(user.id, id));
  return row;
}
