import { CheckCircle2, Lock, SearchX } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import { toast } from '../../lib/toast';
import { privateFeedbackInput } from '@shared/schemas/sessions';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { FormError, Label, Textarea } from '../../components/ui/input';
import { PageSpinner } from '../../components/ui/spinner';
import { useAuth } from '../../lib/auth';
import { ExpertBanner, FeedbackNotice } from './expert-banner';
import { useSendPrivateFeedback } from './api/send-private-feedback';
import { ToSignIn } from '../../components/require-auth';
import { useExpertProfile } from '../../lib/expert-profile';

const sentMessage = 'Thank you. Your comments were sent privately to the Mentora team.';

/**
 * /expert/{id}/private-feedback (docs/product.md "Feedback and reviews"): comments only Mentora's team can read.
 * POST /api/experts/{id}/private-feedback; sign-in required.
 */
export default function PrivateFeedbackPage() {
  const { id = '' } = useParams();
  const { me, loading } = useAuth();
  const expert = useExpertProfile(id);
  const profile = expert.data;
  const [comments, setComments] = useState('');
  const [error, setError] = useState<string | null>(null);
  const send = useSendPrivateFeedback(id);

  if (loading) return <PageSpinner />;
  if (!me) return <ToSignIn />;
  // An unknown expert reads as null (404), another failure as an error: either way there is no one to write about.
  if (expert.isError || profile === null)
    return (
      <FeedbackNotice
        icon={<SearchX className="h-6 w-6" aria-hidden />}
        title="Expert Not Found"
        action={
          <Button asChild>
            <Link to="/">Return to Home</Link>
          </Button>
        }
      >
        We could not find this expert.
      </FeedbackNotice>
    );
  if (!profile) return <PageSpinner />;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = privateFeedbackInput.safeParse({ comments });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? null);
    setError(null);
    send.mutate(parsed.data, { onSuccess: () => toast.success(sentMessage), onError: (err) => setError(err.message) });
  };

  return (
    <div className="bg-slate-50">
      <div className="mx-auto max-w-2xl px-4 py-10 sm:py-14">
        <ExpertBanner
          expert={profile}
          title="Private feedback"
          lead={`Tell the Mentora team anything about ${profile.name} that you would rather not share publicly.`}
        />
        <Card className="mt-8 p-5 sm:p-8">
          {send.isSuccess ? (
            <div role="status" className="flex flex-col items-center text-center">
              <CheckCircle2 className="h-10 w-10 text-emerald-600" aria-hidden />
              <p className="mt-3 font-semibold text-slate-900">{sentMessage}</p>
              <Button asChild variant="outline" className="mt-5">
                <Link to={`/expert/${profile.slug}`}>Back to {profile.name}'s profile</Link>
              </Button>
            </div>
          ) : (
            <form onSubmit={submit} noValidate className="space-y-4">
              <p className="flex items-start gap-2 rounded-lg bg-slate-50 p-3 text-sm text-slate-700">
                <Lock className="mt-0.5 h-4 w-4 shrink-0 text-brand-700" aria-hidden />
                Only the Mentora team can read these comments. They are never shown to the expert or on the profile.
              </p>
              <div>
                <Label htmlFor="private-comments">Your comments</Label>
                <Textarea
                  id="private-comments"
                  value={comments}
                  onChange={(e) => setComments(e.target.value)}
                  maxLength={5000}
                  className="min-h-40"
                  aria-invalid={Boolean(error)}
                />
              </div>
              <FormError>{error}</FormError>
              <Button type="submit" disabled={send.isPending}>
                Send to the Mentora team
              </Button>
            </form>
          )}
        </Card>
      </div>
    </div>
  );
}
