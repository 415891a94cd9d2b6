/**
 * Team-console contracts for people (docs/product.md "Team console", "People"): the user list and search, one user's
 * page, suspension, reinstatement, role changes and cancelling a suspended user's booked sessions. Instants are UTC
 * ISO-8601, money integer cents.
 */
import { z } from 'zod';
import { messages } from '../messages.js';
import { roles } from '../roles.js';
import { sessionStatuses } from '../sessions.js';
import { pageOf, pageQuery, requiredText } from './common.js';
import { paymentSummary } from './sessions.js';

const m = messages.admin;

/** An account's state in the console: active, suspended by the team, or deleted by its owner. */
export const userStates = ['active', 'suspended', 'deleted'] as const;
export type UserState = (typeof userStates)[number];

/**
 * GET /api/admin/users: `q` a part of a name or e-mail (any case, ≤ 200 characters), `role` (client, expert, admin,
 * or `none` for an incomplete profile), `state`; newest accounts first.
 */
export const userListQuery = pageQuery.extend({
  q: z.string().trim().max(200, 'Please search with 200 characters or fewer').optional(),
  role: z.enum([...roles, 'none']).optional(),
  state: z.enum(userStates).optional(),
});
export type UserListQuery = z.infer<typeof userListQuery>;

export const userSummary = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(roles).nullable(),
  state: z.enum(userStates),
  createdAt: z.string(),
});
export type UserSummary = z.infer<typeof userSummary>;
export const userPage = pageOf(userSummary);

/** One session the account is a party of, with its money (docs/product.md "People"). */
export const userSessionRow = z.object({
  id: z.string(),
  side: z.enum(['client', 'expert']),
  otherParty: z.string(),
  startsAt: z.string(),
  durationMinutes: z.number().int(),
  status: z.enum(sessionStatuses),
  totalAmountCents: z.number().int(),
  currency: z.string(),
  payment: paymentSummary.nullable(),
});
export type UserSessionRow = z.infer<typeof userSessionRow>;

/**
 * GET /api/admin/users/{id}/sessions?page=&pageSize=: the account's sessions as client or expert, the latest start
 * first, a page at a time (`pageQuery`: 20 a page by default, at most 100), with their total.
 */
export const userSessionPage = pageOf(userSessionRow);
export type UserSessionPage = z.infer<typeof userSessionPage>;

/**
 * GET /api/admin/users/{id}: the profile, sign-in sessions, booked sessions, applications and the organisations
 * managed. The sessions and their payments are GET /api/admin/users/{id}/sessions (`userSessionPage`); the team's
 * actions about the person are GET /api/admin/users/{id}/audit (`auditPage`, subjects 'user', 'expert',
 * 'application', 'session', 'subscription', 'package_purchase', 'conversation', 'dispute').
 */
export const userDetail = userSummary.extend({
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  phone: z.string().nullable(),
  emailVerified: z.boolean(),
  twoFactorEnabled: z.boolean(),
  timeZone: z.string().nullable(),
  suspension: z.object({ at: z.string(), reason: z.string() }).nullable(),
  /** When the team suspended the account's messaging after a report (docs/product.md "Messages"), or null. */
  messagingSuspendedAt: z.string().nullable(),
  /** The account's expert profile; `status` draft, published or suspended (hidden by the team). */
  expert: z.object({ id: z.string(), slug: z.string(), status: z.enum(['draft', 'published', 'suspended']) }).nullable(),
  /** Sign-in sessions still valid, newest first. */
  signIns: z.array(
    z.object({ id: z.string(), createdAt: z.string(), expiresAt: z.string(), ipAddress: z.string().nullable(), userAgent: z.string().nullable() }),
  ),
  /** Booked sessions (as client or expert) not yet started: what the team cancels for a suspended account. */
  bookedSessionIds: z.array(z.string()),
  /** Reports of conversations naming this account as the one reported, newest first (docs/product.md "Messages"). */
  reports: z.array(z.object({ id: z.string(), reason: z.string(), status: z.enum(['open', 'dismissed', 'suspended']), createdAt: z.string() })),
  applications: z.array(z.object({ id: z.string(), professionalTitle: z.string(), status: z.string(), createdAt: z.string() })),
  /** The partner organisations the person manages, by name (docs/product.md "Partners"). */
  organisations: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type UserDetail = z.infer<typeof userDetail>;

/** Body of POST /api/admin/users/{id}/suspend, /reinstate and /cancel-booked-sessions: the reason, 1–1000 characters, e-mailed. */
export const reasonInput = z.object({ reason: requiredText(m.suspendReason, 1000) });
export type ReasonInput = z.input<typeof reasonInput>;

/** Body of POST /api/admin/users/{id}/role: the new role and the acting team member's current authenticator code. */
export const roleChangeInput = z.object({
  role: z.enum(roles, { error: m.chooseRole }),
  code: z
    .string({ error: m.codeRequired })
    .trim()
    .regex(/^\d{6}$/, m.codeRequired),
});
export type RoleChangeInput = z.input<typeof roleChangeInput>;

/** Answer of POST /api/admin/users/{id}/cancel-booked-sessions: how many sessions were cancelled and refunded in full. */
export const cancelledSessions = z.object({ cancelled: z.number().int(), refundedCents: z.number().int() });
