/**
 * The console's people (docs/product.md "Team console", "People"): the user list with its search and filters, and one
 * user's page. Reads only.
 */
import { and, count, desc, eq, gt, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import { messages } from '../../../shared/messages.js';
import type { Role } from '../../../shared/roles.js';
import type { AuditEntry } from '../../../shared/schemas/admin.js';
import type { UserDetail, UserListQuery, UserSessionRow, UserState, UserSummary } from '../../../shared/schemas/admin-users.js';
import type { Db, Tx } from '../../db/client.js';
import {
  adminAuditLog,
  authSession,
  conversationReports,
  conversations,
  disputes,
  expertApplications,
  experts,
  organisationManagers,
  organisations,
  packagePurchases,
  payments,
  sessions,
  subscriptions,
  user,
} from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { paymentSummaryOf } from '../payments/service.js';
import { listAudit, type Page, type PageQuery } from './audit-service.js';
import { clock } from '../../clock.js';

type UserRow = typeof user.$inferSelect;

function stateOf(u: Pick<UserRow, 'deletedAt' | 'suspendedAt'>): UserState {
  return u.deletedAt ? 'deleted' : u.suspendedAt ? 'suspended' : 'active';
}

function summaryOf(u: UserRow): UserSummary {
  return { id: u.id, name: u.name, email: u.email, role: u.role as Role | null, state: stateOf(u), createdAt: u.createdAt.toISOString() };
}

const stateFilter: Record<UserState, SQL> = {
  active: and(isNull(user.deletedAt), isNull(user.suspendedAt))!,
  suspended: and(isNull(user.deletedAt), isNotNull(user.suspendedAt))!,
  deleted: isNotNull(user.deletedAt),
};

/**
 * GET /api/admin/users: accounts newest first, `q` matching a part of the name or e-mail in any case (the trigram
 * index of migration 0031), `role` ('none': no role chosen yet) and `state` filters. Paginated.
 */
export async function listUsers(db: Db, q: UserListQuery): Promise<Page<UserSummary>> {
  const filters: SQL[] = [];
  if (q.q) filters.push(sql`lower(${user.name} || ' ' || ${user.email}) like ${`%${q.q.toLowerCase().replace(/[\\%_]/g, '\\$&')}%`}`);
  if (q.role) filters.push(q.role === 'none' ? isNull(user.role) : eq(user.role, q.role));
  if (q.state) filters.push(stateFilter[q.state]);
  const where = filters.length ? and(...filters) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(user)
      .where(where)
      .orderBy(desc(user.createdAt), desc(user.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db.select({ n: count() }).from(user).where(where),
  ]);
  return { items: rows.map(summaryOf), total: total?.n ?? 0, page: q.page, pageSize: q.pageSize };
}

/** The account `id` with its expert profile (the account row locked FOR UPDATE when read in a transaction), or 404 'User not found'. */
export async function findUser(db: Db | Tx, id: string, lock = false): Promise<{ u: UserRow; expert: typeof experts.$inferSelect | null }> {
  if (id.length > 64) throw new AppError('NOT_FOUND', messages.admin.userNotFound);
  const query = db.select({ u: user, expert: experts }).from(user).leftJoin(experts, eq(experts.userId, user.id)).where(eq(user.id, id));
  const [row] = lock ? await query.for('update', { of: user }) : await query;
  if (!row) throw new AppError('NOT_FOUND', messages.admin.userNotFound);
  return row;
}

/** Booked sessions of the account (as client or as the expert `expertId`) that have not started by `now`, soonest first. */
export async function bookedSessionIdsOf(db: Db | Tx, userId: string, expertId: string | null, now = clock.now()): Promise<string[]> {
  const party = expertId ? or(eq(sessions.clientId, userId), eq(sessions.expertId, expertId))! : eq(sessions.clientId, userId);
  const rows = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(party, eq(sessions.status, 'booked'), gt(sessions.startsAt, now)))
    .orderBy(sessions.startsAt);
  return rows.map((r) => r.id);
}

/**
 * GET /api/admin/users/{id}: the profile and state, the valid sign-in sessions, the booked sessions not yet started,
 * the conversations reported naming the account, applications and the partner organisations the person manages, by
 * name. 404 'User not found'. The person's sessions (listUserSessions) and the team's actions about them
 * (listUserAudit) are paged apart.
 */
