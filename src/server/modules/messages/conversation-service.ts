/**
 * Conversations (docs/product.md "Messages"): starting one and the inbox. One conversation per client–expert pair
 * (the database's unique pair); a client starts it from a published expert's profile, at most `newExpertsPerDay`
 * new experts in any 24 hours; either party of a session may start it from the session's page.
 */
import { and, desc, eq, gt, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { messages as words } from '../../../shared/messages.js';
import { inboxSize, newExpertsPerDay } from '../../../shared/messaging.js';
import { hasClientProfile } from '../../../shared/roles.js';
import type { ConversationView, StartConversationInput } from '../../../shared/schemas/conversations.js';
import type { CurrentUser } from '../../auth/plugin.js';
import type { Db, Tx } from '../../db/client.js';
import { DatabaseUnavailable } from '../../db/errors.js';
import { conversations, experts, messages, sessions, user as userTable } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { findExpert } from '../experts/service.js';
import type { Side } from './participants.js';
import { refuseSuspended } from './send-rules.js';

const client = alias(userTable, 'conversation_client');

/**
 * POST /api/conversations. `{ expertId }` (uuid or slug): the caller must be a client with a complete profile
 * (hasClientProfile) and the expert published and not the caller; `{ sessionId }`: the caller must be one of the
 * session's two parties. Returns the pair's conversation, `created` when this call made it (an existing one is
 * answered as it is, and does not count again).
 * Errors: 403 not a client / incomplete profile / own profile / messaging suspended by the team; 404 unknown or unpublished expert, or a session not
 * the caller's; 503 (DatabaseUnavailable) the expert could not be read; 429 (`messaging.newExpertsPerDay`) a 21st new expert within 24 hours.
 */
export async function startConversation(db: Db, me: CurrentUser, input: StartConversationInput): Promise<{ conversation: ConversationView; created: boolean }> {
  await refuseSuspended(db, me.id);
  const pair = 'sessionId' in input ? await sessionPair(db, me, input.sessionId) : await expertPair(db, me, input.expertId);
  const created = await db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ id: conversations.id })
      .from(conversations)
      .where(and(eq(conversations.clientId, pair.clientId), eq(conversations.expertId, pair.expertId)));
    if (existing) return false;
    if (pair.startedBy === 'client' && !pair.fromSession) await refuseOverDailyLimit(tx, pair.clientId);
    const inserted = await tx
      .insert(conversations)
      .values({ clientId: pair.clientId, expertId: pair.expertId, startedBy: pair.startedBy })
      .onConflictDoNothing()
      .returning({ id: conversations.id });
    return inserted.length > 0;
  });
  const [row] = await inbox(db, me.id, and(eq(conversations.clientId, pair.clientId), eq(conversations.expertId, pair.expertId)), true);
  return { conversation: row!, created };
}

type Pair = { clientId: string; expertId: string; startedBy: Side; fromSession: boolean };

async function expertPair(db: Db, me: CurrentUser, expertId: string): Promise<Pair> {
  if (me.role !== 'client') throw new AppError('FORBIDDEN', words.messaging.clientsStart);
  if (!hasClientProfile(me)) throw new AppError('FORBIDDEN', words.messaging.completeProfile);
  const expert = await findExpert(db, expertId).catch((err: unknown) => {
    // Only "no such published expert" is a 404: anything else is the database failing, which must not read as one.
    throw err instanceof AppError && err.code === 'NOT_FOUND' ? new AppError('NOT_FOUND', words.messaging.expertNotFound) : new DatabaseUnavailable(err);
  });
  if (expert.userId === me.id) throw new AppError('FORBIDDEN', words.messaging.ownProfile);
  return { clientId: me.id, expertId: expert.id, startedBy: 'client', fromSession: false };
}

async function sessionPair(db: Db, me: CurrentUser, sessionId: string): Promise<Pair> {
  const [row] = await db
    .select({ clientId: sessions.clientId, expertId: sessions.expertId, expertUserId: experts.userId })
    .from(sessions)
    .innerJoin(experts, eq(experts.id, sessions.expertId))
    .where(eq(sessions.id, sessionId));
  if (row?.clientId === me.id) return { clientId: row.clientId, expertId: row.expertId, startedBy: 'client', fromSession: true };
  if (row && row.expertUserId === me.id) return { clientId: row.clientId, expertId: row.expertId, startedBy: 'expert', fromSession: true };
  throw new AppError('NOT_FOUND', words.messaging.sessionNotFound);
}

