import { CheckCircle2, Lock, SearchX, UserX } from 'lucide-react';
import { Link, useLocation, useParams } from 'react-router';
import { messages } from '@shared/messages';
import { Button } from '../../components/ui/button';
import { FormError } from '../../components/ui/input';
import { PageSpinner } from '../../components/ui/spinner';
import { useAuth } from '../../lib/auth';
import { ExpertBanner, FeedbackNotice } from './expert-banner';
import { FeedbackForm } from './feedback-form';
import { useFeedbackEligibility } from './api/get-feedback-eligibility';
import { ToSignIn } from '../../components/require-auth';
import { useExpertProfile } from '../../lib/expert-profile';

type FeedbackState = { fromConfirmation?: boolean; sessionId?: string } | null;

const dashboardLink = (
  <Button asChild>
    <Link to="/dashboard/client">Go to Dashboard</Link>
  </Button>
);

/**
 * /expert/{id}/feedback (docs/product.md "Feedback and reviews"): the client's feedback on their latest concluded paid session
 * with this expert, or on the session passed in navigation state ({ fromConfirmation, sessionId }). A client whose
 * only concluded session is the free intro is told it is not rated publicly and offered private feedback.
 */
export default function FeedbackPage() {
  const { id = '' } = useParams();
  const state = useLocation().state as FeedbackState;
  const { me, loading } = useAuth();
  const expert = useExpertProfile(id);
  const profile = expert.data;
  const eligibility = useFeedbackEligibility(id, Boolean(me));

  if (loading) return <PageSpinner />;
  if (!me) return <ToSignIn />;
  // An unknown expert reads as null (404), another failure as an error: either way there is no one to review.
  if (expert.isError || profile === null)
    return (
      <FeedbackNotice icon={<SearchX className="h-6 w-6" aria-hidden />} title="Expert Not Found" action={dashboardLink}>
        We could not find this expert.
      </FeedbackNotice>
    );
  if (!profile || eligibility.isPending) return <PageSpinner />;
  if (eligibility.isError)
    return (
      <div className="mx-auto max-w-md px-4 py-20">
        <h1 className="sr-only">Leave feedback</h1>
        <FormError>{eligibility.error.message}</FormError>
      </div>
    );

  const e = eligibility.data;
  if (e.isSelf)
    return (
      <FeedbackNotice icon={<UserX className="h-6 w-6" aria-hidden />} title="Feedback Not Available" action={dashboardLink}>
        {messages.feedback.self}
      </FeedbackNotice>
    );
  const sessionId = state?.sessionId ?? e.sessionId;
  if (!sessionId && e.introOnly)
    return (
      <FeedbackNotice
        icon={<Lock className="h-6 w-6" aria-hidden />}
        title={messages.feedback.introNotRatedTitle}
        action={
          <Button asChild>
            <Link to={`/expert/${profile.slug}/private-feedback`}>Send private feedback</Link>
          </Button>
        }
      >
        {messages.feedback.introNotRated}
      </FeedbackNotice>
    );
  if (!sessionId)
    return (
      <FeedbackNotice
        icon={<SearchX className="h-6 w-6" aria-hidden />}
        title={messages.feedback.noSessionTitle}
        action={
          <Button asChild>
            <Link to={`/expert/${profile.slug}`}>View {profile.name}'s profile</Link>
          </Button>
        }
      >
        {messages.feedback.noSession}
      </FeedbackNotice>
    );
  if (e.feedbackSubmitted && sessionId === e.sessionId)
    return (
      <FeedbackNotice icon={<CheckCircle2 className="h-6 w-6" aria-hidden />} title={messages.feedback.alreadyTitle} action={dashboardLink}>
        {messages.feedback.already}.
      </FeedbackNotice>
    );

  return (
    <div className="bg-slate-50">
      <div className="mx-auto max-w-3xl px-4 py-10 sm:py-14">
        <ExpertBanner
          expert={profile}
          title={`How was your session with ${profile.name}?`}
          lead={
            state?.fromConfirmation
              ? 'Thank you for confirming your session. Your answers appear on the expert’s profile and help other clients choose.'
              : 'Your answers appear on the expert’s profile and help other clients choose.'
          }
        />
        <div className="mt-8">
          <FeedbackForm sessionId={sessionId} />
        </div>
        <p className="mt-6 text-center text-sm text-slate-700">
          Something you would rather tell us privately?{' '}
          <Link to={`/expert/${profile.slug}/private-feedback`} className="font-medium text-brand-700 underline underline-offset-2">
            Send private feedback
          </Link>
        </p>
      </div>
    </div>
  );
}
