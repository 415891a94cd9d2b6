/**
 * The expert's payout account (docs/product.md "Payouts"): with Stripe, released money is transferred to the expert's
 * connected account (payments/service.ts reads `experts.stripe_account_id`). Without Stripe the server
 * uses the simulated provider and payouts are only recorded.
 */
import { eq } from 'drizzle-orm';
import { messages } from '../../../shared/messages.js';
import type { OnboardingLink, PayoutsView } from '../../../shared/schemas/payouts.js';
import type { CurrentUser } from '../../auth/plugin.js';
import type { Db } from '../../db/client.js';
import { experts } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import type { PayoutAccounts } from '../../infra/payments/payout-accounts.js';

export type PayoutDeps = { db: Db; accounts: PayoutAccounts | null; baseUrl: string };

/** The signed-in user's expert row (id, payout account, currency); 403 'Payouts open once…' without one. */
export async function ownExpert(db: Db, user: CurrentUser) {
  const [row] = await db
    .select({ id: experts.id, accountId: experts.stripeAccountId, currency: experts.currency })
    .from(experts)
    .where(eq(experts.userId, user.id))
    .limit(1);
  if (!row) throw new AppError('FORBIDDEN', messages.payouts.noProfile);
  return row;
}

/** GET /api/me/payouts: where the signed-in expert's payout account stands (asks Stripe). 403 without an expert profile ('Payouts open once…'). */
export async function getPayouts({ db, accounts }: PayoutDeps, user: CurrentUser): Promise<PayoutsView> {
  const { accountId } = await ownExpert(db, user);
  if (!accounts) return { mode: 'simulated', status: 'not_connected', accountId: null };
  if (!accountId) return { mode: 'stripe', status: 'not_connected', accountId: null };
  const { payoutsEnabled } = await accounts.status(accountId);
  return { mode: 'stripe', status: payoutsEnabled ? 'active' : 'pending', accountId };
}

/**
 * POST /api/me/payouts/onboarding: creates the expert's Express account on first use (one per expert, even
 * when two requests race: the row is locked and Stripe's idempotency key is the expert's id) and answers a
 * fresh onboarding URL on Stripe, which returns the expert to /dashboard/expert/payouts.
 * Errors: 403 not an expert; 409 'Payouts need card payments with Stripe…' on a server without Stripe.
 */
export async function startOnboarding({ db, accounts, baseUrl }: PayoutDeps, user: CurrentUser): Promise<OnboardingLink> {
  const { id } = await ownExpert(db, user);
  if (!accounts) throw new AppError('CONFLICT', messages.payouts.notConfigured);
  const accountId = await db.transaction(async (tx) => {
    const [row] = await tx.select({ accountId: experts.stripeAccountId }).from(experts).where(eq(experts.id, id)).for('update');
    if (row?.accountId) return row.accountId;
    const created = await accounts.create({ email: user.email, idempotencyKey: `payout-account:${id}` });
    await tx.update(experts).set({ stripeAccountId: created }).where(eq(experts.id, id));
    return created;
  });
  const back = `${baseUrl}/dashboard/expert/payouts`;
  return { url: await accounts.onboardingLink({ accountId, refreshUrl: `${back}?onboarding=expired`, returnUrl: `${back}?onboarding=done` }) };
}
