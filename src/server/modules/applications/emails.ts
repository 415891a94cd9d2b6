/**
 * Application e-mails (docs/product.md "Expert applications"): the
 * applicant's confirmation and the notice to the team. Both go through the outbox.
 */
import { applicationReviewHours } from '../../../shared/application-status.js';
import type { ApplicationView } from '../../../shared/schemas/applications.js';
import type { OutgoingEmail } from '../../infra/mail/outbox.js';
import { actionEmail } from '../../infra/mail/templates.js';

/** Confirmation to the applicant's own account address. */
export function applicantConfirmationEmail(a: ApplicationView, to: { email: string; firstName: string }, baseUrl: string): OutgoingEmail {
  return actionEmail({
    to: to.email,
    subject: 'We received your Mentora expert application',
    paragraphs: [
      `Hello ${to.firstName},`,
      `Thank you for applying to mentor on Mentora as ${a.professionalTitle}. Our team will review your application and reply within ${applicationReviewHours} hours.`,
      `Areas of expertise: ${a.selectedExpertise.join(', ')}.`,
      'Next, we may invite you to a short screening call. Once approved, your profile goes live within a week and you can set your rates and availability.',
    ],
    actionLabel: 'View your application status',
    url: `${baseUrl}/dashboard/expert`,
  });
}

/** Notice to one team member that an application is waiting for review. */
export function teamNoticeEmail(a: ApplicationView, applicant: { name: string; email: string }, to: string, baseUrl: string): OutgoingEmail {
  return actionEmail({
    to,
    subject: `New expert application: ${applicant.name}`,
    paragraphs: [
      `${applicant.name} (${applicant.email}) applied to become an expert.`,
      `Title: ${a.professionalTitle}; experience: ${a.yearsExperience} years.`,
      `Areas of expertise: ${a.selectedExpertise.join(', ')}.`,
      a.cv ? `CV attached to the application: ${a.cv.name}.` : 'No CV was attached.',
      `Please review it within ${applicationReviewHours} hours.`,
    ],
    actionLabel: 'Review applications',
    url: `${baseUrl}/admin`,
  });
}
