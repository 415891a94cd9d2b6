/**
 * Team-console contracts for sessions and money (docs/product.md "Team console", "Sessions and money"): finding a
 * session, its payment ledger, refunds, and unpublishing or republishing an expert. Instants are UTC ISO-8601,
 * dates YYYY-MM-DD in UTC, money integer cents.
 */
import { z } from 'zod';
import { messages } from '../messages.js';
import { sessionKinds, sessionStatuses } from '../sessions.js';
import { pageOf, pageQuery, requiredText } from './common.js';
import { isoDate } from './experts.js';
import { paymentSummary } from './sessions.js';

const m = messages.admin;

/**
 * GET /api/admin/sessions: `q` a session id, or a part of a party's name or e-mail; `from` / `to` the first and last
 * UTC date of the start; `status`. Newest start first.
 */
export const sessionListQuery = pageQuery.extend({
  q: z.string().trim().max(200, 'Please search with 200 characters or fewer').optional(),
  from: isoDate.optional(),
  to: isoDate.optional(),
  status: z.enum(sessionStatuses).optional(),
});
export type SessionListQuery = z.infer<typeof sessionListQuery>;

const party = z.object({ id: z.string(), name: z.string(), email: z.string().nullable() });

export const adminSessionSummary = z.object({
  id: z.string(),
  startsAt: z.string(),
  durationMinutes: z.number().int(),
  /** 'workshop' a seat of a workshop (docs/product.md "Workshops"). */
  kind: z.enum(sessionKinds),
  status: z.enum(sessionStatuses),
  totalAmountCents: z.number().int(),
  currency: z.string(),
  client: party,
  /** `id` the account's; `expertId` and `slug` the profile's. */
  expert: party.extend({ expertId: z.string(), slug: z.string() }),
  payment: paymentSummary.nullable(),
});
export type AdminSessionSummary = z.infer<typeof adminSessionSummary>;
export const adminSessionPage = pageOf(adminSessionSummary);

/** GET /api/admin/sessions/{id}: the session, its payment ledger oldest first, and what a refund may return now. */
export const adminSessionDetail = adminSessionSummary.extend({
  topic: z.string(),
  cancelledBy: z.string().nullable(),
  cancelReason: z.string().nullable(),
  ledger: z.array(
    z.object({
      id: z.string(),
      type: z.enum(['hold', 'release', 'refund', 'dispute', 'fee']),
      amountCents: z.number().int(),
      note: z.string().nullable(),
      actorName: z.string().nullable(),
      at: z.string(),
    }),
  ),
  /** Cents held in escrow: the most a team refund can return now (0 when nothing is held or the session is disputed). */
  refundableCents: z.number().int(),
});
export type AdminSessionDetail = z.infer<typeof adminSessionDetail>;

/** Body of POST /api/admin/sessions/{id}/refund: `refundCents` 1..held, and the reason both parties are e-mailed. */
export const refundInput = z.object({
  refundCents: z.number({ error: m.refundRequired }).int(m.refundRequired).min(1, m.refundRequired),
  reason: requiredText(m.suspendReason, 1000),
});
export type RefundInput = z.input<typeof refundInput>;

/** Body of POST /api/admin/experts/{id}/visibility: hide (`published: false`) or republish the profile, with the reason e-mailed to the expert. */
export const visibilityInput = z.object({ published: z.boolean(), reason: requiredText(m.suspendReason, 1000) });
export type VisibilityInput = z.input<typeof visibilityInput>;
