/**
 * Demo plans (docs/product.md "Plans and packages"): Sarah Chen offers a monthly plan with a 14-day free trial and
 * Marcus Johnson two plans, priced below the same sessions booked one by one, so their profiles show plans on a
 * fresh start. Nothing for an expert who is absent or already offers one.
 */
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.js';
import { experts, plans } from '../db/schema.js';

type DemoPlan = { name: string; sessionCount: number; durationMinutes: number; chatPromise: string; trialDays: number; discount: number };

const offers: Record<string, DemoPlan[]> = {
  'sarah-chen': [
    { name: 'Monthly mentoring', sessionCount: 2, durationMinutes: 60, chatPromise: 'Replies within 2 working days', trialDays: 14, discount: 0.85 },
  ],
  'marcus-johnson': [
    { name: 'Check-in', sessionCount: 1, durationMinutes: 30, chatPromise: 'Replies within 3 working days', trialDays: 0, discount: 0.9 },
    { name: 'Growth', sessionCount: 4, durationMinutes: 60, chatPromise: 'Replies within 1 working day', trialDays: 7, discount: 0.8 },
  ],
};

export async function seedPlans(db: Db | Tx): Promise<void> {
  for (const [slug, list] of Object.entries(offers)) {
    const [expert] = await db.select({ id: experts.id, rate: experts.hourlyRateCents }).from(experts).where(eq(experts.slug, slug));
    if (!expert?.rate) continue;
    if ((await db.select({ id: plans.id }).from(plans).where(eq(plans.expertId, expert.id)).limit(1)).length) continue;
    const rate = expert.rate;
    await db.insert(plans).values(
      list.map(({ discount, ...p }, i) => ({
        ...p,
        expertId: expert.id,
        slot: i + 1,
        // The same sessions one by one, less the discount, in whole dollars.
        priceCents: Math.round((((rate * p.durationMinutes) / 60) * p.sessionCount * discount) / 100) * 100,
      })),
    );
  }
}
