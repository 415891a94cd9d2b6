import { expect, test } from './test';
import { pdfBomb } from '../helpers/hostile-pdf';
import { shot, signUpAsExpert } from './helpers';

test('a CV too large to analyse gets the analysis-failure message and the applicant picks areas by hand', async ({ page }) => {
  await signUpAsExpert(page, { email: `bomb-${Date.now()}@example.com`, firstName: 'Bo', lastName: 'Mb' });
  await page.goto('/expert/application');
  const next = page.getByRole('button', { name: 'Next' });
  await page.getByLabel(/Professional title/).fill('Software Engineer');
  await page.getByLabel(/Years of experience/).selectOption('6-10');
  await next.click();

  // About 1 MB whose content stream inflates to 1 GiB: the reader is stopped at its memory limit.
  await page.locator('#cv-file').setInputFiles({ name: 'cv.pdf', mimeType: 'application/pdf', buffer: pdfBomb(1024) });
  await expect(page.getByText('CV uploaded successfully!')).toBeVisible();
  await expect(page.getByText('CV analysis failed: This document is too large to analyze. Please select expertise manually.')).toBeVisible({ timeout: 15_000 });
  await shot(page, 'wizard-step2-analysis-failed');
  await next.click();

  await expect(page.getByText('0 of 3 selected')).toBeVisible();
  await page.getByRole('button', { name: /^Programming & Tech/ }).click();
  await expect(page.getByText('1 of 3 selected')).toBeVisible();
  await next.click();
  await expect(page.getByLabel(/Why do you want to become an expert/)).toBeVisible();
});
