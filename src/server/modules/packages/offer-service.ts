/**
 * An expert's package offers (docs/product.md "Plans and packages"): the expert lists, adds and changes their own in
 * the profile editor; a published profile shows the open ones. A change applies to new buyers only: a purchase keeps
 * the terms it was bought under (package_purchases). Money integer cents.
 */
import { and, asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { packageMessages as m, packageSavingCents } from '../../../shared/packages.js';
import type { packageInput, PackageView } from '../../../shared/schemas/packages.js';
import type { CurrentUser } from '../../auth/plugin.js';
import type { Db } from '../../db/client.js';
import { isUuid } from '../../../shared/ids.js';
import { experts, packages } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { expertMessages } from '../../../shared/schemas/experts.js';
import { expertKey, sellerOf } from '../experts/service.js';

type OfferRow = typeof packages.$inferSelect;

function viewOf(p: OfferRow, expert: { hourlyRateCents: number | null; currency: string }): PackageView {
  return {
    id: p.id,
    expertId: p.expertId,
    sessionCount: p.sessionCount,
    durationMinutes: p.durationMinutes,
    priceCents: p.priceCents,
    currency: expert.currency,
    validityMonths: p.validityMonths,
    expiryRule: p.expiryRule,
    open: p.open,
    savingCents: expert.hourlyRateCents ? packageSavingCents(p, expert.hourlyRateCents) : 0,
  };
}

/** The signed-in user's expert profile (id, rate, currency); 403 'Only experts can offer packages.' without one. */
async function ownProfile(db: Db, user: CurrentUser) {
  const expert = await sellerOf(db, user.id);
  if (!expert) throw new AppError('FORBIDDEN', m.notExpert);
  return expert;
}

/** GET /api/me/packages: every offer of the signed-in expert, open or closed, oldest first. 403 without an expert profile. */
export async function listOwnPackages(db: Db, user: CurrentUser): Promise<PackageView[]> {
  const expert = await ownProfile(db, user);
  const rows = await db.select().from(packages).where(eq(packages.expertId, expert.id)).orderBy(asc(packages.createdAt), asc(packages.id));
  return rows.map((p) => viewOf(p, expert));
}

/**
 * GET /api/experts/{idOrSlug}/packages: the open offers of a published expert, cheapest first, each with its saving
 * against the expert's current rate. 404 'Expert Not Found' for an unknown or unpublished expert.
 */
export async function listPublicPackages(db: Db, idOrSlug: string): Promise<PackageView[]> {
  const key = expertKey(idOrSlug);
  const rows = await db
    .select({ p: packages, rate: experts.hourlyRateCents, currency: experts.currency })
    .from(experts)
    .leftJoin(packages, and(eq(packages.expertId, experts.id), eq(packages.open, true)))
    .where(and(key.by === 'id' ? eq(experts.id, key.value) : eq(experts.slug, key.value), eq(experts.status, 'published')))
    .orderBy(asc(packages.priceCents), asc(packages.id));
  if (rows.length === 0) throw new AppError('NOT_FOUND', expertMessages.notFound);
  return rows.flatMap((r) => (r.p ? [viewOf(r.p, { hourlyRateCents: r.rate, currency: r.currency })] : []));
}

/** POST /api/me/packages `packageInput`: a new offer of the signed-in expert. 403 without an expert profile. */
export async function createPackage(db: Db, user: CurrentUser, input: z.output<typeof packageInput>): Promise<PackageView> {
  const expert = await ownProfile(db, user);
  const [row] = await db
    .insert(packages)
    .values({ ...input, expertId: expert.id })
    .returning();
  return viewOf(row!, expert);
}

/**
 * PUT /api/me/packages/{id} `packageInput`: changes one of the signed-in expert's offers (closing it with
 * `open: false`); buyers so far keep their terms. 404 'This package is not offered.' for another expert's or an unknown id.
 */
export async function updatePackage(db: Db, user: CurrentUser, id: string, input: z.output<typeof packageInput>): Promise<PackageView> {
  const expert = await ownProfile(db, user);
  if (!isUuid(id)) throw new AppError('NOT_FOUND', m.notFound);
  const [row] = await db
    .update(packages)
    .set({ ...input, updatedAt: new Date() })
    .where(and(eq(packages.id, id), eq(packages.expertId, expert.id)))
    .returning();
  if (!row) throw new AppError('NOT_FOUND', m.notFound);
  return viewOf(row, expert);
}
