import { seriousViolations } from './axe';
import { expect, test } from './test';
import { format, parseISO } from 'date-fns';
import { dateInZone, shiftDate, weekdayOf } from '../../src/shared/slots';
import { signInAs } from './helpers';

/**
 * The expert's availability editor (/dashboard/expert/availability, PUT /api/me/availability): new Monday hours
 * and a day off survive a reload and change the slots clients are offered. The journey's own expert (America/Vancouver)
 * works weekdays 8:00 AM–12:00 PM before the change.
 */
const zone = 'America/Vancouver';
test.use({ expertOptions: { timezone: zone, rules: [1, 2, 3, 4, 5].map((weekday) => ({ weekday, startMinute: 8 * 60, endMinute: 12 * 60 })) } });

/** Local wall-clock time ('10:00') of a UTC instant in Vancouver. */
const localTime = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', { timeZone: zone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(iso));

test('an expert changes Monday hours and adds a day off; both persist and change the offered slots', async ({ page, expert }) => {
  await signInAs(page, expert);
  await page.goto('/dashboard/expert');
  expect((await (await page.request.get('/api/me/availability')).json()).timezone).toBe(zone);

  // Two Mondays at least two days ahead in the expert's zone: the first gets the new hours, the next is a day off.
  let monday = shiftDate(dateInZone(new Date(), zone), 2);
  while (weekdayOf(monday) !== 1) monday = shiftDate(monday, 1);
  const dayOff = shiftDate(monday, 7);
  const dayOffLabel = format(parseISO(dayOff), 'EEE, MMM d, yyyy');

  await page.getByRole('link', { name: 'Manage availability' }).click();
  await expect(page).toHaveURL(/\/dashboard\/expert\/availability$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Availability' })).toBeVisible();
  await expect(page.getByLabel('Time zone')).toHaveValue(zone);
  await expect(page.getByRole('switch', { name: 'Available on Monday' })).toBeChecked();
  await expect(page.getByRole('switch', { name: 'Available on Sunday' })).not.toBeChecked();

  // An overlapping second range is refused with the API's words, and nothing is saved.
  await page.getByRole('button', { name: 'Add Monday time range' }).click();
  await page.getByLabel('Monday start time 2').selectOption({ label: '11:00 AM' });
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByRole('alert')).toHaveText('Time ranges on Monday must not overlap');
  await page.getByRole('button', { name: 'Remove Monday time range 2' }).click();
  await expect(page.getByRole('alert')).toHaveCount(0);

  // Monday becomes 10:00 AM–2:00 PM; the Monday after is a day off.
  await page.getByLabel('Monday start time').selectOption({ label: '10:00 AM' });
  await page.getByLabel('Monday end time').selectOption({ label: '2:00 PM' });
  await page.getByLabel('Date', { exact: true }).fill(dayOff);
  await page.getByRole('radio', { name: 'Day off' }).check();
  await page.getByRole('button', { name: 'Add date' }).click();
  await expect(page.getByRole('listitem').filter({ hasText: dayOffLabel })).toContainText('Day off');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Availability saved')).toBeVisible();

  await page.reload();
  await expect(page.getByLabel('Monday start time')).toHaveValue(String(10 * 60));
  await expect(page.getByLabel('Monday end time')).toHaveValue(String(14 * 60));
  await expect(page.getByRole('listitem').filter({ hasText: dayOffLabel })).toContainText('Day off');
  expect(await seriousViolations(page)).toEqual([]);

  // Clients are offered the new Monday hours (60-minute slots from 10:00 to 13:00) and nothing on the day off.
  const slots = async (date: string) =>
    ((await (await page.request.get(`/api/experts/${expert.slug}/slots?date=${date}&duration=60&tz=${zone}`)).json()) as { slots: string[] }).slots;
  const mondaySlots = (await slots(monday)).map(localTime);
  expect(mondaySlots[0]).toBe('10:00');
  expect(mondaySlots.at(-1)).toBe('13:00');
  expect(mondaySlots).not.toContain('08:00');
  expect(await slots(dayOff)).toEqual([]);
});

test('an expert sets buffers and a daily maximum; a maximum that is not a number is refused; both persist', async ({ page, expert }) => {
  await signInAs(page, expert);
  await page.goto('/dashboard/expert/availability');
  await expect(page.locator('html[data-app-ready]')).toHaveCount(1);
  await expect(page.getByRole('heading', { name: 'Scheduling limits' })).toBeVisible();
  await expect(page.getByLabel('Buffer before sessions')).toHaveValue('0');
  await expect(page.getByLabel('Maximum sessions per day')).toHaveValue('');

  await page.getByLabel('Buffer before sessions').selectOption({ label: '15 minutes' });
  await page.getByLabel('Buffer after sessions').selectOption({ label: '30 minutes' });
  await page.getByLabel('Maximum sessions per day').fill('three');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByRole('alert')).toHaveText('The maximum sessions per day must be a whole number from 1 to 96, or empty for no limit');
  expect((await (await page.request.get('/api/me/availability')).json()).maxSessionsPerDay).toBeNull();

  await page.getByLabel('Maximum sessions per day').fill('3');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Availability saved')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Buffer before sessions')).toHaveValue('15');
  await expect(page.getByLabel('Buffer after sessions')).toHaveValue('30');
  await expect(page.getByLabel('Maximum sessions per day')).toHaveValue('3');
  expect(await (await page.request.get('/api/me/availability')).json()).toMatchObject({
    bufferBeforeMinutes: 15,
    bufferAfterMinutes: 30,
    maxSessionsPerDay: 3,
  });
  expect(await seriousViolations(page)).toEqual([]);
});

test('clients and visitors cannot open the availability editor', async ({ page, client }) => {
  await page.goto('/dashboard/expert/availability');
  await expect(page).toHaveURL(/\/signup\?next=%2Fdashboard%2Fexpert%2Favailability$/);
  await signInAs(page, client);
  await page.goto('/dashboard/expert/availability');
  await expect(page).toHaveURL(/\/dashboard\/client$/);
});
