/**
 * Suspending and reinstating accounts (docs/product.md "Team console", "People"; docs/security.md "Suspended
 * accounts"). Each runs in one transaction with its audit row and e-mail; the caller ends the returned sign-in
 * sessions in Better Auth's storage too (Redis), since the rows go here.
 */
import { eq } from 'drizzle-orm';
import { messages } from '../../../shared/messages.js';
import type { CurrentUser } from '../../auth/plugin.js';
import type { Db } from '../../db/client.js';
import { authSession, experts, user } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { enqueueEmail } from '../../infra/mail/outbox.js';
import { refundPackagesOf } from '../packages/prepaid-service.js';
import { endSubscriptionsOf, type EndDeps } from '../plans/ending-service.js';
import { recordAudit } from './audit-service.js';
import { reinstatementEmail, suspensionEmail } from './emails.js';
import { findUser } from './user-directory-service.js';
import { clock } from '../../clock.js';

const m = messages.admin;

/**
 * Suspends account `id` for `reason` (1–1000 characters), by team member `admin`, at `now`: the account is marked
 * suspended (it gets no new sign-in session: auth.ts), every sign-in session row is deleted, a published expert
 * profile leaves the catalogue (status suspended; its booked sessions stay until the team cancels them), every live
 * plan subscribed to the expert's plans ends now with the unused share of its month refunded (docs/product.md "Plans
 * and packages": both sides e-mailed), the action is audited and the person e-mailed. Returns the deleted sessions' tokens. 404 unknown or deleted account; 409 the
 * acting admin's own account ('You cannot suspend your own account') or already suspended.
 */
export async function suspendUser(
  db: Db,
  deps: EndDeps,
  admin: CurrentUser,
  id: string,
  reason: string,
  now = clock.now(),
): Promise<{ sessionTokens: string[] }> {
  return db.transaction(async (tx) => {
    const { u, expert } = await findUser(tx, id, true);
    if (u.deletedAt) throw new AppError('NOT_FOUND', m.userNotFound);
    if (u.id === admin.id) throw new AppError('CONFLICT', m.suspendSelf);
    if (u.suspendedAt) throw new AppError('CONFLICT', m.alreadySuspended);
    await tx.update(user).set({ suspendedAt: now, suspensionReason: reason, updatedAt: now }).where(eq(user.id, u.id));
    const tokens = await tx.delete(authSession).where(eq(authSession.userId, u.id)).returning({ token: authSession.token });
    const hideProfile = expert?.status === 'published';
    if (hideProfile) await tx.update(experts).set({ status: 'suspended', publishedAt: null, updatedAt: now }).where(eq(experts.id, expert.id));
    // The team's reason is the expert's to read; the subscribers are told only that the expert's plans ended.
    const ending = { side: 'team', actorId: admin.id, reason: "the expert's account was suspended" } as const;
    const plansEnded = expert ? await endSubscriptionsOf(tx, deps, { expertId: expert.id }, ending, now) : 0;
    const packagesRefunded = expert ? await refundPackagesOf(tx, deps, expert.id, ending, now) : 0;
    await recordAudit(tx, {
      actorId: admin.id,
      action: 'user.suspend',
      targetType: 'user',
      targetId: u.id,
      detail: { reason, signInsEnded: tokens.length, profileHidden: hideProfile, plansEnded, packagesRefunded },
    });
    await enqueueEmail(tx, suspensionEmail(u.email, { name: u.firstName ?? u.name, reason }, deps.baseUrl));
    return { sessionTokens: tokens.map((t) => t.token) };
  });
}

/**
 * Reinstates the suspended account `id` with the team's `reason` (e-mailed): it can sign in again. An expert profile
 * the suspension hid stays hidden until the team republishes it. Audited. 404 unknown; 409 'This account is not
 * suspended'.
 */
export async function reinstateUser(db: Db, admin: CurrentUser, id: string, reason: string, baseUrl: string, now = clock.now()): Promise<void> {
  await db.transaction(async (tx) => {
    const { u } = await findUser(tx, id, true);
    if (!u.suspendedAt || u.deletedAt) throw new AppError('CONFLICT', m.notSuspended);
    await tx.update(user).set({ suspendedAt: null, suspensionReason: null, updatedAt: now }).where(eq(user.id, u.id));
    await recordAudit(tx, { actorId: admin.id, action: 'user.reinstate', targetType: 'user', targetId: u.id, detail: { reason } });
    await enqueueEmail(tx, reinstatementEmail(u.email, { name: u.firstName ?? u.name, reason }, baseUrl));
  });
}
