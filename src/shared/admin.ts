/**
 * Team-console rules shared by server and web (docs/product.md "Team console"): which application statuses (application-rules.ts)
 * each review action accepts, the starting profile an approval publishes, inbox kinds, and the expert slug rule. Pure.
 */
import { openApplicationStatuses, type ApplicationStatus } from './application-status.js';

export type ReviewAction = 'under_review' | 'approve' | 'reject';

/** The statuses each review action may start from; anything else is a 409 (docs/product.md "Team console"). */
export const reviewFrom: Record<ReviewAction, readonly ApplicationStatus[]> = {
  under_review: ['submitted', 'pending'],
  approve: openApplicationStatuses,
  reject: openApplicationStatuses,
};

export function canReview(action: ReviewAction, status: string): boolean {
  return (reviewFrom[action] as readonly string[]).includes(status);
}

/**
 * What an approval writes into the draft profile besides the application (docs/product.md "Expert onboarding and
 * publishing"): the default language and a moderate cancellation policy. No rate, no hours and no photo: the expert
 * sets those before publishing. The zone is provisional (the account's zone, else `provisionalTimeZone`) until the
 * expert saves time zone and hours.
 */
export const approvedExpertDefaults = {
  languages: ['English'],
  cancellationPolicy: 'moderate',
  provisionalTimeZone: 'UTC',
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

/** One item of each inbox, in words: 'partner enquiry'. */
export const inboxItemNames: Record<InboxKind, string> = {
  contact: 'contact message',
  partner: 'partner enquiry',
  match: 'match request',
  private_feedback: 'private feedback',
};
