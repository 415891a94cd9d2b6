import type { SessionView } from '@shared/schemas/sessions';
import { isReviewedPublicly } from '@shared/sessions';

/**
 * Where the client goes once they confirm a session (the feedback page; docs/product.md "Sessions"): the public feedback form for a
 * paid session or workshop seat; for a free intro or seat, which is never rated publicly, the private feedback page for the team.
 */
export function afterConfirmation(s: Pick<SessionView, 'id' | 'kind' | 'totalAmountCents' | 'expertSlug'>): {
  to: string;
  state?: { fromConfirmation: true; sessionId: string };
} {
  if (!isReviewedPublicly(s)) return { to: `/expert/${s.expertSlug}/private-feedback` };
  return { to: `/expert/${s.expertSlug}/feedback`, state: { fromConfirmation: true, sessionId: s.id } };
}
