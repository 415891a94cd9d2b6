/**
 * Access programme contracts (docs/product.md "Access programmes"): managers' programmes under
 * /api/partner/organisations/{id}/programmes…, members' under /api/me/programmes…. Money integer cents, dates UTC
 * (YYYY-MM-DD), instants ISO-8601.
 */
import { z } from 'zod';
import { messages } from '../messages.js';
import { invitationDeliveries, inviteListLimits, joinRules, limitPeriods, programmeMessages as m, programmeStatuses } from '../programmes.js';
import { singleLine } from '../single-line.js';
import { requiredText } from './common.js';

const positive = z.number({ error: m.limit }).int(m.limit).min(1, m.limit).max(10_000_000, m.limit).nullable().default(null);

/** POST /api/partner/organisations/{id}/programmes: a new programme, active from `startsOn` to `endsOn` (UTC days). */
export const programmeInput = z
  .object({
    name: singleLine(requiredText(m.name, 200), messages.common.singleLine('A programme’s name')),
    coversSessions: z.boolean().default(true),
    coversWorkshops: z.boolean().default(false),
    coversIntros: z.boolean().default(false),
    sessionLimit: positive,
    centsLimit: positive,
    limitPeriod: z.enum(limitPeriods).default('month'),
    maxPriceCents: positive,
    expertId: z.uuid(m.expertNotFound).nullable().default(null),
    expertise: z.string().trim().max(100, m.expertise).nullable().default(null),
    startsOn: z.iso.date(m.dates),
    endsOn: z.iso.date(m.dates),
    joinRule: z.enum(joinRules),
  })
  .refine((p) => p.coversSessions || p.coversWorkshops, { message: m.covers, path: ['coversSessions'] })
  .refine((p) => p.endsOn >= p.startsOn, { message: m.dates, path: ['endsOn'] });
export type ProgrammeInput = z.input<typeof programmeInput>;

export const programmeParams = z.object({ id: z.string().max(200), programmeId: z.string().max(200) });
export const programmeMemberParams = programmeParams.extend({ userId: z.string().max(200) });
export const programmeStatusInput = z.object({ status: z.enum(programmeStatuses) });
/** The invited list as the CSV file's text: one address a line (an address in any column of a line is taken). */
export const inviteListInput = z.object({
  csv: z.string({ error: m.inviteList }).min(1, m.inviteList).max(inviteListLimits.bytes, m.inviteListTooBig),
});
export const joinCodeInput = z.object({ code: z.string({ error: m.codeInvalid }).trim().min(1, m.codeInvalid).max(40, m.codeInvalid) });
export const joinInvitationInput = z.object({ token: z.string().trim().min(1, m.invitationInvalid).max(200, m.invitationInvalid) });

export const programmeSummary = z.object({
  id: z.string(),
  name: z.string(),
  code: z.string(),
  coversSessions: z.boolean(),
  coversWorkshops: z.boolean(),
  coversIntros: z.boolean(),
  sessionLimit: z.number().int().nullable(),
  centsLimit: z.number().int().nullable(),
  limitPeriod: z.enum(limitPeriods),
  maxPriceCents: z.number().int().nullable(),
  expertId: z.string().nullable(),
  expertName: z.string().nullable(),
  expertise: z.string().nullable(),
  startsOn: z.string(),
  endsOn: z.string(),
  joinRule: z.enum(joinRules),
  status: z.enum(programmeStatuses),
  members: z.number().int(),
  /** Credit the programme's live bookings hold or spent, less what refunds returned. */
  creditUsedCents: z.number().int(),
  createdAt: z.string(),
});
export type ProgrammeSummary = z.infer<typeof programmeSummary>;
export const programmeList = z.object({ items: z.array(programmeSummary) });

/** A programme as its managers see it: members, the invited list, and who booked with whom and when (never topics). */
export const programmeDetail = programmeSummary.extend({
  memberList: z.array(z.object({ userId: z.string(), name: z.string(), email: z.string(), joinedAt: z.string(), removedAt: z.string().nullable() })),
  invitations: z.array(
    z.object({
      email: z.string(),
      createdAt: z.string(),
      acceptedAt: z.string().nullable(),
      /** Its invitation e-mail's delivery; null for an invitation sent before deliveries were recorded. */
      delivery: z.enum(invitationDeliveries).nullable(),
      /** The mail server's reply (or the last error) when not delivered; null otherwise. */
      deliveryError: z.string().nullable(),
    }),
  ),
  /** Invited addresses whose invitation was not delivered. */
  notDelivered: z.number().int(),
  bookings: z.array(
    z.object({
      sessionId: z.string(),
      memberName: z.string(),
      expertName: z.string(),
      startsAt: z.string(),
      status: z.string(),
      creditCents: z.number().int(),
      returnedCents: z.number().int(),
    }),
  ),
});
export type ProgrammeDetail = z.infer<typeof programmeDetail>;

/** The answer to an invited list's upload: how many were invited, and the lines left out. */
export const inviteListResult = z.object({
  invited: z.number().int(),
  duplicates: z.array(z.string()),
  alreadyInvited: z.array(z.string()),
  invalid: z.array(z.object({ line: z.number().int(), text: z.string() })),
});
export type InviteListResult = z.infer<typeof inviteListResult>;

/** A programme the signed-in member belongs to, with what is left this term. */
export const membership = z.object({
  programmeId: z.string(),
  name: z.string(),
  organisationName: z.string(),
  status: z.enum(programmeStatuses),
  endsOn: z.string(),
  sessionLimit: z.number().int().nullable(),
  centsLimit: z.number().int().nullable(),
  limitPeriod: z.enum(limitPeriods),
  maxPriceCents: z.number().int().nullable(),
  sessionsUsed: z.number().int(),
  centsUsed: z.number().int(),
  /** "Sessions funded by {organisation}: 2 of 2 left this term". */
  line: z.string(),
  privacyNotice: z.string(),
});
export type Membership = z.infer<typeof membership>;
export const membershipList = z.object({ items: z.array(membership) });

/**
 * GET /api/me/programmes/cover: what each of the member's programmes covers of a booking — a session with `expertId`
 * (id or slug) of `durationMinutes`, or a seat of workshop `workshopId`.
 */
export const coverQuery = z
  .object({
    expertId: z.string().max(200).optional(),
    durationMinutes: z.coerce.number().int().min(15).max(180).optional(),
    kind: z.enum(['paid', 'intro']).default('paid'),
    workshopId: z.string().max(200).optional(),
  })
  .refine((q) => Boolean(q.workshopId) !== Boolean(q.expertId && (q.durationMinutes || q.kind === 'intro')), { message: m.coverTarget });
export type CoverQuery = z.infer<typeof coverQuery>;
export const coverAnswer = z.object({
  items: z.array(
    z.object({
      programmeId: z.string(),
      organisationName: z.string(),
      ok: z.boolean(),
      coveredCents: z.number().int(),
      youPayCents: z.number().int(),
      /** "Covered by {organisation}: $X · You pay: $Y", or the refusal's words. */
      message: z.string(),
    }),
  ),
});
export type CoverAnswer = z.infer<typeof coverAnswer>;
