/**
 * Expert catalogue and availability contracts (docs/product.md "Search and catalogue",
 * "Expert profiles", "Availability"). Used by the server for validation and OpenAPI and by the web app's typed client.
 * Money is integer cents; instants are UTC ISO-8601; dates are YYYY-MM-DD; minutes count from local midnight.
 */
import { z } from 'zod';
import { expertSorts, searchTextMax } from '../constants.js';
import { durations, isDuration } from '../pricing.js';
import { isIsoDate, isValidTimeZone, maxBufferMinutes, maxSessionsPerDayCap, minutesPerDay, weekdayNames } from '../slots.js';

/** Messages of these endpoints (docs/product.md "Expert profiles"). */
export const expertMessages = {
  notFound: 'Expert Not Found',
  notAnExpert: 'Only experts with a profile can manage availability',
  invalidBuffer: 'Buffers must be whole minutes from 0 to 60',
  invalidMaxPerDay: 'The maximum sessions per day must be a whole number from 1 to 96, or empty for no limit',
  queryTooLong: `Search text must be ${searchTextMax} characters or fewer`,
  invalidRate: 'Rates must be amounts in dollars between 0 and 1000',
  rateOrder: 'The minimum rate must not be more than the maximum rate',
  invalidSort: 'Sort must be one of relevance, rating, price_asc, price_desc',
  invalidPage: 'Page must be a whole number from 1',
  invalidPageSize: 'Page size must be a whole number from 1 to 50',
  invalidDate: 'Please choose a valid date (YYYY-MM-DD)',
  invalidTimeZone: 'Please choose a valid time zone (for example Europe/London)',
  invalidDuration: `Duration must be one of ${durations.join(', ')} minutes`,
  rangeOrder: 'The end date must not be before the start date',
  rangeTooLong: 'Please ask for at most 62 days at a time',
  invalidWeekday: 'Weekday must be a whole number from 0 (Sunday) to 6 (Saturday)',
  invalidMinute: 'Times must be whole minutes from 0 to 1440',
  startBeforeEnd: (day: string) => `${day}: the start time must be before the end time`,
  rulesOverlap: (day: string) => `Time ranges on ${day} must not overlap`,
  exceptionsOverlap: (day: string) => `${day} can have one day off or non-overlapping custom hours, not both`,
  exceptionInPast: (day: string) => `${day} is in the past: date exceptions can be for today or later`,
  tooManyRules: 'At most 50 weekly time ranges',
  tooManyExceptions: 'At most 400 date exceptions',
} as const;

/** Maximum span of GET /api/experts/{id}/availability-days, in days. */
export const maxAvailabilityDays = 62;

export const cancellationPolicies = ['flexible', 'moderate', 'strict'] as const;
// The sort orders live in constants (no zod) so the results page does not load zod for them; re-exported here.
export { expertSorts, type ExpertSort } from '../constants.js';

/** Query-string value: blank means absent. */
const blankAsUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const optionalParam = (max: number, message: string) => z.preprocess(blankAsUndefined, z.string().trim().max(max, message).optional());
const dollars = z.preprocess(
  blankAsUndefined,
  z.coerce.number({ error: expertMessages.invalidRate }).min(0, expertMessages.invalidRate).max(1000, expertMessages.invalidRate).optional(),
);

export const isoDate = z.string({ error: expertMessages.invalidDate }).refine(isIsoDate, expertMessages.invalidDate);
export const timeZone = z.string({ error: expertMessages.invalidTimeZone }).refine(isValidTimeZone, expertMessages.invalidTimeZone);
const durationParam = z.coerce.number({ error: expertMessages.invalidDuration }).refine(isDuration, expertMessages.invalidDuration);

