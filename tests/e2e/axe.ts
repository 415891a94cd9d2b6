import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * axe-core's violations on `page` as it is now, as readable strings (`rule (impact): elements`): every rule axe runs by
 * default, best practices included, or with `serious` only those of serious and critical impact; `include`, a
 * selector, limits the check to part of the page.
 *
 * Legacy mode runs axe once in each of the page's frames and merges their results in the page. The default mode
 * opens a blank page of its own to merge frame results, so that cross-origin frames can be checked; the app has none,
 * and that page tripled the time of every check (the journeys make about a hundred). Only violations are gathered:
 * the passes, incomplete and inapplicable results that axe also collects by default are never read here, and
 * gathering them took a third of each check's CPU (docs/performance.md "What a page load costs").
 */
export async function axeViolations(page: Page, { serious = false, include }: { serious?: boolean; include?: string } = {}): Promise<string[]> {
  const builder = new AxeBuilder({ page }).setLegacyMode(true).options({ resultTypes: ['violations'] });
  if (include) builder.include(include);
  const { violations } = await builder.analyze();
  return violations
    .filter((v) => !serious || v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** The serious and critical axe violations on `page` as it is now (`axeViolations`). */
export const seriousViolations = (page: Page) => axeViolations(page, { serious: true });
