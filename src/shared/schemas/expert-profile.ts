/**
 * The signed-in expert's own profile: GET and PUT /api/me/expert-profile
 * (docs/product.md "Expert profiles"). Rates travel in dollars (10 to 1000, at most
 * 2 decimals) and are stored as integer cents. Photo and intro video are referenced by the id of a file the
 * expert uploaded (POST /api/files); rating and review count are read-only (computed from feedback).
 */
import { z } from 'zod';
import { expertiseAreas } from '../expertise.js';
import { messages } from '../messages.js';
import { singleLine } from '../single-line.js';
import { cancellationPolicies } from './experts.js';

const m = messages.profile;

/** Limits of the editable fields (characters, items); expertise areas follow src/shared/expertise.ts. */
export const profileLimits = {
  headline: 120,
  about: 5000,
  experience: 5000,
  courses: { items: 20, length: 200 },
  languages: { items: 20, length: 50 },
  hobbies: { items: 20, length: 60 },
  minRate: 10,
  maxRate: 1000,
} as const;

/** True when `list` has no two entries equal ignoring case. */
export function isUniqueIgnoringCase(list: readonly string[]): boolean {
  return new Set(list.map((s) => s.toLocaleLowerCase('en-US'))).size === list.length;
}

/** A list of trimmed, non-blank, distinct (ignoring case) short texts; `item` names one in messages. */
const tagList = (item: string, limit: { items: number; length: number }, tooMany: string) =>
  z
    .array(
      singleLine(
        z
          .string({ error: m.itemBlank(item) })
          .trim()
          .min(1, m.itemBlank(item))
          .max(limit.length, m.itemTooLong(item, limit.length)),
        messages.common.singleLine(`Each ${item}`),
      ),
      { error: messages.common.invalidRequest },
    )
    .max(limit.items, tooMany)
    .refine(isUniqueIgnoringCase, m.duplicate(item));

/** Dollars with at most 2 decimals (checked on cents, so 19.99 passes despite binary rounding). */
const hasAtMostCents = (dollars: number) => Math.abs(dollars * 100 - Math.round(dollars * 100)) < 1e-6;

/**
 * Body of PUT /api/me/expert-profile. Every field is required except the files: `photoFileId` /
 * `videoFileId` absent = unchanged, null = removed, an id = that uploaded file (photo or video purpose,
 * the expert's own). Unknown keys (e.g. ratingAvg, reviewCount) are refused with `messages.profile.readOnly`.
 */
export const expertProfileInput = z.strictObject(
  {
    headline: singleLine(
      z.string({ error: m.headlineRequired }).trim().min(1, m.headlineRequired).max(profileLimits.headline, m.itemTooLong('headline', profileLimits.headline)),
      messages.common.singleLine('A headline'),
    ),
    about: z
      .string({ error: m.aboutRequired })
      .trim()
      .min(1, m.aboutRequired)
      .max(profileLimits.about, `About must be ${profileLimits.about} characters or fewer`),
    experience: z
      .string({ error: messages.common.invalidRequest })
      .trim()
      .max(profileLimits.experience, `Experience must be ${profileLimits.experience} characters or fewer`),
    courses: tagList('course', profileLimits.courses, m.tooMany('courses', profileLimits.courses.items)),
    languages: tagList('language', profileLimits.languages, m.tooMany('languages', profileLimits.languages.items)),
    hobbies: tagList('hobby', profileLimits.hobbies, m.tooMany('hobbies', profileLimits.hobbies.items)),
    expertise: expertiseAreas,
    hourlyRate: z
      .number({ error: m.rateRange })
      .min(profileLimits.minRate, m.rateRange)
      .max(profileLimits.maxRate, m.rateRange)
      .refine(hasAtMostCents, m.rateCents),
    cancellationPolicy: z.enum(cancellationPolicies, { error: m.policyRequired }),
    photoFileId: z.uuid({ error: m.photoNotFound }).nullable().optional(),
    videoFileId: z.uuid({ error: m.videoNotFound }).nullable().optional(),
  },
  { error: (issue) => (issue.code === 'unrecognized_keys' ? m.readOnly : messages.common.invalidRequest) },
);
export type ExpertProfileInput = z.input<typeof expertProfileInput>;
export type ExpertProfileUpdate = z.output<typeof expertProfileInput>;

/**
 * GET/PUT /api/me/expert-profile answer: the editable fields as stored (`hourlyRateCents` in cents), the
 * current photo and video URLs (null when none), and the read-only slug, name, status (draft | published |
 * suspended), rating and count.
 */
export const myExpertProfile = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  status: z.string(),
  headline: z.string(),
  about: z.string(),
  experience: z.string(),
  courses: z.array(z.string()),
  languages: z.array(z.string()),
  hobbies: z.array(z.string()),
  expertise: z.array(z.string()),
  /** Null on a draft until the expert sets a rate (docs/product.md "Expert onboarding and publishing"). */
  hourlyRateCents: z.number().int().nullable(),
  cancellationPolicy: z.enum(cancellationPolicies),
  imageUrl: z.string().nullable(),
  introVideoUrl: z.string().nullable(),
  ratingAvg: z.number().nullable(),
  reviewCount: z.number().int(),
});
export type MyExpertProfile = z.infer<typeof myExpertProfile>;
