/** GET /api/me/export: everything Mentora holds about the signed-in account (docs/product.md "Account"; docs/security.md "Account export"). */
import { and, eq, inArray, or } from 'drizzle-orm';
import type { AccountExport } from '../../../shared/schemas/account.js';
import type { CurrentUser } from '../../auth/plugin.js';
import type { Db } from '../../db/client.js';
import {
  calendarFeeds,
  contactMessages,
  conversations,
  disputes,
  expertApplications,
  experts,
  files,
  matchRequests,
  messages,
  noShowReports,
  partnerEnquiries,
  payments,
  privateFeedback,
  sessionFeedback,
  sessions,
} from '../../db/schema.js';
import { fileView } from '../files/service.js';
import { toMe } from './service.js';

/** Rows as JSON: Dates as ISO-8601 UTC strings (the export is read as plain JSON, not through the API's types). */
const plain = <T extends object>(rows: T[]) =>
  rows.map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, v instanceof Date ? v.toISOString() : v])) as Record<string, unknown>);

/**
 * The account's own data: account and expert profile fields, sessions as client or expert (the other party only by
 * the name the session shows), their payments (card brand and last four digits only for the client who paid),
 * feedback, disputes, no-show reports and messages the account wrote, applications, enquiries, uploaded files (name, type,
 * size, address) and whether a calendar feed exists. Never a password hash, two-factor secret, token or another
 * person's e-mail; idempotency keys and provider references are internal and left out.
 */
export async function exportAccount(db: Db, current: CurrentUser): Promise<AccountExport> {
  const [expert] = await db.select().from(experts).where(eq(experts.userId, current.id)).limit(1);
  const mine = expert ? or(eq(sessions.clientId, current.id), eq(sessions.expertId, expert.id)) : eq(sessions.clientId, current.id);
  const sessionRows = await db.select().from(sessions).where(mine).orderBy(sessions.startsAt);
  const ids = sessionRows.map((s) => s.id);
  const clientOf = new Map(sessionRows.map((s) => [s.id, s.clientId === current.id]));
  const paymentRows = ids.length ? await db.select().from(payments).where(inArray(payments.sessionId, ids)) : [];
  // The messages the account wrote, as client or as its expert profile (the other person's words are theirs).
  const written = await db
    .select({ conversationId: messages.conversationId, body: messages.body, sentAt: messages.createdAt })
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .where(
      or(
        and(eq(conversations.clientId, current.id), eq(messages.senderRole, 'client')),
        expert ? and(eq(conversations.expertId, expert.id), eq(messages.senderRole, 'expert')) : undefined,
      ),
    )
    .orderBy(messages.createdAt);
  const [feed] = await db.select({ createdAt: calendarFeeds.createdAt }).from(calendarFeeds).where(eq(calendarFeeds.userId, current.id));
  return {
    exportedAt: new Date().toISOString(),
    account: { ...toMe(current) },
    expertProfile: expert
      ? plain([
          {
            slug: expert.slug,
            name: expert.name,
            headline: expert.role,
            about: expert.about,
            experience: expert.experience,
            courses: expert.courses,
            languages: expert.languages,
            hobbies: expert.hobbies,
            expertise: expert.expertise,
            hourlyRateCents: expert.hourlyRateCents,
            currency: expert.currency,
            timezone: expert.timezone,
            cancellationPolicy: expert.cancellationPolicy,
            imageUrl: expert.imageUrl,
            introVideoUrl: expert.introVideoUrl,
            status: expert.status,
            bufferBeforeMinutes: expert.bufferBeforeMinutes,
            bufferAfterMinutes: expert.bufferAfterMinutes,
            maxSessionsPerDay: expert.maxSessionsPerDay,
            createdAt: expert.createdAt,
          },
        ])[0]!
      : null,
    sessions: plain(
      sessionRows.map((s) => ({
        id: s.id,
        as: s.clientId === current.id ? 'client' : 'expert',
        otherParty: s.clientId === current.id ? s.expertName : s.clientName,
        kind: s.kind,
        topic: s.topic,
        startsAt: s.startsAt,
        endsAt: s.endsAt,
        durationMinutes: s.durationMinutes,
        status: s.status,
        hourlyRateCents: s.hourlyRateCents,
        totalAmountCents: s.totalAmountCents,
        currency: s.currency,
        cancellationPolicy: s.cancellationPolicy,
        cancelledBy: s.cancelledBy,
        cancelReason: s.cancelReason,
        meetingUrl: s.meetingUrl,
        createdAt: s.createdAt,
      })),
    ),
    payments: plain(
      paymentRows.map((p) => ({
        sessionId: p.sessionId,
        amountCents: p.amountCents,
        refundedCents: p.refundedCents,
        currency: p.currency,
        status: p.status,
        // The card is the client's: an expert sees the amount, never the card.
        ...(clientOf.get(p.sessionId) ? { cardBrand: p.cardBrand, cardLast4: p.cardLast4 } : {}),
        createdAt: p.createdAt,
      })),
    ),
    feedbackGiven: plain(await db.select().from(sessionFeedback).where(eq(sessionFeedback.clientId, current.id))),
    privateFeedbackGiven: plain(await db.select().from(privateFeedback).where(eq(privateFeedback.authorId, current.id))),
    disputes: plain(
      await db
        .select({
          sessionId: disputes.sessionId,
          description: disputes.description,
          status: disputes.status,
          decision: disputes.decision,
          refundCents: disputes.refundCents,
          resolutionNote: disputes.resolutionNote,
          resolvedAt: disputes.resolvedAt,
          createdAt: disputes.createdAt,
        })
        .from(disputes)
        .where(eq(disputes.clientId, current.id)),
    ),
    noShowReports: plain(
      await db
        .select({
          sessionId: noShowReports.sessionId,
          reportedBy: noShowReports.reportedBy,
          statement: noShowReports.statement,
          status: noShowReports.status,
          createdAt: noShowReports.createdAt,
        })
        .from(noShowReports)
        .where(eq(noShowReports.reporterId, current.id)),
    ),
    applications: plain(
      (await db.select().from(expertApplications).where(eq(expertApplications.userId, current.id))).map(({ reviewedBy: _team, userId: _me, ...a }) => a),
    ),
    enquiries: {
      contact: plain(await db.select().from(contactMessages).where(eq(contactMessages.userId, current.id))),
      partner: plain(await db.select().from(partnerEnquiries).where(eq(partnerEnquiries.userId, current.id))),
      match: plain(await db.select().from(matchRequests).where(eq(matchRequests.userId, current.id))),
    },
    files: (await db.select().from(files).where(eq(files.ownerId, current.id))).map((f) => ({ ...fileView(f) })),
    messagesWritten: plain(written),
    calendarFeed: { exists: Boolean(feed), createdAt: feed?.createdAt.toISOString() ?? null },
  };
}
