/**
 * Going live (docs/product.md "Expert onboarding and publishing"): the steps before an approved expert's profile can
 * be published, in the order the dashboard's checklist shows them, with their words in errors. Pure and without zod,
 * so the expert dashboard's checklist does not load the contracts (src/shared/schemas/expert-publishing.ts).
 */
export const publishingSteps = {
  rate: 'your hourly rate',
  hours: 'your time zone and weekly hours',
  photo: 'your photo',
} as const;
export type PublishingStep = keyof typeof publishingSteps;
