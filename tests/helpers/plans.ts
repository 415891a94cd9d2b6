/** Plan fixtures for API tests: an expert's monthly plan offered through the API (docs/product.md "Plans and packages"). */
import { expect } from 'vitest';
import type { TestContext } from './app.js';
import { origin } from './auth.js';

/** The plan the plan tests start from: "Monthly mentoring", $180 a month for two 60-minute sessions. */
const monthlyPlan = { name: 'Monthly mentoring', priceCents: 18000, sessionCount: 2, durationMinutes: 60, chatPromise: 'Replies within 2 working days' };

/**
 * Offers `monthlyPlan` with `changes` (any field of POST /api/me/plans: name, priceCents, sessionCount, trialDays,
 * open …) as the expert signed in with `cookie`, and returns the new plan's id. Fails the test unless the offer is
 * created (201).
 */
export async function offerPlan(ctx: TestContext, cookie: string, changes: object = {}): Promise<string> {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/me/plans',
    headers: { origin, 'content-type': 'application/json', cookie },
    payload: { ...monthlyPlan, ...changes },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as string;
}
