/**
 * The team's inbox (docs/product.md "Team console"): contact messages, partner enquiries, custom match requests and private
 * feedback, each shown in one shape (`InboxItem`) with the team's e-mail replies, and marked handled or not
 * (`handled_at`, audited).
 */
import { asc, count, desc, eq, inArray, isNotNull, isNull, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { inboxKinds, type InboxKind } from '../../../shared/admin.js';
import { messages } from '../../../shared/messages.js';
import type { InboxItem } from '../../../shared/schemas/admin.js';
import type { CurrentUser } from '../../auth/plugin.js';
import type { Db, Tx } from '../../db/client.js';
import { contactMessages, experts, inboxReplies, matchRequests, partnerEnquiries, privateFeedback, user as userTable } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { assertUuid, recordAudit, type Page, type PageQuery } from './audit-service.js';
import { clock } from '../../clock.js';

type Handled = 'all' | 'handled' | 'unhandled';
type Row = Omit<InboxItem, 'kind' | 'createdAt' | 'handledAt' | 'replies'> & { createdAt: Date; handledAt: Date | null };
type Source = {
  table: PgTable & { id: PgColumn; handledAt: PgColumn; createdAt: PgColumn };
  rows: (db: Db | Tx, where: SQL | undefined, limit: number, offset: number) => Promise<Row[]>;
  /** The field of `inbox_replies` that points at this inbox's messages. */
  replyKey: ReplyKey;
};
type ReplyKey = 'contactMessageId' | 'partnerEnquiryId' | 'matchRequestId' | 'privateFeedbackId';

const facts = (pairs: [string, string | null | undefined][]) =>
  pairs.filter((p): p is [string, string] => Boolean(p[1])).map(([label, value]) => ({ label, value }));

/** How each inbox reads its table into the common shape (newest first). */
const sources: Record<InboxKind, Source> = {
  contact: {
    table: contactMessages,
    replyKey: 'contactMessageId',
    rows: async (db, where, limit, offset) =>
      (await db.select().from(contactMessages).where(where).orderBy(desc(contactMessages.createdAt), contactMessages.id).limit(limit).offset(offset)).map(
        (r) => ({
          id: r.id,
          from: { name: r.name, email: r.email },
          subject: r.subject,
          body: r.message,
          facts: [],
          createdAt: r.createdAt,
          handledAt: r.handledAt,
        }),
      ),
  },
  partner: {
    table: partnerEnquiries,
    replyKey: 'partnerEnquiryId',
    rows: async (db, where, limit, offset) =>
      (await db.select().from(partnerEnquiries).where(where).orderBy(desc(partnerEnquiries.createdAt), partnerEnquiries.id).limit(limit).offset(offset)).map(
        (r) => ({
          id: r.id,
          from: { name: r.name, email: r.email },
          subject: r.businessType,
          body: r.description,
          facts: facts([['Business type', r.businessType]]),
          createdAt: r.createdAt,
          handledAt: r.handledAt,
        }),
      ),
  },
  match: {
    table: matchRequests,
    replyKey: 'matchRequestId',
    rows: async (db, where, limit, offset) =>
      (await db.select().from(matchRequests).where(where).orderBy(desc(matchRequests.createdAt), matchRequests.id).limit(limit).offset(offset)).map((r) => ({
        id: r.id,
        from: { name: `${r.firstName} ${r.lastName}`, email: r.email },
        subject: 'Custom expert match request',
        body: r.requestText,
        facts: facts([['Mobile', `${r.countryCode} ${r.mobileNumber}`]]),
        createdAt: r.createdAt,
        handledAt: r.handledAt,
      })),
  },
  private_feedback: {
    table: privateFeedback,
    replyKey: 'privateFeedbackId',
    rows: async (db, where, limit, offset) =>
      (
        await db
          .select({ r: privateFeedback, name: userTable.name, email: userTable.email, expertName: experts.name, expertSlug: experts.slug })
          .from(privateFeedback)
          .leftJoin(userTable, eq(userTable.id, privateFeedback.authorId))
          .leftJoin(experts, eq(experts.id, privateFeedback.expertId))
          .where(where)
          .orderBy(desc(privateFeedback.createdAt), privateFeedback.id)
          .limit(limit)
          .offset(offset)
      ).map(({ r, name, email, expertName, expertSlug }) => ({
        id: r.id,
        from: { name, email },
        subject: `Private feedback about ${expertName ?? 'an expert'}`,
        body: r.comments,
        facts: facts([['Expert', expertName && expertSlug ? `${expertName} (/expert/${expertSlug})` : expertName]]),
        createdAt: r.createdAt,
        handledAt: r.handledAt,
      })),
  },
};

function filter(source: Source, handled: Handled): SQL | undefined {
  if (handled === 'handled') return isNotNull(source.table.handledAt);
  if (handled === 'unhandled') return isNull(source.table.handledAt);
  return undefined;
}

async function countWhere(db: Db, source: Source, where: SQL | undefined): Promise<number> {
  const [row] = await db.select({ n: count() }).from(source.table).where(where);
  return row?.n ?? 0;
}

/** How many items of each inbox are not handled yet. */
export async function unhandledCounts(db: Db): Promise<Record<InboxKind, number>> {
  const counts = await Promise.all(inboxKinds.map(async (k) => [k, await countWhere(db, sources[k], filter(sources[k], 'unhandled'))] as const));
  return Object.fromEntries(counts) as Record<InboxKind, number>;
}

/** The team's replies to messages `ids` of one inbox, oldest first, keyed by message id. */
async function repliesTo(db: Db, source: Source, ids: string[]): Promise<Map<string, InboxItem['replies']>> {
  const byItem = new Map<string, InboxItem['replies']>();
  if (!ids.length) return byItem;
  const column = inboxReplies[source.replyKey];
  const rows = await db
    .select({
      itemId: column,
      id: inboxReplies.id,
      body: inboxReplies.body,
      toEmail: inboxReplies.toEmail,
      author: userTable.name,
      createdAt: inboxReplies.createdAt,
    })
    .from(inboxReplies)
    .leftJoin(userTable, eq(userTable.id, inboxReplies.authorId))
    .where(inArray(column, ids))
    .orderBy(asc(inboxReplies.createdAt), inboxReplies.id);
  for (const { itemId, createdAt, ...reply } of rows) {
    const key = itemId as string;
    byItem.set(key, [...(byItem.get(key) ?? []), { ...reply, createdAt: createdAt.toISOString() }]);
  }
  return byItem;
}

/** One message of inbox `kind` as the console shows it (without its replies), or null when there is none with that id. */
export async function findInboxMessage(db: Db | Tx, kind: InboxKind, id: string): Promise<Row | null> {
  const source = sources[kind];
  const [row] = await source.rows(db, eq(source.table.id, id), 1, 0);
  return row ?? null;
}

/** The `inbox_replies` field that ties a reply to a message of inbox `kind`. */
export const replyKeyOf = (kind: InboxKind): ReplyKey => sources[kind].replyKey;

/**
 * GET /api/admin/inbox?kind=&handled=: one inbox, newest first, paginated, with the unhandled count of
 * every inbox (for the tab labels).
 */
export async function listInbox(
  db: Db,
  q: PageQuery & { kind: InboxKind; handled: Handled },
): Promise<Page<InboxItem> & { unhandled: Record<InboxKind, number> }> {
  const source = sources[q.kind];
  const where = filter(source, q.handled);
  const rows = await source.rows(db, where, q.pageSize, (q.page - 1) * q.pageSize);
  const [unhandled, replies] = await Promise.all([
    unhandledCounts(db),
    repliesTo(
      db,
      source,
      rows.map((r) => r.id),
    ),
  ]);
  return {
    items: rows.map((r) => ({
      ...r,
      kind: q.kind,
      createdAt: r.createdAt.toISOString(),
      handledAt: r.handledAt?.toISOString() ?? null,
      replies: replies.get(r.id) ?? [],
    })),
    total: await countWhere(db, source, where),
    page: q.page,
    pageSize: q.pageSize,
    unhandled,
  };
}

/** PUT /api/admin/inbox/{kind}/{id}/handled `{ handled }`: sets or clears handled_at, audited. 404 unknown item. */
export async function setHandled(
  db: Db,
  admin: CurrentUser,
  kind: InboxKind,
  id: string,
  handled: boolean,
  now = clock.now(),
): Promise<{ id: string; handledAt: string | null }> {
  assertUuid(id, messages.admin.notFound);
  return db.transaction(async (tx) => {
    const handledAt = await setHandledIn(tx, kind, id, handled ? now : null);
    if (handledAt === undefined) throw new AppError('NOT_FOUND', messages.admin.notFound);
    await recordAudit(tx, { actorId: admin.id, action: handled ? 'inbox.handled' : 'inbox.unhandled', targetType: kind, targetId: id });
    return { id, handledAt: handledAt?.toISOString() ?? null };
  });
}

/** Sets (`at`) or clears (null) one message's handled_at inside `tx`; answers the stored value, undefined when there is no such message. */
export async function setHandledIn(tx: Tx, kind: InboxKind, id: string, at: Date | null): Promise<Date | null | undefined> {
  const { table } = sources[kind];
  const [row] = await tx
    .update(table)
    .set({ handledAt: at } as never)
    .where(eq(table.id, id))
    .returning({ handledAt: table.handledAt });
  return row ? (row.handledAt as Date | null) : undefined;
}
