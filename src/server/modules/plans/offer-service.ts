/**
 * An expert's monthly plans (docs/product.md "Plans and packages"): the expert lists, adds and changes their own in
 * the profile editor (at most three: the database's one plan per slot 1..3); a published profile shows the open ones.
 * A change applies to new subscribers only: a subscription keeps the terms it was taken under. Money integer cents.
 */
import { and, asc, count, eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import { planLimits, planMessages as m } from '../../../shared/plans.js';
import { totalCents } from '../../../shared/pricing.js';
import type { planInput, PlanView } from '../../../shared/schemas/plans.js';
import { expertMessages } from '../../../shared/schemas/experts.js';
import { isUuid } from '../../../shared/ids.js';
import type { CurrentUser } from '../../auth/plugin.js';
import type { Db, Tx } from '../../db/client.js';
import { pgError } from '../../db/errors.js';
import { experts, plans, subscriptions } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { expertKey, sellerOf } from '../experts/service.js';

type PlanRow = typeof plans.$inferSelect;
type Expert = { hourlyRateCents: number | null; currency: string };

function viewOf(p: PlanRow, expert: Expert, subscribers: number): PlanView {
  return {
    id: p.id,
    expertId: p.expertId,
    name: p.name,
    priceCents: p.priceCents,
    sessionCount: p.sessionCount,
    durationMinutes: p.durationMinutes,
    chatPromise: p.chatPromise,
    currency: expert.currency,
    trialDays: p.trialDays,
    open: p.open,
    singleCents: expert.hourlyRateCents ? p.sessionCount * totalCents(expert.hourlyRateCents, p.durationMinutes) : 0,
    subscribers,
  };
}

/** How many live subscribers each plan of `planIds` has. */
async function subscriberCounts(db: Db | Tx, expertId: string): Promise<Map<string, number>> {
  const rows = await db
    .select({ planId: subscriptions.planId, n: count() })
    .from(subscriptions)
    .where(and(eq(subscriptions.expertId, expertId), isNull(subscriptions.endedAt)))
    .groupBy(subscriptions.planId);
  return new Map(rows.map((r) => [r.planId, r.n]));
}

/** The signed-in user's expert profile (id, rate, currency); 403 'Only experts can offer plans.' without one. */
export async function ownExpert(db: Db | Tx, user: CurrentUser) {
  const expert = await sellerOf(db, user.id);
  if (!expert) throw new AppError('FORBIDDEN', m.notExpert);
  return expert;
}

/** GET /api/me/plans: every plan of the signed-in expert, open or closed, by slot, with its live subscribers. 403 without an expert profile. */
export async function listOwnPlans(db: Db, user: CurrentUser): Promise<PlanView[]> {
  const expert = await ownExpert(db, user);
  const [rows, counts] = await Promise.all([
    db.select().from(plans).where(eq(plans.expertId, expert.id)).orderBy(asc(plans.slot)),
    subscriberCounts(db, expert.id),
  ]);
  return rows.map((p) => viewOf(p, expert, counts.get(p.id) ?? 0));
}

/**
 * GET /api/experts/{idOrSlug}/plans: the open plans of a published expert, cheapest first, each with the price of its
 * sessions booked one by one at the expert's current rate. 404 'Expert Not Found' for an unknown or unpublished expert.
 */
export async function listPublicPlans(db: Db, idOrSlug: string): Promise<PlanView[]> {
  const key = expertKey(idOrSlug);
  const rows = await db
    .select({ p: plans, rate: experts.hourlyRateCents, currency: experts.currency })
    .from(experts)
    .leftJoin(plans, and(eq(plans.expertId, experts.id), eq(plans.open, true)))
    .where(and(key.by === 'id' ? eq(experts.id, key.value) : eq(experts.slug, key.value), eq(experts.status, 'published')))
    .orderBy(asc(plans.priceCents), asc(plans.id));
  if (rows.length === 0) throw new AppError('NOT_FOUND', expertMessages.notFound);
  // Subscriber counts are the expert's business: the public list says 0.
  return rows.flatMap((r) => (r.p ? [viewOf(r.p, { hourlyRateCents: r.rate, currency: r.currency }, 0)] : []));
}

/**
 * POST /api/me/plans `planInput`: a new plan of the signed-in expert in the first free slot. 403 without an expert
 * profile; 409 'You can offer at most 3 plans.' (the slot's unique index decides between two at once).
 */
export async function createPlan(db: Db, user: CurrentUser, input: z.output<typeof planInput>): Promise<PlanView> {
  const expert = await ownExpert(db, user);
  const taken = new Set((await db.select({ slot: plans.slot }).from(plans).where(eq(plans.expertId, expert.id))).map((r) => r.slot));
  const slot = [1, 2, 3].slice(0, planLimits.plansPerExpert).find((s) => !taken.has(s));
  if (!slot) throw new AppError('CONFLICT', m.tooMany);
  try {
    const [row] = await db
      .insert(plans)
      .values({ ...input, expertId: expert.id, slot })
      .returning();
    return viewOf(row!, expert, 0);
  } catch (err) {
    if (pgError(err).constraint === 'plans_expert_slot_unique') throw new AppError('CONFLICT', m.tooMany);
    throw err;
  }
}

/**
 * PUT /api/me/plans/{id} `planInput`: changes one of the signed-in expert's plans (closing it to new subscribers with
 * `open: false`); subscribers so far keep their terms. 404 'This plan is not offered.' for another expert's or an unknown id.
 */
export async function updatePlan(db: Db, user: CurrentUser, id: string, input: z.output<typeof planInput>): Promise<PlanView> {
  const expert = await ownExpert(db, user);
  if (!isUuid(id)) throw new AppError('NOT_FOUND', m.notFound);
  const [row] = await db
    .update(plans)
    .set({ ...input, updatedAt: new Date() })
    .where(and(eq(plans.id, id), eq(plans.expertId, expert.id)))
    .returning();
  if (!row) throw new AppError('NOT_FOUND', m.notFound);
  return viewOf(row, expert, (await subscriberCounts(db, expert.id)).get(row.id) ?? 0);
}
