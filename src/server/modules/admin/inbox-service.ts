/**
 * The team's inbox (docs/product.md "Team console"): contact messages, partner enquiries, custom match requests and private
 * feedback, each shown in one shape (`InboxItem`) and marked handled or not (`handled_at`, audited).
 */
import { count, desc, eq, isNotNull, isNull, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { inboxKinds, type InboxKind } from '../../../shared/admin.js';
import { messages } from '../../../shared/messages.js';
import type { InboxItem } from '../../../shared/schemas/admin.js';
import type { CurrentUser } from '../../auth/plugin.js';
import type { Db } from '../../db/client.js';
import { contactMessages, experts, matchRequests, partnerEnquiries, privateFeedback, user as userTable } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { assertUuid, recordAudit, type Page, type PageQuery } from './audit-service.js';

type Handled = 'all' | 'handled' | 'unhandled';
type Row = Omit<InboxItem, 'kind' | 'createdAt' | 'handledAt'> & { createdAt: Date; handledAt: Date | null };
type Source = {
  table: PgTable & { id: PgColumn; handledAt: PgColumn; createdAt: PgColumn };
  rows: (db: Db, where: SQL | undefined, limit: number, offset: number) => Promise<Row[]>;
};

const facts = (pairs: [string, string | null | undefined][]) =>
  pairs.filter((p): p is [string, string] => Boolean(p[1])).map(([label, value]) => ({ label, value }));

/** How each inbox reads its table into the common shape (newest first). */
const sources: Record<InboxKind, Source> = {
  contact: {
    table: contactMessages,
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
    rows: async (db, where, limit, offset) =>
      (
        await db
          .select({ r: partnerEnquiries, name: userTable.name, email: userTable.email })
          .from(partnerEnquiries)
          .leftJoin(userTable, eq(userTable.id, partnerEnquiries.userId))
          .where(where)
          .orderBy(desc(partnerEnquiries.createdAt), partnerEnquiries.id)
          .limit(limit)
          .offset(offset)
      ).map(({ r, name, email }) => ({
        id: r.id,
        from: { name, email },
        subject: r.businessType,
        body: r.description,
        facts: facts([['Business type', r.businessType]]),
        createdAt: r.createdAt,
        handledAt: r.handledAt,
      })),
  },
  match: {
    table: matchRequests,
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
  const unhandled = await unhandledCounts(db);
  return {
    items: rows.map((r) => ({ ...r, kind: q.kind, createdAt: r.createdAt.toISOString(), handledAt: r.handledAt?.toISOString() ?? null })),
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
  now = new Date(),
): Promise<{ id: string; handledAt: string | null }> {
  assertUuid(id, messages.admin.notFound);
  const { table } = sources[kind];
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(table)
      .set({ handledAt: handled ? now : null } as never)
      .where(eq(table.id, id))
      .returning({ id: table.id, handledAt: table.handledAt });
    if (!row) throw new AppError('NOT_FOUND', messages.admin.notFound);
    await recordAudit(tx, { actorId: admin.id, action: handled ? 'inbox.handled' : 'inbox.unhandled', targetType: kind, targetId: id });
    return { id, handledAt: (row.handledAt as Date | null)?.toISOString() ?? null };
  });
}
