/**
 * Access programmes as their organisation's managers run them (docs/product.md "Access programmes"): create, list,
 * read (members, invited list, who booked with whom and when — never topics, messages or feedback), pause, reopen
 * or end, and remove a member; the team lists them and pauses, reopens or ends one from the console. The caller checked
 * that the account manages the organisation (assertManages) or is the team.
 */
import { randomInt } from 'node:crypto';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import { programmeMessages as m, type InvitationDelivery, type JoinRule, type LimitPeriod, type ProgrammeStatus } from '../../../shared/programmes.js';
import type { ProgrammeDetail, programmeInput, ProgrammeSummary } from '../../../shared/schemas/programmes.js';
import type { CurrentUser } from '../../auth/plugin.js';
import type { Db, Tx } from '../../db/client.js';
import { pgError } from '../../db/errors.js';
import {
  accessProgrammes,
  emailOutbox,
  experts,
  programmeBookings,
  programmeInvitations,
  programmeMembers,
  sessions,
  user as userTable,
} from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { recordAudit } from '../admin/audit-service.js';
import { assertOrganisationExists, assertOrganisationId } from './organisation-service.js';

/** Letters and digits that cannot be mistaken for one another when read aloud or typed (no 0/O, 1/I/L). */
const codeAlphabet = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** A new access code, such as `K7QM-3XPD` (40 bits). */
function newCode(): string {
  const part = () => Array.from({ length: 4 }, () => codeAlphabet[randomInt(codeAlphabet.length)]).join('');
  return `${part()}-${part()}`;
}

const summaryColumns = {
  p: accessProgrammes,
  expertName: experts.name,
  members: sql<number>`(select count(*)::int from ${programmeMembers} where ${programmeMembers.programmeId} = ${accessProgrammes.id} and ${programmeMembers.removedAt} is null)`,
  creditUsedCents: sql<number>`(select coalesce(sum(${programmeBookings.creditCents} - ${programmeBookings.returnedCents}), 0)::int from ${programmeBookings} where ${programmeBookings.programmeId} = ${accessProgrammes.id})`,
};

function summaryOf(row: { p: typeof accessProgrammes.$inferSelect; expertName: string | null; members: number; creditUsedCents: number }): ProgrammeSummary {
  const { p } = row;
  return {
    id: p.id,
    name: p.name,
    code: p.code,
    coversSessions: p.coversSessions,
    coversWorkshops: p.coversWorkshops,
    coversIntros: p.coversIntros,
    sessionLimit: p.sessionLimit,
    centsLimit: p.centsLimit,
    limitPeriod: p.limitPeriod as LimitPeriod,
    maxPriceCents: p.maxPriceCents,
    expertId: p.expertId,
    expertName: row.expertName,
    expertise: p.expertise,
    startsOn: p.startsOn,
    endsOn: p.endsOn,
    joinRule: p.joinRule as JoinRule,
    status: p.status as ProgrammeStatus,
    members: row.members,
    creditUsedCents: row.creditUsedCents,
    createdAt: p.createdAt.toISOString(),
  };
}

function programmesOf(db: Db | Tx, organisationId: string) {
  return db
    .select(summaryColumns)
    .from(accessProgrammes)
    .leftJoin(experts, eq(experts.id, accessProgrammes.expertId))
    .where(eq(accessProgrammes.organisationId, organisationId))
    .$dynamic();
}

/** The programme `programmeId` of organisation `organisationId`, row locked in `tx`; 404 'Programme not found' otherwise. */
export async function lockProgramme(tx: Tx, organisationId: string, programmeId: string) {
  if (!z.uuid().safeParse(programmeId).success) throw new AppError('NOT_FOUND', m.notFound);
  const [p] = await tx
    .select()
    .from(accessProgrammes)
    .where(and(eq(accessProgrammes.id, programmeId), eq(accessProgrammes.organisationId, organisationId)))
    .for('update');
  if (!p) throw new AppError('NOT_FOUND', m.notFound);
  return p;
}

/** GET …/programmes: the organisation's programmes, newest first, with members and credit used (cents). 404 unknown organisation. */
export async function listProgrammes(db: Db, organisationId: string): Promise<{ items: ProgrammeSummary[] }> {
  assertOrganisationId(organisationId);
  const rows = await programmesOf(db, organisationId).orderBy(desc(accessProgrammes.createdAt));
  if (rows.length === 0) await assertOrganisationExists(db, organisationId);
  return { items: rows.map(summaryOf) };
}

/**
 * POST …/programmes: a new active programme of the organisation with a fresh access code. 400 when the expert is
 * unknown or the join rule is 'domain' and the organisation lists no domains.
 */
export async function createProgramme(
  db: Db,
  manager: CurrentUser,
  organisationId: string,
  input: z.output<typeof programmeInput>,
  domains: readonly string[],
): Promise<ProgrammeDetail> {
  if (input.joinRule === 'domain' && domains.length === 0) throw new AppError('VALIDATION', m.noDomains);
  const expertise = input.expertise?.trim() || null;
  for (;;) {
    try {
      const [row] = await db
        .insert(accessProgrammes)
        .values({ ...input, expertise, organisationId, code: newCode(), createdBy: manager.id })
        .returning({ id: accessProgrammes.id });
      return getProgramme(db, organisationId, row!.id);
    } catch (err) {
      const { code, constraint } = pgError(err);
      if (code === '23503' && constraint === 'access_programmes_expert_id_experts_id_fk') throw new AppError('VALIDATION', m.expertNotFound);
      // Another programme drew the same code (1 in 10^12): draw again.
      if (code !== '23505' || constraint !== 'access_programmes_code_unique') throw err;
    }
  }
}