/**
 * Refuses (429) a client who already started conversations with `newExpertsPerDay` experts in the last 24 hours.
 * The client's lock makes two concurrent starts count one after the other.
 */
async function refuseOverDailyLimit(tx: Tx, clientId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`conversation-starts:${clientId}`}, 0))`);
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(conversations)
    .where(and(eq(conversations.clientId, clientId), eq(conversations.startedBy, 'client'), gt(conversations.createdAt, sql`now() - interval '24 hours'`)));
  if ((row?.n ?? 0) >= newExpertsPerDay) throw new AppError('RATE_LIMITED', words.messaging.newExpertsPerDay(newExpertsPerDay));
}

/**
 * GET /api/conversations: account `userId`'s conversations, the most recent first (last message, else when it was
 * started), at most `inboxSize`. A conversation the other side started and has not written in yet is not listed.
 */
export async function listConversations(db: Db, userId: string): Promise<ConversationView[]> {
  return inbox(db, userId, undefined, false);
}

/** GET /api/conversations/:id: one conversation of the inbox (also before its first message); 404 for anyone but its two participants. */
export async function getConversation(db: Db, userId: string, id: string): Promise<ConversationView> {
  const [row] = await inbox(db, userId, eq(conversations.id, id), true);
  if (!row) throw new AppError('NOT_FOUND', words.messaging.notFound);
  return row;
}

/** The inbox rows of `userId` matching `where`; `empty`: also those with no message that the other side started. */
async function inbox(db: Db, userId: string, where: ReturnType<typeof and>, empty: boolean): Promise<ConversationView[]> {
  const last = db
    .select({ body: messages.body, sentAt: messages.createdAt, senderRole: messages.senderRole })
    .from(messages)
    .where(eq(messages.conversationId, conversations.id))
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(1)
    .as('last_message');
  const side = sql<Side>`case when ${conversations.clientId} = ${userId} then 'client' else 'expert' end`;
  const activity = sql<Date>`coalesce(${conversations.lastMessageAt}, ${conversations.createdAt})`;
  const rows = await db
    .select({
      c: conversations,
      side,
      expert: { name: experts.name, imageUrl: experts.imageUrl, slug: experts.slug },
      client: { firstName: client.firstName, lastName: client.lastName },
      last: { body: last.body, sentAt: last.sentAt, senderRole: last.senderRole },
    })
    .from(conversations)
    .innerJoin(experts, eq(experts.id, conversations.expertId))
    .innerJoin(client, eq(client.id, conversations.clientId))
    .leftJoinLateral(last, sql`true`)
    .where(
      and(
        or(eq(conversations.clientId, userId), eq(experts.userId, userId)),
        where,
        empty ? undefined : or(sql`${last.body} is not null`, eq(conversations.startedBy, side)),
      ),
    )
    .orderBy(desc(activity), desc(conversations.id))
    .limit(inboxSize);
  return rows.map(({ c, side, expert, client, last }) => {
    const mine = side === 'client';
    const clientName = `${client.firstName ?? ''} ${client.lastName ?? ''}`.trim() || words.account.deletedName;
    return {
      id: c.id,
      other: mine
        ? { role: 'expert' as const, name: expert.name, imageUrl: expert.imageUrl, expertSlug: expert.slug }
        : // A client's photo is seen only by them and the team (docs/product.md "Account"): the expert sees initials.
          { role: 'client' as const, name: clientName, imageUrl: null, expertSlug: null },
      lastMessage: last?.sentAt ? { body: last.body, sentAt: last.sentAt.toISOString(), mine: last.senderRole === side } : null,
      unread: mine ? c.clientUnread : c.expertUnread,
      lastActivityAt: (c.lastMessageAt ?? c.createdAt).toISOString(),
      otherReadAt: (mine ? c.expertReadAt : c.clientReadAt)?.toISOString() ?? null,
      blocked: { byMe: Boolean(mine ? c.clientBlockedAt : c.expertBlockedAt), byOther: Boolean(mine ? c.expertBlockedAt : c.clientBlockedAt) },
    };
  });
}
