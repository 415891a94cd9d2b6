/**
 * Expert application contracts (docs/product.md "Expert applications"): the body of
 * POST /api/applications, the application as the API shows it, and POST /api/expertise-suggestions.
 * The wizard checks each step with the same rules (src/shared/application-rules.ts).
 */
import { z } from 'zod';
import { applicationRuleMessages as r, completeUrl, isOptionalEmail, isOptionalUrl, yearsExperienceBands } from '../application-rules.js';
import { applicationStatuses } from '../application-status.js';
import { expertiseAreas, maxExpertiseAreaLength, maxExpertiseAreas } from '../expertise.js';
import { optionalText, requiredText } from './common.js';
import { messages } from '../messages.js';
import { personName } from '../person-name.js';
import { singleLine } from '../single-line.js';

/**
 * Body of POST /api/applications. Title and years band required; LinkedIn optional, an http(s) URL (completed with
 * https:// when typed without it);
 * `cvFileId` optional, the caller's own CV (uuid from POST /api/files?purpose=cv); 1-3 areas by the
 * shared rule (src/shared/expertise.ts); motivation required; references optional, the e-mail in e-mail format.
 */
export const applicationInput = z.object({
  professionalTitle: singleLine(requiredText(r.step1, 200), messages.common.singleLine('A professional title')),
  yearsExperience: z.enum(yearsExperienceBands, { error: r.yearsBand }),
  linkedinProfile: optionalText(500)
    .refine(isOptionalUrl, r.linkedinUrl)
    .transform((v) => (v ? completeUrl(v) : v)),
  cvFileId: z.uuid(r.step2).optional(),
  selectedExpertise: expertiseAreas,
  whyExpert: requiredText(r.step4, 5000),
  referenceName: personName(optionalText(200)),
  referencePosition: singleLine(optionalText(200), messages.common.singleLine("A reference's position")),
  referenceEmail: optionalText(254).refine(isOptionalEmail, r.referenceEmail),
});
export type ApplicationInput = z.input<typeof applicationInput>;

/** An application as its applicant and the team see it. Instants are ISO-8601 UTC; `cv.url` is the authorised download. */
export const applicationView = z.object({
  id: z.string(),
  userId: z.string(),
  professionalTitle: z.string(),
  yearsExperience: z.string(),
  linkedinProfile: z.string().nullable(),
  cv: z.object({ id: z.string(), name: z.string(), url: z.string() }).nullable(),
  selectedExpertise: z.array(z.string()),
  whyExpert: z.string(),
  referenceName: z.string().nullable(),
  referencePosition: z.string().nullable(),
  referenceEmail: z.string().nullable(),
  status: z.enum(applicationStatuses),
  statusNote: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  expertId: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ApplicationView = z.infer<typeof applicationView>;

/** GET /api/applications/mine: the caller's latest application, or null. */
export const myApplicationResponse = z.object({ application: applicationView.nullable() });

/** 201 of POST /api/applications; `emailQueued` false when the confirmation could not be queued (the application is kept). */
export const createdApplication = z.object({ application: applicationView, emailQueued: z.boolean() });
export type CreatedApplication = z.infer<typeof createdApplication>;

/** Body of POST /api/expertise-suggestions: the caller's own uploaded CV and the areas already chosen. */
export const suggestionsInput = z.object({
  fileId: z.uuid(),
  selected: z.array(z.string().max(maxExpertiseAreaLength)).max(maxExpertiseAreas).default([]),
});
export type SuggestionsInput = z.input<typeof suggestionsInput>;

/**
 * Answer of POST /api/expertise-suggestions: `suggested_expertise` holds only catalogue areas not yet
 * chosen, within the limit of 3 in all; `matched_expertise` is every area the CV matched (best first),
 * so the wizard can tell "no new suggestions" from "nothing found".
 */
export const suggestionsResponse = z.object({ suggested_expertise: z.array(z.string()), matched_expertise: z.array(z.string()) });
export type SuggestionsResponse = z.infer<typeof suggestionsResponse>;
