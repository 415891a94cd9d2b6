/**
 * Team-console contracts (docs/product.md "Team console"): every /api/admin body, query and answer. Instants are UTC ISO-8601,
 * money integer cents. Every list is paginated: `page` from 1, `pageSize` 1..100 (default 20).
 */
import { z } from 'zod';
import { inboxKinds } from '../admin.js';
import { applicationStatuses } from '../application-status.js';
import { messages } from '../messages.js';
import { pageOf, pageQuery, requiredText } from './common.js';
import { paymentSummary, sessionView } from './sessions.js';

const m = messages.admin;

/** `{id}` path parameter; a malformed id is answered 404 by the services. */
export const idParams = z.object({ id: z.string().max(64) });

// Applications ------------------------------------------------------------------------------------------

export const applicationListQuery = pageQuery.extend({ status: z.enum([...applicationStatuses, 'open']).default('open') });

const applicant = z.object({ id: z.string(), name: z.string(), email: z.string() });

export const applicationSummary = z.object({
  id: z.string(),
  applicant,
  professionalTitle: z.string(),
  yearsExperience: z.string(),
  selectedExpertise: z.array(z.string()),
  status: z.enum(applicationStatuses),
  createdAt: z.string(),
  reviewedAt: z.string().nullable(),
});
export type ApplicationSummary = z.infer<typeof applicationSummary>;
export const applicationPage = pageOf(applicationSummary);

/** One application in full; `cv.url` is the authorised download route GET /api/files/{id}. */
export const applicationDetail = applicationSummary.extend({
  linkedinProfile: z.string().nullable(),
  cv: z.object({ name: z.string(), url: z.string().nullable() }).nullable(),
  whyExpert: z.string(),
  reference: z.object({ name: z.string().nullable(), position: z.string().nullable(), email: z.string().nullable() }),
  statusNote: z.string().nullable(),
  reviewedBy: z.string().nullable(),
  /** The profile an approval created; `published` false while the expert sets it up (docs/product.md "Expert onboarding and publishing"). */
  expert: z.object({ id: z.string(), slug: z.string(), published: z.boolean() }).nullable(),
});
export type ApplicationDetail = z.infer<typeof applicationDetail>;

/** Body of POST /api/admin/applications/{id}/reject: the reason is required and e-mailed to the applicant. */
export const rejectInput = z.object({ reason: z.string({ error: m.rejectReason }).trim().min(1, m.rejectReason).max(2000) });

// Disputes ----------------------------------------------------------------------------------------------

export const disputeListQuery = pageQuery.extend({ status: z.enum(['open', 'resolved']).default('open') });

const party = z.object({ id: z.string(), name: z.string(), email: z.string().nullable() });

export const disputeView = z.object({
  id: z.string(),
  status: z.enum(['open', 'resolved']),
  description: z.string(),
  createdAt: z.string(),
  session: sessionView.pick({
    id: true,
    topic: true,
    startsAt: true,
    endsAt: true,
    durationMinutes: true,
    kind: true,
    status: true,
    totalAmountCents: true,
    currency: true,
  }),
  client: party,
  expert: party.extend({ slug: z.string() }),
  payment: paymentSummary.nullable(),
  /** Cents still held in escrow: the most a decision for the client can refund. */
  heldCents: z.number().int(),
  /** When the dispute is a contested no-show report (docs/product.md "No-shows"): who reported, and both statements. */
  noShow: z
    .object({ reportedBy: z.enum(['client', 'expert']), statement: z.string(), contestStatement: z.string().nullable(), reportedAt: z.string() })
    .nullable(),
  resolution: z
    .object({
      decision: z.enum(['client', 'expert']),
      refundCents: z.number().int(),
      note: z.string(),
      resolvedBy: z.string().nullable(),
      resolvedAt: z.string(),
    })
    .nullable(),
});
export type DisputeView = z.infer<typeof disputeView>;
export const disputePage = pageOf(disputeView);

/**
 * Body of POST /api/admin/disputes/{id}/resolve. For the client: `refundCents` between 1 and the held
 * amount (the full amount when absent), session cancelled. For the expert: payment released, session
 * completed. The note goes to both parties.
 */
export const resolveDisputeInput = z.discriminatedUnion(
  'decision',
  [
    z.object({
      decision: z.literal('client'),
      refundCents: z.number({ error: m.refundRange }).int(m.refundRange).min(1, m.refundRange).optional(),
      note: z.string({ error: m.resolutionNote }).trim().min(1, m.resolutionNote).max(2000),
    }),
    z.object({ decision: z.literal('expert'), note: z.string({ error: m.resolutionNote }).trim().min(1, m.resolutionNote).max(2000) }),
  ],
  { error: m.chooseDecision },
);
export type ResolveDisputeInput = z.input<typeof resolveDisputeInput>;

// Inbox -------------------------------------------------------------------------------------------------

export const inboxQuery = pageQuery.extend({
  kind: z.enum(inboxKinds).default('contact'),
  handled: z.enum(['all', 'handled', 'unhandled']).default('unhandled'),
});

export const inboxItem = z.object({
  id: z.string(),
  kind: z.enum(inboxKinds),
  /** Sender's name and e-mail (null when the sender left none, e.g. an anonymous partner enquiry). */
  from: z.object({ name: z.string().nullable(), email: z.string().nullable() }),
  subject: z.string(),
  body: z.string(),
  /** Extra labelled facts: phone, expert concerned, business type… */
  facts: z.array(z.object({ label: z.string(), value: z.string() })),
  createdAt: z.string(),
  handledAt: z.string().nullable(),
  /** The team's e-mail replies, oldest first: the text, the address it went to, who wrote it (null once their account is gone), when. */
  replies: z.array(z.object({ id: z.string(), body: z.string(), toEmail: z.string(), author: z.string().nullable(), createdAt: z.string() })),
});
export type InboxItem = z.infer<typeof inboxItem>;
export const inboxPage = pageOf(inboxItem).extend({ unhandled: z.record(z.enum(inboxKinds), z.number().int()) });

export const inboxParams = z.object({ kind: z.enum(inboxKinds), id: z.string().max(64) });
export const handledInput = z.object({ handled: z.boolean() });

/** Body of POST /api/admin/inbox/{kind}/{id}/replies: the reply's text, 1–5000 characters after trimming. */
export const inboxReplyInput = z.object({ message: requiredText(m.replyRequired) });
export type InboxReplyInput = z.input<typeof inboxReplyInput>;
/** 201 answer of POST /api/admin/inbox/{kind}/{id}/replies. */
export const inboxReply = inboxItem.shape.replies.element;

// Audit -------------------------------------------------------------------------------------------------

export const auditEntry = z.object({
  id: z.string(),
  actor: z.object({ id: z.string().nullable(), name: z.string().nullable(), email: z.string().nullable() }),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string(),
  detail: z.record(z.string(), z.unknown()).nullable(),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntry>;
export const auditPage = pageOf(auditEntry);
export type AuditPage = z.infer<typeof auditPage>;

/** GET /api/admin/summary: what waits for the team — open applications, open disputes, unhandled inbox items. */
export const consoleSummary = z.object({ applications: z.number().int(), disputes: z.number().int(), inbox: z.number().int() });
export type ConsoleSummary = z.infer<typeof consoleSummary>;
