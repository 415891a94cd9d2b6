/**
 * POST /api/me/delete: deletes the signed-in account (docs/product.md "Account"; docs/security.md "Account deletion").
 * The account, its sign-in, profile and files go; the sessions and payments the other party or the ledger still need
 * stay, with the name replaced.
 */
import { and, eq, or, sql } from 'drizzle-orm';
import { messages } from '../../../shared/messages.js';
import { deleteAccountInput, type DeleteAccountInput } from '../../../shared/schemas/account.js';
import type { CurrentUser } from '../../auth/plugin.js';
import { verifyPassword } from '../../auth/password-policy.js';
import type { Db, Tx } from '../../db/client.js';
import { pgError } from '../../db/errors.js';
import {
  authAccount,
  authSession,
  authTwoFactor,
  authVerification,
  calendarFeeds,
  contactMessages,
  conversations,
  expertApplications,
  experts,
  files,
  matchRequests,
  partnerEnquiries,
  privateFeedback,
  sessions,
  streamEvents,
  uploadUsage,
  user,
} from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { refuseWhileNeeded, sessionsOfAccount } from './deletion-blockers.js';

/** An account without a password confirms its deletion by having signed in this recently. */
export const freshSignInMs = 10 * 60 * 1000;

/** What the caller removes once the deletion has committed: the sign-in sessions (also in Redis) and the stored file objects. */
export type Deletion = { sessionTokens: string[]; storageKeys: string[] };

/**
 * The account's password confirms the deletion (VALIDATION 'Please enter your password…' when missing, 'That
 * password is not correct…' when wrong); an account without one (Google) needs a sign-in of the last
 * `freshSignInMs` (FORBIDDEN 'For your safety, please sign out and sign in again…').
 */
async function confirmOwner(db: Db, current: CurrentUser, password: string | undefined, signedInAt: () => Promise<Date | null>) {
  const [credential] = await db
    .select({ hash: authAccount.password })
    .from(authAccount)
    .where(and(eq(authAccount.userId, current.id), eq(authAccount.providerId, 'credential')));
  if (credential?.hash) {
    if (!password) throw new AppError('VALIDATION', messages.account.passwordRequired);
    if (!(await verifyPassword({ hash: credential.hash, password }))) throw new AppError('VALIDATION', messages.account.wrongPassword);
    return;
  }
  const at = await signedInAt();
  if (!at || Date.now() - at.getTime() > freshSignInMs) throw new AppError('FORBIDDEN', messages.account.signInAgain);
}

/** Runs `step` in a savepoint; a foreign key that still needs the row (23503, or 23001 for ON DELETE RESTRICT) leaves it in place. Returns whether it ran. */
async function whereNothingRefersTo(tx: Tx, step: (sp: Tx) => Promise<unknown>): Promise<boolean> {
  try {
    await tx.transaction(async (sp) => void (await step(sp)));
    return true;
  } catch (err) {
    if (['23503', '23001'].includes(pgError(err).code ?? '')) return false;
    throw err;
  }
}

/**
 * Deletes `current`'s account after `confirmOwner`, in one transaction, or changes nothing: 409 in the product's
 * words while a session, report or money still needs it (deletion-blockers.ts). Then: sign-in sessions, password
 * and two-factor secrets, calendar feed, uploads, applications, enquiries, private feedback and conversations are deleted; the
 * name on every session becomes 'Deleted user'; an expert profile leaves the catalogue and keeps only what past
 * sessions and payments show; the account row is deleted when nothing refers to it, else kept nameless with
 * `deleted_at` set (migration 0023's check). The account row is locked first, so a booking cannot slip in between.
 */
export async function deleteAccount(db: Db, current: CurrentUser, input: DeleteAccountInput, signedInAt: () => Promise<Date | null>): Promise<Deletion> {
  const { password } = deleteAccountInput.parse(input);
  await confirmOwner(db, current, password, signedInAt);
  const gone = messages.account.deletedName;
  return db.transaction(async (tx) => {
    await tx.select({ id: user.id }).from(user).where(eq(user.id, current.id)).for('update');
    const [expert] = await tx.select({ id: experts.id }).from(experts).where(eq(experts.userId, current.id)).for('update');
    await refuseWhileNeeded(tx, sessionsOfAccount(current.id, expert?.id));

    const tokens = await tx.delete(authSession).where(eq(authSession.userId, current.id)).returning({ token: authSession.token });
    // Conversations go with either participant's account, for both sides (docs/product.md "Messages"); before the
    // uploads, as a message that is only an attachment cannot lose it (migration 0035's check).
    await tx
      .delete(conversations)
      .where(expert ? or(eq(conversations.clientId, current.id), eq(conversations.expertId, expert.id)) : eq(conversations.clientId, current.id));
    const stored = await tx.delete(files).where(eq(files.ownerId, current.id)).returning({ key: files.storageKey });
    await tx.delete(authAccount).where(eq(authAccount.userId, current.id));
    await tx.delete(authTwoFactor).where(eq(authTwoFactor.userId, current.id));
    // Reset and verification links carry the user id or the e-mail: none of them may reach the account again.
    await tx.delete(authVerification).where(or(eq(authVerification.value, current.id), eq(authVerification.identifier, current.email)));
    await tx.delete(calendarFeeds).where(eq(calendarFeeds.userId, current.id));
    await tx.delete(uploadUsage).where(eq(uploadUsage.userId, current.id));
    await tx.delete(expertApplications).where(eq(expertApplications.userId, current.id));
    await tx.delete(privateFeedback).where(eq(privateFeedback.authorId, current.id));
    await tx.delete(contactMessages).where(eq(contactMessages.userId, current.id));
    await tx.delete(partnerEnquiries).where(eq(partnerEnquiries.userId, current.id));
    await tx.delete(matchRequests).where(eq(matchRequests.userId, current.id));
    await tx.delete(streamEvents).where(eq(streamEvents.userId, current.id));

    await tx.update(sessions).set({ clientName: gone }).where(eq(sessions.clientId, current.id));
    if (expert) {
      await tx.update(sessions).set({ expertName: gone }).where(eq(sessions.expertId, expert.id));
      if (!(await whereNothingRefersTo(tx, (sp) => sp.delete(experts).where(eq(experts.id, expert.id)))))
        await tx
          .update(experts)
          .set({
            name: gone,
            slug: sql`'deleted-' || ${experts.id}`,
            status: 'suspended',
            isAvailable: false,
            about: '',
            experience: '',
            courses: [],
            hobbies: [],
            imageUrl: null,
            introVideoUrl: null,
            updatedAt: new Date(),
          })
          .where(eq(experts.id, expert.id));
    }

    if (!(await whereNothingRefersTo(tx, (sp) => sp.delete(user).where(eq(user.id, current.id)))))
      await tx
        .update(user)
        .set({
          name: gone,
          email: `deleted-${current.id}@deleted.invalid`,
          emailVerified: false,
          firstName: null,
          lastName: null,
          phone: null,
          image: null,
          timeZone: null,
          deletedAt: new Date(),
          updatedAt: new Date(),
        })
        .where(eq(user.id, current.id));
    return { sessionTokens: tokens.map((t) => t.token), storageKeys: stored.map((s) => s.key) };
  });
}
