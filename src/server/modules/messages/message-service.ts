/**
 * Messages of a conversation (docs/product.md "Messages"): sending (idempotent per the sender's message id), pages
 * of older messages, and read receipts. Every change appends the events both participants' open pages need to their
 * streams (stream-events.ts), in the same transaction.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import { messages as words } from '../../../shared/messages.js';
import type { MessagePage, MessageView, SendMessageInput } from '../../../shared/schemas/conversations.js';
import type { Db, Tx } from '../../db/client.js';
import { conversations, files, messages } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { fileUrlPrefix } from '../files/service.js';
import { otherSide, participation, readAtColumn, unreadColumn, type Side } from './participants.js';
import { sendRefusal } from './send-rules.js';
import { appendEvents, lockStreams, unreadTotal } from './stream-events.js';

type FileRow = typeof files.$inferSelect;

const view = (m: typeof messages.$inferSelect, readerSide: Side, file: FileRow | null): MessageView => ({
  id: m.id,
  conversationId: m.conversationId,
  body: m.body,
  sentAt: m.createdAt.toISOString(),
  mine: m.senderRole === readerSide,
  attachment: attachmentView(file),
});

/** A message's attachment file as the API shows it (its download address), or null. */
export const attachmentView = (file: FileRow | null): MessageView['attachment'] =>
  file ? { id: file.id, name: file.originalName, contentType: file.contentType, sizeBytes: file.sizeBytes, url: `${fileUrlPrefix}${file.id}` } : null;

/** The attachment file of message row `m`, or null. */
async function attachmentOf(tx: Db | Tx, m: typeof messages.$inferSelect): Promise<FileRow | null> {
  if (!m.attachmentFileId) return null;
  const [file] = await tx.select().from(files).where(eq(files.id, m.attachmentFileId));
  return file ?? null;
}

/**
 * Marks `userId`'s upload `fileId` (purpose attachment) as attached, in the send's transaction (the row lock keeps the
 * upload cleanup away). Errors: 404 (`messaging.attachmentNotFound`) not the sender's attachment upload; a file
 * already sent with another message is refused by the database's unique index, answered the same way.
 */
async function attach(tx: Tx, userId: string, fileId: string): Promise<FileRow> {
  const [file] = await tx
    .update(files)
    .set({ attachedAt: sql`now()` })
    .where(
      and(
        eq(files.id, fileId),
        eq(files.ownerId, userId),
        eq(files.purpose, 'attachment'),
        sql`not exists (select 1 from ${messages} m where m.attachment_file_id = ${fileId})`,
      ),
    )
    .returning();
  if (!file) throw new AppError('NOT_FOUND', words.messaging.attachmentNotFound);
  return file;
}

/**
 * POST /api/conversations/:id/messages by account `userId`: `{ message, replayed }`. The message's `id` is the
 * sender's: sent again (a retry), the first message is answered with `replayed` and nothing is added. Sending also
 * reads everything before it (the sender's unread count in this conversation becomes 0). `body` is trimmed, 1–5 000
 * characters, or 0–5 000 with an attachment (schema `sendMessageInput`, `messageMinLength`; the database checks it again).
 * `attachmentId`: the sender's upload (purpose attachment, a PDF or image ≤ 10 MB) sent with it, once. `barrier`: a
 * token named in a new message's notification (FastifyRequest.barrierToken; not with `replayed`, which notifies nothing).
 * Errors: 403 either side blocked the other, or the sender's messaging is suspended (send-rules.ts); 404 not a
 * participant, or (`messaging.attachmentNotFound`) not the sender's attachment or already sent; 422 (`messaging.idReused`) the id names another message.
 */
export async function sendMessage(
  db: Db,
  userId: string,
  conversationId: string,
  input: SendMessageInput,
  barrier?: string,
): Promise<{ message: MessageView; replayed: boolean }> {
  // Round trips are what a send waits for under load (docs/performance.md "Message delivery"): the common case — a
  // first send, allowed — is the lock, the stream locks, the insert, the conversation's update and the events.
  return db.transaction(async (tx) => {
    const party = await participation(tx, conversationId, userId, true);
    const { conversation, side, otherUserId } = party;
    const refusal = sendRefusal(party);
    // A retry is answered before the rules: a message sent before a block is still answered as sent; and an
    // attachment already sent with it would otherwise be refused as not found.
    if (refusal || input.attachmentId) {
      const existing = await sentBefore(tx, input.id);
      if (existing) return { message: await replay(tx, existing, input, conversationId, side), replayed: true };
      if (refusal) throw refusal;
    }
    await lockStreams(tx, [userId, otherUserId]);
    const file = input.attachmentId ? await attach(tx, userId, input.attachmentId) : null;
    const [inserted] = await tx
      .insert(messages)
      // Taken after the conversation's lock: later than every message committed before in this conversation.
      .values({ id: input.id, conversationId, senderRole: side, body: input.body, createdAt: sql`clock_timestamp()`, attachmentFileId: file?.id ?? null })
      // The same id sent before (a retry), or at once in another conversation (this one's lock does not cover it).
      .onConflictDoNothing()
      .returning();
    if (!inserted) {
      const existing = await sentBefore(tx, input.id);
      if (existing) return { message: await replay(tx, existing, input, conversationId, side), replayed: true };
      throw new AppError('UNPROCESSABLE', words.messaging.idReused);
    }

    const other = otherSide(side);
    // The message's own time, in the database's precision (microseconds; a JavaScript Date keeps milliseconds).
    const sentAt = sql`(select ${messages.createdAt} from ${messages} where ${messages.id} = ${inserted.id})`;
    await tx
      .update(conversations)
      .set({
        lastMessageAt: sentAt,
        [unreadColumn[other]]: sql`${conversations[unreadColumn[other]]} + 1`,
        [unreadColumn[side]]: 0,
        [readAtColumn[side]]: sentAt,
      })
      .where(eq(conversations.id, conversation.id));
    await appendEvents(
      tx,
      [
        { userId, event: { kind: 'message', conversationId, message: view(inserted, side, file) } },
        { userId: otherUserId, event: { kind: 'message', conversationId, message: view(inserted, other, file) } },
      ],
      barrier,
    );
    return { message: view(inserted, side, file), replayed: false };
  });
}