export async function getUserDetail(db: Db | Tx, id: string, now = clock.now()): Promise<UserDetail> {
  const { u, expert } = await findUser(db, id);
  const [signIns, booked, applications, managed, reports] = await Promise.all([
    db
      .select()
      .from(authSession)
      .where(and(eq(authSession.userId, u.id), gt(authSession.expiresAt, now)))
      .orderBy(desc(authSession.createdAt)),
    bookedSessionIdsOf(db, u.id, expert?.id ?? null, now),
    db.select().from(expertApplications).where(eq(expertApplications.userId, u.id)).orderBy(desc(expertApplications.createdAt)),
    db
      .select({ id: organisations.id, name: organisations.name })
      .from(organisationManagers)
      .innerJoin(organisations, eq(organisations.id, organisationManagers.organisationId))
      .where(eq(organisationManagers.userId, u.id))
      .orderBy(organisations.name, organisations.id),
    db.select().from(conversationReports).where(eq(conversationReports.reportedId, u.id)).orderBy(desc(conversationReports.createdAt)),
  ]);
  return {
    ...summaryOf(u),
    firstName: u.firstName,
    lastName: u.lastName,
    phone: u.phone,
    emailVerified: u.emailVerified,
    twoFactorEnabled: u.twoFactorEnabled,
    timeZone: u.timeZone,
    suspension: u.suspendedAt && u.suspensionReason ? { at: u.suspendedAt.toISOString(), reason: u.suspensionReason } : null,
    messagingSuspendedAt: u.messagingSuspendedAt?.toISOString() ?? null,
    expert: expert ? { id: expert.id, slug: expert.slug, status: expert.status as 'draft' | 'published' | 'suspended' } : null,
    signIns: signIns.map((s) => ({
      id: s.id,
      createdAt: s.createdAt.toISOString(),
      expiresAt: s.expiresAt.toISOString(),
      ipAddress: s.ipAddress,
      userAgent: s.userAgent,
    })),
    bookedSessionIds: booked,
    reports: reports.map((r) => ({ id: r.id, reason: r.reason, status: r.status, createdAt: r.createdAt.toISOString() })),
    applications: applications.map((a) => ({ id: a.id, professionalTitle: a.professionalTitle, status: a.status, createdAt: a.createdAt.toISOString() })),
    organisations: managed,
  };
}

/**
 * GET /api/admin/users/{id}/sessions?page=&pageSize=: the sessions the person is a party of (as client or expert),
 * the latest start first, a page at a time with their total — who with, when (UTC), minutes, status, price and what
 * happened to the payment (cents). 404 'User not found'.
 */
export async function listUserSessions(db: Db, id: string, { page, pageSize }: PageQuery): Promise<Page<UserSessionRow>> {
  const { u, expert } = await findUser(db, id);
  const party = expert ? or(eq(sessions.clientId, u.id), eq(sessions.expertId, expert.id))! : eq(sessions.clientId, u.id);
  const [rows, [total]] = await Promise.all([
    db
      .select({ s: sessions, p: payments })
      .from(sessions)
      .leftJoin(payments, eq(payments.sessionId, sessions.id))
      .where(party)
      .orderBy(desc(sessions.startsAt), desc(sessions.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(sessions).where(party),
  ]);
  return {
    items: rows.map(({ s, p }): UserSessionRow => {
      const side = s.clientId === u.id ? 'client' : 'expert';
      return {
        id: s.id,
        side,
        otherParty: side === 'client' ? s.expertName : s.clientName,
        startsAt: s.startsAt.toISOString(),
        durationMinutes: s.durationMinutes,
        status: s.status as UserSessionRow['status'],
        totalAmountCents: s.totalAmountCents,
        currency: s.currency,
        payment: paymentSummaryOf(p),
      };
    }),
    total: total?.n ?? 0,
    page,
    pageSize,
  };
}

/**
 * GET /api/admin/users/{id}/audit?page=&pageSize=: the team's actions about the person (auditAbout), newest first, a
 * page at a time with their total. 404 'User not found'.
 */
export async function listUserAudit(db: Db, id: string, q: PageQuery): Promise<Page<AuditEntry>> {
  const { u, expert } = await findUser(db, id);
  return listAudit(db, q, auditAbout(u.id, expert?.id ?? null));
}

/**
 * Audit rows about the person (docs/product.md "People"): the team's actions on the account and its expert profile,
 * and on every subject that belongs to them — applications, sessions and conversations (as client or expert), plans
 * subscribed to and package purchases (as client or expert), disputes of their sessions. Each subject type is matched
 * by its ids in the database (a subquery per type, on the audit log's (target_type, target_id) index).
 */
function auditAbout(userId: string, expertId: string | null): SQL {
  const about = (targetType: string, ids: SQL) => and(eq(adminAuditLog.targetType, targetType), inArray(adminAuditLog.targetId, ids))!;
  const partyOf = (t: typeof sessions | typeof subscriptions | typeof packagePurchases | typeof conversations) =>
    expertId ? or(eq(t.clientId, userId), eq(t.expertId, expertId))! : eq(t.clientId, userId);
  return or(
    and(eq(adminAuditLog.targetType, 'user'), eq(adminAuditLog.targetId, userId)),
    expertId ? and(eq(adminAuditLog.targetType, 'expert'), eq(adminAuditLog.targetId, expertId)) : undefined,
    about('application', sql`(select ${expertApplications.id}::text from ${expertApplications} where ${expertApplications.userId} = ${userId})`),
    about('session', sql`(select ${sessions.id}::text from ${sessions} where ${partyOf(sessions)})`),
    about('subscription', sql`(select ${subscriptions.id}::text from ${subscriptions} where ${partyOf(subscriptions)})`),
    about('package_purchase', sql`(select ${packagePurchases.id}::text from ${packagePurchases} where ${partyOf(packagePurchases)})`),
    about('conversation', sql`(select ${conversations.id}::text from ${conversations} where ${partyOf(conversations)})`),
    about('dispute', sql`(select ${disputes.id}::text from ${disputes} join ${sessions} on ${sessions.id} = ${disputes.sessionId} where ${partyOf(sessions)})`),
  )!;
}
