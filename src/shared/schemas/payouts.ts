/** Shapes of the expert's payout account endpoints (releases transfer to the expert's connected account; docs/product.md "Payouts"). */
import { z } from 'zod';

/**
 * GET /api/me/payouts. `mode` 'simulated' when the server has no Stripe key (released money is only
 * recorded); with Stripe: 'not_connected' (no account yet), 'pending' (onboarding not finished, so
 * releases stay in the platform balance) or 'active' (releases are transferred to `accountId`).
 */
export const payoutsView = z.object({
  mode: z.enum(['simulated', 'stripe']),
  status: z.enum(['not_connected', 'pending', 'active']),
  accountId: z.string().nullable(),
});
export type PayoutsView = z.infer<typeof payoutsView>;

/** POST /api/me/payouts/onboarding: the one-time Stripe page where the expert enters bank and identity details. */
export const onboardingLink = z.object({ url: z.url() });
export type OnboardingLink = z.infer<typeof onboardingLink>;
