/**
 * Demo package (docs/product.md "Plans and packages"): Sarah Chen (expert@example.com) offers four 60-minute sessions
 * for less than four single sessions, valid three months, unused sessions refunded, so her profile shows a package
 * on a fresh start. Nothing when she is absent or already offers one.
 */
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.js';
import { experts, packages } from '../db/schema.js';

export async function seedPackages(db: Db | Tx): Promise<void> {
  const [sarah] = await db.select({ id: experts.id, rate: experts.hourlyRateCents }).from(experts).where(eq(experts.slug, 'sarah-chen'));
  if (!sarah?.rate) return;
  if ((await db.select({ id: packages.id }).from(packages).where(eq(packages.expertId, sarah.id)).limit(1)).length) return;
  // About 10 % less than four single sessions, in whole dollars.
  const priceCents = Math.round((sarah.rate * 4 * 0.9) / 100) * 100;
  await db.insert(packages).values({ expertId: sarah.id, sessionCount: 4, durationMinutes: 60, priceCents, validityMonths: 3, expiryRule: 'refund' });
}
