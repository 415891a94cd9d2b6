/**
 * The expert dashboard's empty session list: its text depends on approval (docs/product.md
 * "Expert applications", "Expert onboarding and publishing"). A published profile is told how to get booked (share the
 * profile link, keep availability current); a draft is told to finish the setup and publish; an open application is
 * told it is under review; anyone else is invited to apply. Pure.
 */
import { isOpenApplication } from './application-status.js';

export type SessionsEmptyState = { kind: 'published'; slug: string } | { kind: 'setup' } | { kind: 'reviewing' } | { kind: 'apply' };

/** Words of each empty state. */
export const sessionsEmptyMessages = {
  published: 'Your profile is live. Share your profile link with your network and keep your availability up to date so clients can book you.',
  setup: 'Your application is approved. Finish setting up your profile and publish it; then clients can find and book you, and their sessions appear here.',
  reviewing: 'Your application is under review. Once our team approves it, clients can find and book you, and their sessions appear here.',
  apply: 'Clients can book you once your expert application is approved. Apply in five short steps to get listed.',
} as const;

/**
 * Which empty state an expert-role account sees: `profile` is GET /api/me/expert-profile (null when the
 * account has none: 403), `applicationStatus` the status of GET /api/applications/mine (null when none).
 * A published profile wins (demo experts have no application); a draft is still being set up; a suspended profile
 * is not bookable.
 */
export function sessionsEmptyState(applicationStatus: string | null, profile: { slug: string; status: string } | null): SessionsEmptyState {
  if (profile?.status === 'published') return { kind: 'published', slug: profile.slug };
  if (applicationStatus && isOpenApplication(applicationStatus)) return { kind: 'reviewing' };
  if (profile?.status === 'draft') return { kind: 'setup' };
  return { kind: 'apply' };
}
