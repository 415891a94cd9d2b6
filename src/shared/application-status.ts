/**
 * An expert application's statuses (docs/product.md "Expert applications"): which are open, and each one's label,
 * badge tone and dashboard note. Pure and without zod, so the dashboards that show a status do not load the wizard's
 * rules (src/shared/application-rules.ts) or the contracts.
 */
import type { BadgeTone } from './sessions.js';

/** The team answers an application within 72 hours (docs/product.md "Expert applications"). */
export const applicationReviewHours = 72;

export const applicationStatuses = ['submitted', 'pending', 'under_review', 'approved', 'rejected'] as const;
export type ApplicationStatus = (typeof applicationStatuses)[number];
/** Statuses during which the application is still open; one open application per person. */
export const openApplicationStatuses: readonly ApplicationStatus[] = ['submitted', 'pending', 'under_review'];

/**
 * Label, badge tone and dashboard note of an application status (docs/product.md "Expert applications":
 * submitted, pending = Pending Review, under_review, approved, rejected; anything else Unknown).
 */
export function applicationStatusInfo(status: string): { label: string; tone: BadgeTone; note: string } {
  switch (status) {
    case 'submitted':
      return { label: 'Submitted', tone: 'brand', note: `We have your application and will review it within ${applicationReviewHours} hours.` };
    case 'pending':
      return { label: 'Pending Review', tone: 'amber', note: 'Your application is in the queue for review. We will e-mail you as soon as a decision is made.' };
    case 'under_review':
      return {
        label: 'Under Review',
        tone: 'amber',
        note: 'Our team is reviewing your application now and may contact you to arrange a short screening call.',
      };
    case 'approved':
      return {
        label: 'Approved',
        tone: 'green',
        note: 'Congratulations! Your application has been approved. Set up your profile and publish it so clients can find and book you.',
      };
    case 'rejected':
      return {
        label: 'Rejected',
        tone: 'red',
        note: 'Unfortunately your application was not approved this time. You are welcome to apply again with more detail.',
      };
    default:
      return { label: 'Unknown', tone: 'neutral', note: 'We could not read the status of your application. Please contact support.' };
  }
}

/** Whether an application in `status` still blocks a new one. */
export function isOpenApplication(status: string): boolean {
  return (openApplicationStatuses as readonly string[]).includes(status);
}
