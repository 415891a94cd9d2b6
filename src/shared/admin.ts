/**
 * Team-console rules shared by server and web (issue 4 §2): which application statuses each review
 * action accepts, the starting profile an approval publishes, inbox kinds, and the expert slug rule. Pure.
 */

/** Application statuses (spec §4 "Application status"). */
export const applicationStatuses = ['submitted', 'pending', 'under_review', 'approved', 'rejected'] as const;
export type ApplicationStatus = (typeof applicationStatuses)[number];

/** Statuses still waiting for the team's decision. */
export const openApplicationStatuses: readonly ApplicationStatus[] = ['submitted', 'pending', 'under_review'];

export type ReviewAction = 'under_review' | 'approve' | 'reject';

/** The statuses each review action may start from; anything else is a 409 (issue 4 §2). */
export const reviewFrom: Record<ReviewAction, readonly ApplicationStatus[]> = {
  under_review: ['submitted', 'pending'],
  approve: openApplicationStatuses,
  reject: openApplicationStatuses,
};

export function canReview(action: ReviewAction, status: string): boolean {
  return (reviewFrom[action] as readonly string[]).includes(status);
}

/** Badge words for an application status (spec §4: pending = Pending Review, anything else unknown = Unknown). */
export function applicationStatusLabel(status: string): string {
  const labels: Record<string, string> = { submitted: 'Submitted', pending: 'Pending Review', under_review: 'Under Review', approved: 'Approved', rejected: 'Rejected' };
  return labels[status] ?? 'Unknown';
}

/**
 * The profile an approval publishes before the expert edits it (issue 4 §2): a starting hourly rate in
 * cents (the database allows 1000..100000), default language and time zone, moderate cancellation policy,
 * and no availability rows (= the default Monday–Friday 09:00–17:00 in that zone).
 */
export const approvedExpertDefaults = {
  hourlyRateCents: 5000,
  languages: ['English'],
  timezone: 'America/New_York',
  cancellationPolicy: 'moderate',
} as const;

/** 'Jordan Lee' → 'jordan-lee'; accents dropped, anything else non-alphanumeric joins words; never empty. */
export function slugFromName(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return slug || 'expert';
}

/** `base`, or `base-2`, `base-3`… — the first not in `taken`. */
export function uniqueSlug(base: string, taken: ReadonlySet<string>): string {
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

/** The four inboxes of the console: contact messages, partner enquiries, custom match requests, private feedback. */
export const inboxKinds = ['contact', 'partner', 'match', 'private_feedback'] as const;
export type InboxKind = (typeof inboxKinds)[number];

export const inboxKindLabels: Record<InboxKind, string> = {
  contact: 'Contact messages',
  partner: 'Partner enquiries',
  match: 'Match requests',
  private_feedback: 'Private feedback',
};