/** An invitation e-mail's outbox status as the delivery its managers see; null when the invitation has no linked e-mail. */
const deliveryOf = (status: string | null): InvitationDelivery | null =>
  status === 'sent' ? 'sent' : status === 'failed' ? 'not_delivered' : status === 'pending' ? 'sending' : null;

/** GET …/programmes/{programmeId}: the programme with its members, invited list and bookings. 404 not the organisation's. */
export async function getProgramme(db: Db | Tx, organisationId: string, programmeId: string): Promise<ProgrammeDetail> {
  if (!z.uuid().safeParse(programmeId).success) throw new AppError('NOT_FOUND', m.notFound);
  const [row] = await programmesOf(db, organisationId).where(and(eq(accessProgrammes.organisationId, organisationId), eq(accessProgrammes.id, programmeId)));
  if (!row) throw new AppError('NOT_FOUND', m.notFound);
  // One after the other: `db` may be a transaction, one connection that runs one statement at a time.
  const members = await db
    .select({
      userId: userTable.id,
      name: userTable.name,
      email: userTable.email,
      joinedAt: programmeMembers.joinedAt,
      removedAt: programmeMembers.removedAt,
    })
    .from(programmeMembers)
    .innerJoin(userTable, eq(userTable.id, programmeMembers.userId))
    .where(eq(programmeMembers.programmeId, programmeId))
    .orderBy(desc(programmeMembers.joinedAt));
  const invitations = await db
    .select({
      email: programmeInvitations.email,
      createdAt: programmeInvitations.createdAt,
      acceptedAt: programmeInvitations.acceptedAt,
      mailStatus: emailOutbox.status,
      mailError: emailOutbox.lastError,
    })
    .from(programmeInvitations)
    .leftJoin(emailOutbox, eq(emailOutbox.id, programmeInvitations.outboxEmailId))
    .where(eq(programmeInvitations.programmeId, programmeId))
    .orderBy(programmeInvitations.email);
  // Who booked with whom and when, and the credit: never the topic (docs/product.md "Access programmes").
  const bookings = await db
    .select({
      sessionId: sessions.id,
      memberName: sessions.clientName,
      expertName: sessions.expertName,
      startsAt: sessions.startsAt,
      status: sessions.status,
      creditCents: programmeBookings.creditCents,
      returnedCents: programmeBookings.returnedCents,
    })
    .from(programmeBookings)
    .innerJoin(sessions, eq(sessions.id, programmeBookings.sessionId))
    .where(eq(programmeBookings.programmeId, programmeId))
    .orderBy(desc(sessions.startsAt))
    .limit(500);
  const deliveries = invitations.map((i) => {
    const delivery = deliveryOf(i.mailStatus);
    return {
      email: i.email,
      createdAt: i.createdAt.toISOString(),
      acceptedAt: i.acceptedAt?.toISOString() ?? null,
      delivery,
      deliveryError: delivery === 'not_delivered' ? i.mailError : null,
    };
  });
  return {
    ...summaryOf(row),
    memberList: members.map((x) => ({ ...x, joinedAt: x.joinedAt.toISOString(), removedAt: x.removedAt?.toISOString() ?? null })),
    invitations: deliveries,
    notDelivered: deliveries.filter((i) => i.delivery === 'not_delivered').length,
    bookings: bookings.map((b) => ({ ...b, startsAt: b.startsAt.toISOString() })),
  };
}

/**
 * POST …/programmes/{programmeId}/status `{ status }`: pause, reopen or end the programme, by one of its managers, or
 * by the team from the console (`asTeam`: audited 'programme.pause' / 'programme.reopen' / 'programme.end' with its
 * reason, when the status changes). Sessions already booked stay funded; new bookings are refused while it is paused
 * or ended. 404 not the organisation's programme; 409 when an ended programme would reopen.
 */
export async function setProgrammeStatus(
  db: Db,
  organisationId: string,
  programmeId: string,
  status: ProgrammeStatus,
  asTeam?: { actor: CurrentUser; reason: string },
): Promise<ProgrammeDetail> {
  return db.transaction(async (tx) => {
    const p = await lockProgramme(tx, organisationId, programmeId);
    if (p.status === 'ended' && status !== 'ended') throw new AppError('CONFLICT', m.statusChange);
    await tx.update(accessProgrammes).set({ status }).where(eq(accessProgrammes.id, programmeId));
    if (asTeam && p.status !== status)
      await recordAudit(tx, {
        actorId: asTeam.actor.id,
        action: status === 'paused' ? 'programme.pause' : status === 'ended' ? 'programme.end' : 'programme.reopen',
        targetType: 'organisation',
        targetId: organisationId,
        detail: { programmeId, name: p.name, reason: asTeam.reason },
      });
    return getProgramme(tx, organisationId, programmeId);
  });
}

/** DELETE …/programmes/{programmeId}/members/{userId}: the member can book no more with it; what is booked stays funded. 404 not a member. */
export async function removeMember(db: Db, organisationId: string, programmeId: string, userId: string): Promise<ProgrammeDetail> {
  return db.transaction(async (tx) => {
    await lockProgramme(tx, organisationId, programmeId);
    const removed = await tx
      .update(programmeMembers)
      .set({ removedAt: new Date() })
      .where(and(eq(programmeMembers.programmeId, programmeId), eq(programmeMembers.userId, userId), isNull(programmeMembers.removedAt)))
      .returning({ userId: programmeMembers.userId });
    if (removed.length === 0) throw new AppError('NOT_FOUND', m.memberNotFound);
    return getProgramme(tx, organisationId, programmeId);
  });
}
