import { BadgeCheck, MessageSquareText } from 'lucide-react';
import type { FeedbackKey } from '@shared/feedback';
import { messages } from '@shared/messages';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { LoadError } from '../../components/ui/load-error';
import { Spinner } from '../../components/ui/spinner';
import { formatLongDate } from '../../lib/format';
import { useReviews, type Review } from './api/get-reviews';
import { StarRating } from '../../components/star-rating';

/** Short names of the five public answers (feedback answers are public on the profile; docs/product.md "Feedback and reviews"). */
const answerLabels: Record<FeedbackKey, string> = {
  expertiseRating: 'Expertise',
  communicationRating: 'Communication',
  punctualityRating: 'Punctuality',
  valueRating: 'Value',
  recommendationRating: 'Would recommend',
};

function ReviewItem({ review }: { review: Review }) {
  return (
    <li className="py-5 first:pt-0 last:pb-0">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex items-center gap-3">
          <span className="flex h-9 w-9 items-center justify-center rounded-full bg-brand-100 text-sm font-semibold text-brand-800" aria-hidden>
            {review.clientFirstName.slice(0, 1).toUpperCase()}
          </span>
          <div>
            <h3 className="text-sm font-semibold text-slate-900">{review.clientFirstName}</h3>
            <p className="text-xs text-slate-600">
              {formatLongDate(review.createdAt)}
              {review.verified ? (
                <span className="ml-2 inline-flex items-center gap-1 font-medium text-emerald-800" title="From a paid session that took place">
                  <BadgeCheck className="h-3.5 w-3.5" aria-hidden />
                  Verified session
                </span>
              ) : null}
            </p>
          </div>
        </div>
        <StarRating value={review.score} />
      </div>
      <dl className="mt-3 grid grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-2">
        {(Object.keys(answerLabels) as FeedbackKey[]).map((key) => (
          <div key={key} className="flex justify-between gap-2 border-b border-dashed border-slate-200 py-1">
            <dt className="text-slate-600">{answerLabels[key]}</dt>
            <dd className="font-medium text-slate-900">{review[key]}</dd>
          </div>
        ))}
      </dl>
      {review.additionalComments ? (
        <blockquote className="mt-3 rounded-lg bg-slate-50 px-3 py-2 text-sm italic text-slate-800">“{review.additionalComments}”</blockquote>
      ) : null}
    </li>
  );
}

/** The expert's public reviews, newest first, five at a time with 'Load more' (docs/product.md "Expert profiles"). */
export function ReviewsDialog({
  expertId,
  expertName,
  open,
  onOpenChange,
}: {
  expertId: string;
  expertName: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const reviews = useReviews(expertId, open);
  const items = reviews.data?.pages.flatMap((p) => p.reviews) ?? [];
  const total = reviews.data?.pages[0]?.total ?? 0;

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Reviews of ${expertName}`}
      description={total ? `${total} ${total === 1 ? 'review' : 'reviews'} from verified paid sessions, newest first` : undefined}
      className="max-w-2xl"
    >
      {reviews.isPending ? (
        <div className="flex justify-center py-10">
          <Spinner label="Loading reviews" />
        </div>
      ) : reviews.isError && items.length === 0 ? (
        <LoadError what={messages.common.loadFailed.reviews} error={reviews.error} onRetry={() => reviews.refetch()} retrying={reviews.isRefetching} />
      ) : items.length === 0 ? (
        <div className="flex flex-col items-center py-10 text-center">
          <MessageSquareText className="h-10 w-10 text-slate-500" aria-hidden />
          <p className="mt-3 font-semibold text-slate-900">No reviews yet</p>
          <p className="mt-1 text-sm text-slate-700">Reviews appear here after clients complete a paid session.</p>
        </div>
      ) : (
        <>
          <ul className="divide-y divide-slate-200">
            {items.map((r) => (
              <ReviewItem key={r.id} review={r} />
            ))}
          </ul>
          {reviews.isFetchNextPageError ? (
            <LoadError
              className="mt-5"
              what={messages.common.loadFailed.reviews}
              error={reviews.error}
              onRetry={() => reviews.fetchNextPage()}
              retrying={reviews.isFetchingNextPage}
            />
          ) : reviews.hasNextPage ? (
            <Button variant="outline" className="mt-5 w-full" onClick={() => reviews.fetchNextPage()} disabled={reviews.isFetchingNextPage}>
              {reviews.isFetchingNextPage ? 'Loading…' : 'Load more reviews'}
            </Button>
          ) : null}
        </>
      )}
    </Dialog>
  );
}
