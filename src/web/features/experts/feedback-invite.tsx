/**
 * The profile's 'Leave Feedback' invitation (docs/product.md "Feedback and reviews"): shown only to a signed-in
 * client who had a concluded session with this expert (a paid one to review, or the free intro to give private
 * feedback on), as GET /api/experts/{id}/feedback-eligibility says; nobody else has feedback to give.
 */
import { MessageSquarePlus } from 'lucide-react';
import { Link } from 'react-router';
import type { ExpertProfile } from '@shared/schemas/experts';
import { Button } from '../../components/ui/button';
import { useAuth } from '../../lib/auth';
import { useIntroEligibility } from './api/get-intro-eligibility';

export function FeedbackInvite({ expert }: { expert: ExpertProfile }) {
  const { me } = useAuth();
  const eligibility = useIntroEligibility(expert.id, me?.id).data;
  if (!eligibility || (eligibility.sessionId === null && !eligibility.introOnly)) return null;
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <p className="text-sm text-slate-700">You had a session with {expert.name.split(' ')[0]}. Tell others how it went.</p>
      <Button asChild variant="outline">
        <Link to={`/expert/${expert.slug}/feedback`}>
          <MessageSquarePlus className="h-4 w-4" aria-hidden />
          Leave Feedback
        </Link>
      </Button>
    </div>
  );
}