/** GET /api/experts query. Rates are dollars; `sort` defaults to relevance; pageSize ≤ 50 (default 12). */
export const expertListQuery = z
  .object({
    query: z.preprocess(
      (v) => (typeof v === 'string' ? v.replace(/[\s\u0000-\u001f\u007f]+/g, ' ').trim() : v),
      z.string().max(searchTextMax, expertMessages.queryTooLong).default(''),
    ),
    expertise: optionalParam(100, 'Expertise area must be 100 characters or fewer'),
    language: optionalParam(50, 'Language must be 50 characters or fewer'),
    minRate: dollars,
    maxRate: dollars,
    sort: z.preprocess(blankAsUndefined, z.enum(expertSorts, { error: expertMessages.invalidSort }).default('relevance')),
    page: z.preprocess(
      blankAsUndefined,
      z.coerce
        .number({ error: expertMessages.invalidPage })
        .int(expertMessages.invalidPage)
        .min(1, expertMessages.invalidPage)
        .max(100_000, expertMessages.invalidPage)
        .default(1),
    ),
    pageSize: z.preprocess(
      blankAsUndefined,
      z.coerce
        .number({ error: expertMessages.invalidPageSize })
        .int(expertMessages.invalidPageSize)
        .min(1, expertMessages.invalidPageSize)
        .max(50, expertMessages.invalidPageSize)
        .default(12),
    ),
  })
  .refine((q) => q.minRate === undefined || q.maxRate === undefined || q.minRate <= q.maxRate, { message: expertMessages.rateOrder, path: ['minRate'] });
export type ExpertListQuery = z.output<typeof expertListQuery>;

/** One result card (the UI shows 3 expertise tags and 2 languages; docs/product.md "Search and catalogue"). */
export const expertCard = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  role: z.string(),
  imageUrl: z.string().nullable(),
  hourlyRateCents: z.number().int(),
  currency: z.string(),
  /** Average of stored feedback, 1–5 with 2 decimals; null without reviews. */
  ratingAvg: z.number().nullable(),
  reviewCount: z.number().int(),
  expertise: z.array(z.string()),
  languages: z.array(z.string()),
  isAvailable: z.boolean(),
});
export type ExpertCard = z.infer<typeof expertCard>;

/**
 * GET /api/experts answer. `matched` is false when the query was empty or matched nobody: all experts are listed.
 * `total` is exact up to 1 000; when more experts match, `total` is 1 000 and `totalIsLowerBound` true ("1,000+").
 */
export const expertList = z.object({
  experts: z.array(expertCard),
  total: z.number().int(),
  totalIsLowerBound: z.boolean(),
  page: z.number().int(),
  pageSize: z.number().int(),
  matched: z.boolean(),
  /**
   * The spoken language the query names ("speaks German", "in Spanish", "Japanese-speaking"): its speakers are
   * listed first. `queryWithout` is the query without the words naming it (the search without the preference).
   */
  languagePreference: z.object({ language: z.string(), queryWithout: z.string() }).nullable(),
});
export type ExpertList = z.infer<typeof expertList>;

/** GET /api/experts/{idOrSlug} answer (docs/product.md "Expert profiles"). */
export const expertProfile = expertCard.extend({
  about: z.string(),
  experience: z.string(),
  courses: z.array(z.string()),
  hobbies: z.array(z.string()),
  /** IANA zone of the expert's availability. */
  timezone: z.string(),
  cancellationPolicy: z.enum(cancellationPolicies),
  introVideoUrl: z.string().nullable(),
});
export type ExpertProfile = z.infer<typeof expertProfile>;

/** Path parameter: the expert's uuid or slug. */
export const expertParams = z.object({ idOrSlug: z.string().min(1).max(200) });

/** GET /api/experts/{idOrSlug}/slots query: the client's date and zone, duration in minutes. */
export const slotsQuery = z.object({ date: isoDate, duration: durationParam, tz: timeZone });
export const slotsResponse = z.object({ slots: z.array(z.string()) });

/** GET /api/experts/{idOrSlug}/availability-days query: client dates from..to inclusive, at most 62 days. */
export const availabilityDaysQuery = z.object({ from: isoDate, to: isoDate, duration: durationParam, tz: timeZone });
export const availabilityDaysResponse = z.object({ days: z.array(z.string()) });

const minute = z
  .number({ error: expertMessages.invalidMinute })
  .int(expertMessages.invalidMinute)
  .min(0, expertMessages.invalidMinute)
  .max(minutesPerDay, expertMessages.invalidMinute);

export const weeklyRule = z
  .object({
    weekday: z
      .number({ error: expertMessages.invalidWeekday })
      .int(expertMessages.invalidWeekday)
      .min(0, expertMessages.invalidWeekday)
      .max(6, expertMessages.invalidWeekday),
    startMinute: minute,
    endMinute: minute,
  })
  .superRefine((r, ctx) => {
    if (r.startMinute >= r.endMinute) ctx.addIssue({ code: 'custom', message: expertMessages.startBeforeEnd(weekdayNames[r.weekday]!), path: ['endMinute'] });
  });

