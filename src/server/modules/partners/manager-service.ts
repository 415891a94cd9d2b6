/**
 * Managers of an organisation (docs/product.md "Partners"): the team or a manager invites a person by e-mail; the
 * person signs up or signs in with that address and accepts; a manager removes other managers, and the team any.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { invitationDays, partnerMessages as m } from '../../../shared/partners.js';
import type { CurrentUser } from '../../auth/plugin.js';
import type { Db } from '../../db/client.js';
import { organisationInvitations, organisationManagers, organisations, user as userTable } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { enqueueEmail } from '../../infra/mail/outbox.js';
import { recordAudit } from '../admin/audit-service.js';
import { managerInvitationEmail } from './emails.js';
import { assertOrganisationId, getOrganisation } from './organisation-service.js';
import { lockOrganisation } from './wallet-service.js';
import { clock } from '../../clock.js';

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Invites `email` to manage organisation `id`, by `inviter` acting as the team (`asTeam`: audited
 * 'organisation.invite') or as one of its managers (the caller checked that). The e-mail's link holds a random token
 * (only its SHA-256 is stored) and works for 14 days. Answers the organisation. 404 unknown; 409 the person already
 * manages it.
 */
export async function inviteManager(db: Db, inviter: CurrentUser, id: string, email: string, opts: { asTeam: boolean; baseUrl: string }, now = clock.now()) {
  assertOrganisationId(id);
  return db.transaction(async (tx) => {
    const [o] = await tx.select({ name: organisations.name }).from(organisations).where(eq(organisations.id, id));
    if (!o) throw new AppError('NOT_FOUND', m.organisationNotFound);
    const [already] = await tx
      .select({ id: userTable.id })
      .from(organisationManagers)
      .innerJoin(userTable, eq(userTable.id, organisationManagers.userId))
      .where(and(eq(organisationManagers.organisationId, id), sql`lower(${userTable.email}) = ${email}`));
    if (already) throw new AppError('CONFLICT', m.alreadyManager);
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(now.getTime() + invitationDays * 86_400_000);
    const [invitation] = await tx
      .insert(organisationInvitations)
      .values({ organisationId: id, email, tokenHash: hashOf(token), invitedBy: inviter.id, expiresAt, createdAt: now })
      .returning({ id: organisationInvitations.id });
    await enqueueEmail(tx, managerInvitationEmail(email, { organisation: o.name, invitedBy: inviter.name, token, expiresAt }, opts.baseUrl));
    if (opts.asTeam)
      await recordAudit(tx, {
        actorId: inviter.id,
        action: 'organisation.invite',
        targetType: 'organisation',
        targetId: id,
        detail: { email, invitationId: invitation!.id },
      });
    return getOrganisation(tx, id, now);
  });
}

/**
 * POST /api/partner/invitations/accept `{ token }`: the signed-in `person` becomes a manager of the invitation's
 * organisation. Their account's e-mail must be the invited address (any case). 404 unknown token; 403 another
 * address; 409 already accepted or expired.
 */
export async function acceptInvitation(db: Db, person: CurrentUser, token: string, now = clock.now()) {
  return db.transaction(async (tx) => {
    const [invitation] = await tx
      .select({ i: organisationInvitations, name: organisations.name })
      .from(organisationInvitations)
      .innerJoin(organisations, eq(organisations.id, organisationInvitations.organisationId))
      .where(eq(organisationInvitations.tokenHash, hashOf(token)))
      .for('update', { of: organisationInvitations });
    if (!invitation) throw new AppError('NOT_FOUND', m.invitationInvalid);
    const { i } = invitation;
    // The address first: someone else holding the link learns nothing of the invitation's state.
    if (person.email.toLowerCase() !== i.email) throw new AppError('FORBIDDEN', m.invitationOtherEmail);
    if (i.acceptedAt) throw new AppError('CONFLICT', m.invitationUsed);
    if (i.expiresAt.getTime() <= now.getTime()) throw new AppError('CONFLICT', m.invitationExpired);
    await tx.insert(organisationManagers).values({ organisationId: i.organisationId, userId: person.id, createdAt: now }).onConflictDoNothing();
    await tx.update(organisationInvitations).set({ acceptedAt: now, acceptedBy: person.id }).where(eq(organisationInvitations.id, i.id));
    return { organisationId: i.organisationId, name: invitation.name };
  });
}

/**
 * `remover` ends `userId`'s managing of organisation `id`: a manager removing another (DELETE
 * /api/partner/organisations/{id}/managers/{userId}; the caller checked that `remover` manages it), or the team from
 * the console (`asTeam`: audited 'organisation.remove_manager' with its reason). Nobody removes themselves, so a
 * manager never leaves the organisation without one; the team may remove the last, which leaves the organisation as
 * it was created, managed by nobody until someone accepts an invitation (docs/product.md "Partners"). No e-mail.
 * Answers the organisation. 404 unknown organisation or not a manager of it; 409 oneself.
 */
export async function removeManager(db: Db, remover: CurrentUser, id: string, userId: string, asTeam?: { reason: string }) {
  assertOrganisationId(id);
  if (userId === remover.id) throw new AppError('CONFLICT', m.removeSelf);
  return db.transaction(async (tx) => {
    if (!(await lockOrganisation(tx, id))) throw new AppError('NOT_FOUND', m.organisationNotFound);
    const [removed] = await tx
      .delete(organisationManagers)
      .where(and(eq(organisationManagers.organisationId, id), eq(organisationManagers.userId, userId)))
      .returning({ userId: organisationManagers.userId });
    if (!removed) throw new AppError('NOT_FOUND', m.managerNotFound);
    if (asTeam) {
      const [person] = await tx.select({ email: userTable.email }).from(userTable).where(eq(userTable.id, userId));
      await recordAudit(tx, {
        actorId: remover.id,
        action: 'organisation.remove_manager',
        targetType: 'organisation',
        targetId: id,
        detail: { userId, email: person?.email ?? null, reason: asTeam.reason },
      });
    }
    return getOrganisation(tx, id);
  });
}
