/**
 * Members of access programmes (docs/product.md "Access programmes"): a member joins by an invitation's link or by
 * entering the programme's access code (on /account or at checkout), as its join rule allows; their programmes show
 * on their dashboard with what is left this term. Managers' view of members is programme-service.ts.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import { fundedLine, memberPrivacyNotice, programmeMessages as m, termStart, type LimitPeriod, type ProgrammeStatus } from '../../../shared/programmes.js';
import type { Membership } from '../../../shared/schemas/programmes.js';
import type { CurrentUser } from '../../auth/plugin.js';
import type { Db, Tx } from '../../db/client.js';
import { accessProgrammes, organisations, programmeBookings, programmeInvitations, programmeMembers, sessions } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { invitationTokenHash } from './invite-list-service.js';
import { clock } from '../../clock.js';

/**
 * What member `userId` used of programme `programmeId` in the term that holds `now` (this UTC month, or in total):
 * sessions still live (cancelled and lapsed ones give theirs back) and cents of credit not returned.
 */
export async function useOf(db: Db | Tx, programmeId: string, userId: string, period: LimitPeriod, now: Date) {
  const since = termStart(period, now);
  const [row] = await db
    .select({
      sessions: sql<number>`(count(*) filter (where ${sessions.status} not in ('cancelled', 'expired')))::int`,
      cents: sql<number>`coalesce(sum(${programmeBookings.creditCents} - ${programmeBookings.returnedCents}), 0)::int`,
    })
    .from(programmeBookings)
    .innerJoin(sessions, eq(sessions.id, programmeBookings.sessionId))
    .where(
      and(
        eq(programmeBookings.programmeId, programmeId),
        eq(programmeBookings.userId, userId),
        since ? sql`${programmeBookings.createdAt} >= ${since}::date` : undefined,
      ),
    );
  return { sessions: row?.sessions ?? 0, cents: row?.cents ?? 0 };
}

/** Adds `person` to programme `programmeId` (again nothing when already a member). 403 when a manager removed them. */
async function addMember(tx: Tx, programmeId: string, person: CurrentUser) {
  const [existing] = await tx
    .select({ removedAt: programmeMembers.removedAt })
    .from(programmeMembers)
    .where(and(eq(programmeMembers.programmeId, programmeId), eq(programmeMembers.userId, person.id)));
  if (existing?.removedAt) throw new AppError('FORBIDDEN', m.removed);
  if (!existing) await tx.insert(programmeMembers).values({ programmeId, userId: person.id }).onConflictDoNothing();
}

const domainOf = (email: string) => email.slice(email.lastIndexOf('@') + 1).toLowerCase();

/**
 * POST /api/me/programmes/join `{ code }`: `person` joins the programme whose access code is `code` (any case), as
 * its rule allows — anyone; a verified address at one of the organisation's domains (or a subdomain); or an address
 * on its invited list. Answers the member's programmes. 404 unknown code or programme ended; 403 not allowed to join.
 */
export async function joinByCode(db: Db, person: CurrentUser, code: string, now = clock.now()) {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ p: accessProgrammes, domains: organisations.emailDomains })
      .from(accessProgrammes)
      .innerJoin(organisations, eq(organisations.id, accessProgrammes.organisationId))
      .where(eq(accessProgrammes.code, code.trim().toUpperCase()));
    if (!row || row.p.status === 'ended') throw new AppError('NOT_FOUND', m.codeInvalid);
    const { p, domains } = row;
    if (p.joinRule === 'domain') {
      const domain = domainOf(person.email);
      if (!person.emailVerified || !domains.some((d) => domain === d || domain.endsWith(`.${d}`))) throw new AppError('FORBIDDEN', m.domainOnly(domains));
    }
    if (p.joinRule === 'invited') {
      const accepted = await tx
        .update(programmeInvitations)
        .set({ acceptedAt: now, acceptedBy: person.id })
        .where(
          and(eq(programmeInvitations.programmeId, p.id), eq(programmeInvitations.email, person.email.toLowerCase()), isNull(programmeInvitations.acceptedAt)),
        )
        .returning({ id: programmeInvitations.id });
      const [member] = await tx
        .select({ userId: programmeMembers.userId })
        .from(programmeMembers)
        .where(and(eq(programmeMembers.programmeId, p.id), eq(programmeMembers.userId, person.id)));
      if (accepted.length === 0 && !member) throw new AppError('FORBIDDEN', m.invitedOnly);
    }
    await addMember(tx, p.id, person);
  });
  return listMemberships(db, person, now);
}

/**
 * POST /api/me/programmes/accept `{ token }`: `person` joins by the invitation's link; their address must be the
 * invited one (any case). Answers the member's programmes. 404 unknown token or programme ended; 403 another address.
 */
export async function joinByInvitation(db: Db, person: CurrentUser, token: string, now = clock.now()) {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ i: programmeInvitations, status: accessProgrammes.status })
      .from(programmeInvitations)
      .innerJoin(accessProgrammes, eq(accessProgrammes.id, programmeInvitations.programmeId))
      .where(eq(programmeInvitations.tokenHash, invitationTokenHash(token)))
      .for('update', { of: programmeInvitations });
    if (!row || row.status === 'ended') throw new AppError('NOT_FOUND', m.invitationInvalid);
    if (person.email.toLowerCase() !== row.i.email) throw new AppError('FORBIDDEN', m.invitationOtherEmail);
    if (!row.i.acceptedAt) await tx.update(programmeInvitations).set({ acceptedAt: now, acceptedBy: person.id }).where(eq(programmeInvitations.id, row.i.id));
    await addMember(tx, row.i.programmeId, person);
  });
  return listMemberships(db, person, now);
}

/** The programmes `person` belongs to (not removed, not ended), with organisation and their use this term. */
export async function memberProgrammes(db: Db | Tx, person: CurrentUser) {
  return db
    .select({ p: accessProgrammes, organisationName: organisations.name, organisationId: organisations.id })
    .from(programmeMembers)
    .innerJoin(accessProgrammes, eq(accessProgrammes.id, programmeMembers.programmeId))
    .innerJoin(organisations, eq(organisations.id, accessProgrammes.organisationId))
    .where(and(eq(programmeMembers.userId, person.id), isNull(programmeMembers.removedAt), sql`${accessProgrammes.status} <> 'ended'`))
    .orderBy(accessProgrammes.name);
}

/** GET /api/me/programmes: the signed-in member's programmes and what is left of each this term. */
export async function listMemberships(db: Db, person: CurrentUser, now = clock.now()): Promise<{ items: Membership[] }> {
  const rows = await memberProgrammes(db, person);
  const items = await Promise.all(
    rows.map(async ({ p, organisationName }) => {
      const used = await useOf(db, p.id, person.id, p.limitPeriod as LimitPeriod, now);
      return {
        programmeId: p.id,
        name: p.name,
        organisationName,
        status: p.status as ProgrammeStatus,
        endsOn: p.endsOn,
        sessionLimit: p.sessionLimit,
        centsLimit: p.centsLimit,
        limitPeriod: p.limitPeriod as LimitPeriod,
        maxPriceCents: p.maxPriceCents,
        sessionsUsed: used.sessions,
        centsUsed: used.cents,
        line: fundedLine(organisationName, p.sessionLimit, used.sessions),
        privacyNotice: memberPrivacyNotice(organisationName),
      };
    }),
  );
  return { items };
}