export const dateException = z.discriminatedUnion('kind', [
  z.object({ date: isoDate, kind: z.literal('blocked') }),
  z.object({ date: isoDate, kind: z.literal('custom'), startMinute: minute, endMinute: minute }).superRefine((r, ctx) => {
    if (r.startMinute >= r.endMinute) ctx.addIssue({ code: 'custom', message: expertMessages.startBeforeEnd(dayLabel(r.date)), path: ['endMinute'] });
  }),
]);
export type DateExceptionInput = z.infer<typeof dateException>;

type Span<K> = { key: K; start: number; end: number };
/** The key (weekday or date) of the first two spans that overlap, or undefined. */
const overlapKey = <K>(spans: Span<K>[]): K | undefined =>
  spans.find((a, i) => spans.some((b, j) => i < j && a.key === b.key && a.start < b.end && b.start < a.end))?.key;

/** A date as the availability page shows it, 'Mon, Jun 17, 2030' (the date itself, no zone involved). */
export function dayLabel(date: string): string {
  return new Date(`${date}T12:00:00Z`).toLocaleDateString('en-US', { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
}

const bufferMinutes = z
  .number({ error: expertMessages.invalidBuffer })
  .int(expertMessages.invalidBuffer)
  .min(0, expertMessages.invalidBuffer)
  .max(maxBufferMinutes, expertMessages.invalidBuffer);

/**
 * PUT /api/me/availability body and GET answer: the expert's zone, weekly ranges (none = the default
 * Monday–Friday 09:00–17:00), date exceptions (a day off, or custom hours replacing that day's ranges) and
 * scheduling limits (docs/product.md "Availability"): buffers before and after sessions in minutes (0–60; absent
 * = 0) and the most sessions per date in the expert's zone (1–96; null or absent = no limit).
 */
export const availabilityInput = z
  .object({
    timezone: timeZone,
    rules: z.array(weeklyRule).max(50, expertMessages.tooManyRules),
    exceptions: z.array(dateException).max(400, expertMessages.tooManyExceptions),
    bufferBeforeMinutes: bufferMinutes.default(0),
    bufferAfterMinutes: bufferMinutes.default(0),
    maxSessionsPerDay: z
      .number({ error: expertMessages.invalidMaxPerDay })
      .int(expertMessages.invalidMaxPerDay)
      .min(1, expertMessages.invalidMaxPerDay)
      .max(maxSessionsPerDayCap, expertMessages.invalidMaxPerDay)
      .nullable()
      .default(null),
  })
  .superRefine((a, ctx) => {
    // A bad range names its day, so the expert finds it among seven weekdays and many dates.
    const weekday = overlapKey(a.rules.map((r) => ({ key: r.weekday, start: r.startMinute, end: r.endMinute })));
    if (weekday !== undefined) ctx.addIssue({ code: 'custom', message: expertMessages.rulesOverlap(weekdayNames[weekday]!), path: ['rules'] });
    const date = overlapKey(
      a.exceptions.map((e) => (e.kind === 'custom' ? { key: e.date, start: e.startMinute, end: e.endMinute } : { key: e.date, start: 0, end: minutesPerDay })),
    );
    if (date !== undefined) ctx.addIssue({ code: 'custom', message: expertMessages.exceptionsOverlap(dayLabel(date)), path: ['exceptions'] });
  });
export type AvailabilityInput = z.infer<typeof availabilityInput>;

/** GET/PUT /api/me/availability answer. `usesDefault` is true when no weekly ranges are stored (rules shows the default). */
export const availabilitySettings = z.object({
  timezone: z.string(),
  rules: z.array(z.object({ weekday: z.number().int(), startMinute: z.number().int(), endMinute: z.number().int() })),
  exceptions: z.array(dateException),
  usesDefault: z.boolean(),
  bufferBeforeMinutes: z.number().int(),
  bufferAfterMinutes: z.number().int(),
  maxSessionsPerDay: z.number().int().nullable(),
});
export type AvailabilitySettings = z.infer<typeof availabilitySettings>;

/** GET /api/expert-languages answer: every language spoken by a published expert, A–Z (for the filter). */
export const expertLanguages = z.object({ languages: z.array(z.string()) });