/** Message `id` as already stored, or undefined. */
async function sentBefore(tx: Tx, id: string): Promise<typeof messages.$inferSelect | undefined> {
  const [row] = await tx.select().from(messages).where(eq(messages.id, id));
  return row;
}

/** The message a retried send names: the same one (same conversation, sender, text and attachment), else 422. */
async function replay(tx: Tx, first: typeof messages.$inferSelect, input: SendMessageInput, conversationId: string, side: Side): Promise<MessageView> {
  if (
    first.conversationId !== conversationId ||
    first.senderRole !== side ||
    first.body !== input.body ||
    first.attachmentFileId !== (input.attachmentId ?? null)
  )
    throw new AppError('UNPROCESSABLE', words.messaging.idReused);
  return view(first, side, await attachmentOf(tx, first));
}

/**
 * GET /api/conversations/:id/messages by account `userId`: up to `limit` messages just older than message `before`
 * (the newest without it), oldest first, and whether older ones exist. Ordered by (sent time, id).
 * Errors: 404 not a participant; 400 (`messaging.messageNotFound`) `before` is not a message of this conversation.
 */
export async function messagePage(db: Db, userId: string, conversationId: string, q: { before?: string; limit: number }): Promise<MessagePage> {
  const { side } = await participation(db, conversationId, userId);
  let older;
  if (q.before) {
    const [cursor] = await db
      .select({ id: messages.id })
      .from(messages)
      .where(and(eq(messages.id, q.before), eq(messages.conversationId, conversationId)));
    if (!cursor) throw new AppError('VALIDATION', words.messaging.messageNotFound);
    // Compared in the database, at its precision: (sent time, id) before the cursor message's.
    older = sql`(${messages.createdAt}, ${messages.id}) < (select m.created_at, m.id from ${messages} m where m.id = ${cursor.id})`;
  }
  const rows = await db
    .select({ m: messages, file: files })
    .from(messages)
    .leftJoin(files, eq(files.id, messages.attachmentFileId))
    .where(and(eq(messages.conversationId, conversationId), older))
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(q.limit + 1);
  return {
    messages: rows
      .slice(0, q.limit)
      .reverse()
      .map(({ m, file }) => view(m, side, file)),
    hasMore: rows.length > q.limit,
  };
}

/**
 * POST /api/conversations/:id/read by account `userId`: every message up to and including `upTo` is read. Returns the
 * reader's unread count in all conversations. Reading never moves back; reading what was already read changes
 * nothing and tells nobody. The other participant's open pages learn it (their "Seen").
 * Errors: 404 not a participant; 400 (`messaging.messageNotFound`) `upTo` is not a message of this conversation.
 */
export async function markRead(db: Db, userId: string, conversationId: string, upTo: string): Promise<{ unread: number }> {
  return db.transaction(async (tx) => {
    const { side, otherUserId } = await participation(tx, conversationId, userId, true);
    const [message] = await tx
      .select({ at: messages.createdAt, newer: sql<boolean>`${messages.createdAt} > coalesce(${conversations[readAtColumn[side]]}, '-infinity')` })
      .from(messages)
      .innerJoin(conversations, eq(conversations.id, messages.conversationId))
      .where(and(eq(messages.id, upTo), eq(messages.conversationId, conversationId)));
    if (!message) throw new AppError('VALIDATION', words.messaging.messageNotFound);
    if (!message.newer) return { unread: await unreadTotal(tx, userId) };

    // Before the counts change (stream-events.ts lockStreams).
    await lockStreams(tx, [userId, otherUserId]);
    // Times compared in the database, at its precision (microseconds).
    const readAt = sql`(select m.created_at from ${messages} m where m.id = ${upTo})`;
    await tx
      .update(conversations)
      .set({
        [readAtColumn[side]]: readAt,
        [unreadColumn[side]]:
          sql`(select count(*)::int from ${messages} m where m.conversation_id = ${conversationId} and m.sender_role = ${otherSide(side)} and m.created_at > ${readAt})`,
      })
      .where(eq(conversations.id, conversationId));
    const read = { kind: 'read' as const, conversationId, readAt: message.at.toISOString() };
    await appendEvents(tx, [
      { userId, event: { ...read, byMe: true } },
      { userId: otherUserId, event: { ...read, byMe: false } },
    ]);
    const unread = await unreadTotal(tx, userId);
    return { unread };
  });
}
