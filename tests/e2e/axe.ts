import axe, { type AxeResults, type RunOptions } from 'axe-core';
import type { Frame, Page } from '@playwright/test';

/**
 * axe-core in the page, put in each frame of a document once: `window.axe` stays there until the frame navigates.
 * Only same-origin frames answer the top frame's axe (the app has no other frames of its own; the cross-origin ones
 * are third parties', as in @axe-core/playwright's legacy mode).
 */
const axeInFrame = `${axe.source}\n;axe.configure({ allowedOrigins: ['<same_origin>'] });`;

/** Puts axe-core in `frame` unless it is there already; a frame that went away meanwhile is left out. */
async function withAxe(frame: Frame, isMain: boolean): Promise<void> {
  try {
    if (!(await frame.evaluate(() => 'axe' in window))) await frame.evaluate(axeInFrame);
  } catch (error) {
    if (isMain) throw error;
  }
}

/**
 * axe-core's violations on `page` as it is now, as readable strings (`rule (impact): elements`): every rule axe runs by
 * default, best practices included, or with `serious` only those of serious and critical impact; `include`, a
 * selector, limits the check to part of the page.
 *
 * axe is put in each frame once and run in the top frame, which merges its same-origin frames' results; only
 * violations come back from the page (docs/decisions/041-axe-put-in-a-page-once.md).
 */
export async function axeViolations(page: Page, { serious = false, include }: { serious?: boolean; include?: string } = {}): Promise<string[]> {
  await Promise.all(page.frames().map((frame) => withAxe(frame, frame === page.mainFrame())));
  const options: RunOptions = { resultTypes: ['violations'] };
  const violations = await page.evaluate(
    ({ include, options }) =>
      (window as unknown as { axe: typeof axe }).axe
        .run(include ? { include: [include] } : document, options)
        .then((results: AxeResults) => results.violations),
    { include, options },
  );
  return violations
    .filter((v) => !serious || v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** The serious and critical axe violations on `page` as it is now (`axeViolations`). */
export const seriousViolations = (page: Page) => axeViolations(page, { serious: true });
