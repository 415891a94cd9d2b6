/**
 * Going live: GET and PUT /api/me/profile-publishing (docs/product.md "Expert onboarding and publishing"). An
 * approved expert's profile is a draft until they publish it; publishing needs every step of `publishingSteps` (src/shared/expert-publishing.ts).
 */
import { z } from 'zod';
import { messages } from '../messages.js';

/** Body of PUT /api/me/profile-publishing: `{ published: true }` publishes, `{ published: false }` hides the profile. */
export const profilePublishingInput = z.strictObject(
  { published: z.boolean({ error: messages.common.invalidRequest }) },
  { error: messages.common.invalidRequest },
);

/**
 * The expert's publication: the profile's slug, whether it is live and since when (ISO instant, UTC; null while a
 * draft), whether it is suspended by the team, and which steps are done (rate set, weekly hours saved, photo).
 */
export const profilePublishing = z.object({
  slug: z.string(),
  published: z.boolean(),
  publishedAt: z.string().nullable(),
  suspended: z.boolean(),
  steps: z.object({ rate: z.boolean(), hours: z.boolean(), photo: z.boolean() }),
});
export type ProfilePublishing = z.infer<typeof profilePublishing>;
