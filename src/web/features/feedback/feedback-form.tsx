import { CheckCircle2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '../../lib/toast';
import { delays } from '@shared/constants';
import { feedbackQuestions, type FeedbackKey } from '@shared/feedback';
import { messages } from '@shared/messages';
import type { FeedbackInput } from '@shared/schemas/sessions';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { FormError, Label, Textarea } from '../../components/ui/input';
import { ApiError } from '../../lib/api';
import { useSubmitFeedback } from './api/submit-feedback';
import { RatingQuestion } from './rating-question';

/**
 * The five public rating questions and optional comments (docs/product.md "Feedback and reviews"). All five are
 * required; on success 'Thank you for your feedback!' and /dashboard/client after 2 s; a 409 says why the
 * session cannot be reviewed (feedback already given, or a free intro, which is not rated publicly); any other
 * failure 'Failed to submit feedback. Please try again.'
 */
export function FeedbackForm({ sessionId }: { sessionId: string }) {
  const navigate = useNavigate();
  const [answers, setAnswers] = useState<Partial<Record<FeedbackKey, string>>>({});
  const [comments, setComments] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [tried, setTried] = useState(false);
  const [sent, setSent] = useState(false);

  const submitFeedback = useSubmitFeedback(sessionId);
  const handlers = {
    onSuccess: () => {
      setSent(true);
      toast.success(messages.feedback.thanks);
      setTimeout(() => void navigate('/dashboard/client'), delays.feedbackRedirectMs);
    },
    onError: (err: Error) => {
      const message = err instanceof ApiError && err.status === 409 ? err.message || messages.feedback.already : messages.feedback.failed;
      setError(message);
      toast.error(message);
    },
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (feedbackQuestions.some((q) => !answers[q.key])) return setError(messages.feedback.answerAll);
    setError(null);
    submitFeedback.mutate({ ...(answers as Record<FeedbackKey, string>), additionalComments: comments.trim() || undefined } as FeedbackInput, handlers);
  };

  if (sent)
    return (
      <Card className="flex flex-col items-center p-8 text-center" role="status">
        <CheckCircle2 className="h-10 w-10 text-emerald-600" aria-hidden />
        <p className="mt-3 text-lg font-semibold text-slate-900">{messages.feedback.thanks}</p>
        <p className="mt-1 text-sm text-slate-700">Taking you back to your dashboard…</p>
      </Card>
    );

  return (
    <Card className="p-5 sm:p-8">
      <form onSubmit={submit} noValidate className="space-y-5">
        {feedbackQuestions.map((q, i) => (
          <RatingQuestion
            key={q.key}
            number={i + 1}
            name={q.key}
            label={q.label}
            options={q.options}
            value={answers[q.key]}
            onChange={(value) => setAnswers((a) => ({ ...a, [q.key]: value }))}
            invalid={tried && !answers[q.key]}
          />
        ))}
        <div>
          <Label htmlFor="feedback-comments">Additional comments (optional)</Label>
          <Textarea
            id="feedback-comments"
            value={comments}
            onChange={(e) => setComments(e.target.value)}
            maxLength={5000}
            placeholder="What went well? What could be better?"
          />
        </div>
        <FormError>{error}</FormError>
        <Button type="submit" size="lg" className="w-full sm:w-auto" disabled={submitFeedback.isPending}>
          Submit Feedback
        </Button>
      </form>
    </Card>
  );
}
