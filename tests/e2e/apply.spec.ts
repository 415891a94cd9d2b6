import { seriousViolations } from './axe';
import { expect, test, type Page } from './test';
import path from 'node:path';
import { shot, signInAs, signInUi, signUpAsExpert } from './helpers';

const cv = path.resolve('tests/fixtures/cvs/elena-varga-marketing-director.pdf');

/** No serious or critical axe violations on the page as it is now. */
async function expectAccessible(page: Page) {
  expect(await seriousViolations(page)).toEqual([]);
}

test('a new expert applies with a PDF CV, gets suggestions, submits and sees the pending state', async ({ page }) => {
  const email = `elena-${Date.now()}@example.com`;
  await signUpAsExpert(page, { email, firstName: 'Elena', lastName: 'Varga' });
  await expect(page.getByRole('link', { name: 'Apply to become an expert' })).toBeVisible();

  await page.getByRole('banner').getByRole('link', { name: 'Become an Expert' }).first().click();
  await expect(page).toHaveURL(/\/expert\/application-landing$/);
  await page.getByRole('button', { name: 'Play the introduction video' }).click();
  await expect(page.getByText('Our expert introduction video is coming soon')).toBeVisible();
  await shot(page, 'landing-marketing');
  await expectAccessible(page);
  await page.getByRole('link', { name: 'Apply Now' }).click();

  // Step 1: title and years required; LinkedIn must be a URL.
  await expect(page.getByText('Step 1 of 5')).toBeVisible();
  await expect(page.getByText('0% complete')).toBeVisible();
  await expect(page.getByText('About 2 minutes remaining')).toBeVisible();
  const next = page.getByRole('button', { name: 'Next' });
  await expect(next).toBeDisabled();
  await page.getByLabel(/Professional title/).fill('Marketing Director');
  await page.getByLabel(/Years of experience/).selectOption('11-15');
  await page.getByLabel(/LinkedIn profile/).fill('my linkedin');
  await page.getByLabel(/LinkedIn profile/).blur();
  await expect(page.getByText('Please enter a valid URL for your LinkedIn profile', { exact: false }).first()).toBeVisible();
  await expect(next).toBeDisabled();
  await page.getByLabel(/LinkedIn profile/).fill('https://www.linkedin.com/in/elena-varga');
  await shot(page, 'wizard-step1');
  await next.click();

  // Step 2: a PDF CV, uploaded with progress, then analysed.
  await expect(page.getByRole('heading', { name: 'Upload your CV' })).toBeVisible();
  await expect(page.getByText('Please upload your CV to continue')).toBeVisible();
  await page.locator('#cv-file').setInputFiles({
    name: 'cv.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64'),
  });
  await expect(page.getByRole('alert').filter({ hasText: 'Please upload a PDF or Word document' })).toBeVisible();
  await expect(next).toBeDisabled();
  await page.locator('#cv-file').setInputFiles(cv);
  await expect(page.getByText('CV uploaded successfully!')).toBeVisible();
  await expect(page.getByText('AI suggested 3 expertise area(s) based on your CV!')).toBeVisible();
  await shot(page, 'wizard-step2');
  await next.click();

  // Step 3: the suggestions are chosen; no fourth area.
  await expect(page.getByText('3 of 3 selected')).toBeVisible();
  for (const area of ['Marketing', 'Public Speaking', 'Personal Branding'])
    await expect(page.getByRole('button', { name: new RegExp(`^${area}`) })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('button', { name: /^Hospitality/ })).toBeDisabled();
  await page.getByRole('button', { name: 'Remove Public Speaking' }).click();
  await page.getByLabel('Add your own area').fill('  personal branding ');
  await page.getByLabel('Add your own area').press('Enter');
  await expect(page.getByText('You have already added this area')).toBeVisible();
  await page.getByLabel('Add your own area').fill('  Brand storytelling ');
  await page.getByRole('button', { name: 'Add area' }).click();
  await expect(page.getByText('3 of 3 selected')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Remove Brand storytelling' })).toBeVisible();
  await shot(page, 'wizard-step3');
  await expectAccessible(page);
  await next.click();

  // Step 4: motivation required.
  await expect(next).toBeDisabled();
  await page.getByLabel(/Why do you want to become an expert/).fill('I want to help early-career marketers find their voice and build brands that last.');
  await next.click();

  // Step 5: optional reference, e-mail checked; Previous keeps what was typed.
  await page.getByLabel(/Reference email/).fill('not-an-email');
  await page.getByLabel(/Reference email/).blur();
  const submit = page.getByRole('button', { name: 'Submit Application' });
  await expect(submit).toBeDisabled();
  await page.getByLabel(/Reference name/).fill('Anna Kovacs');
  await page.getByLabel(/Reference email/).fill('anna.kovacs@example.com');
  await page.getByRole('button', { name: 'Previous' }).click();
  await expect(page.getByLabel(/Why do you want to become an expert/)).toHaveValue(/early-career marketers/);
  await next.click();
  await expect(page.getByText('80% complete')).toBeVisible();
  await shot(page, 'wizard-step5');
  await submit.click();

  await expect(page.getByText('Application submitted successfully! Check your email for confirmation.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Application Submitted!' })).toBeVisible();
  await expect(page.getByText(/within 72 hours/)).toBeVisible();
  await shot(page, 'submitted');
  await expect
    .poll(
      async () =>
        (await (await page.request.get(`/dev/mailbox?to=${encodeURIComponent(email)}`)).text())
          .split('<article>')
          .some((a) => a.includes(email) && a.includes('We received your Mentora expert application')),
      { timeout: 15_000 },
    )
    .toBe(true);

  await page.getByRole('link', { name: 'Go to Expert Dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard\/expert$/);
  const card = page.getByRole('heading', { name: 'Application status' }).locator('xpath=ancestor::div[contains(@class,"rounded-2xl")][1]');
  await expect(card.getByText('Submitted', { exact: true }).first()).toBeVisible();
  await expect(card.getByText('Brand storytelling', { exact: false })).toBeVisible();
  await shot(page, 'dashboard-card');

  await page.goto('/expert/application-landing');
  await expect(page.getByRole('heading', { name: 'Expert Application Pending' })).toBeVisible();
  const today = new Date().toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric' });
  await expect(page.getByText(today)).toBeVisible();
  await shot(page, 'landing-pending');
  await page.goto('/expert/application');
  await expect(page.getByRole('heading', { name: 'Expert Application Pending' })).toBeVisible();
});

test('visitors are sent to sign in and client accounts are told they need an expert account', async ({ page, client }) => {
  await page.goto('/expert/application');
  await expect(page.getByText('Please sign in to submit an expert application')).toBeVisible();
  await expect(page).toHaveURL(/\/signup\?next=%2Fexpert%2Fapplication$/);

  await signInAs(page, client);
  await page.goto('/expert/application-landing');
  await expect(page.getByRole('heading', { name: 'Expert Account Required' })).toBeVisible();
  await shot(page, 'landing-client');
  await page.goto('/expert/application');
  await expect(page.getByRole('heading', { name: 'Expert Account Required' })).toBeVisible();
  await expect(page.getByText('Please create a new expert account or contact support', { exact: false })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Contact support' })).toBeVisible();
});

test('an expert listed before applications existed sees the live profile on the status card', async ({ page }) => {
  // Only the seed makes such an expert (every expert made through the product applies first): the demo expert
  // account, read and never changed here.
  await signInUi(page, { email: 'expert@example.com', password: 'mentora-demo' });
  await expect(page).toHaveURL(/\/dashboard\/expert$/);
  await expect(page.getByText('Your expert profile is live: clients can find you and book sessions.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'View your public profile' })).toHaveAttribute('href', /^\/expert\/[a-z0-9-]+$/);
});
