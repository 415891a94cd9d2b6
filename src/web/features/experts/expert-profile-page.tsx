/**
 * Expert profile /expert/{id} (docs/product.md "Expert profiles"), where id is the slug or the uuid: the expert's
 * header with rating and a reviews dialog, the profile sections, the booking card and a 'Leave Feedback'
 * link. An unknown id shows 'Expert Not Found' with a link home.
 */
import { ArrowLeft, CalendarDays, Globe } from 'lucide-react';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { formatMoney } from '@shared/pricing';
import type { ExpertProfile } from '@shared/schemas/experts';
import { Button } from '../../components/ui/button';
import { FormError } from '../../components/ui/input';
import { useHydrated } from '../../lib/use-hydrated';
import { ExpertAvatar } from './expert-avatar';
import { FeedbackInvite } from './feedback-invite';
import { useExpertProfile } from '../../lib/expert-profile';
import { ProfileSections } from './profile-sections';
import { ReviewsDialog } from './reviews-dialog';
import { ratingText, reviewCountText, StarRating } from '../../components/star-rating';
import { profileTitle } from './profile-title';
import { MessageExpert } from './message-expert';
import { useDocumentTitle } from '../../lib/use-document-title';

// The booking card (calendar, times, form; react-day-picker and date-fns) loads after the profile text, which is
// what paints first: less JS before the profile shows (docs/performance.md).
const BookingCard = lazy(() => import('./booking-card').then((m) => ({ default: m.BookingCard })));
/**
 * The booking card's place while its code loads; the card itself depends on the viewer's clock and zone, so it is never
 * server-rendered. As tall as the card (about 80rem at every width), so the offers below it do not jump under the
 * pointer when it shows; marked busy until then.
 */
const bookingCardPlaceholder = (
  <div className="h-[80rem] rounded-2xl border border-slate-200 bg-white shadow-lg shadow-slate-200/60" aria-busy="true">
    <span className="sr-only">Loading the booking calendar…</span>
  </div>
);

function BookingCardSlot({ expert }: { expert: ExpertProfile }) {
  const hydrated = useHydrated();
  if (!hydrated) return bookingCardPlaceholder;
  return (
    <Suspense fallback={bookingCardPlaceholder}>
      <BookingCard expert={expert} />
    </Suspense>
  );
}

/** "Message": it depends on who is signed in, so, like the booking card, it shows only once the page is live. */
function MessageExpertSlot({ expert }: { expert: ExpertProfile }) {
  return useHydrated() ? <MessageExpert expert={expert} /> : null;
}

function ProfileHeader({ expert, onShowReviews }: { expert: ExpertProfile; onShowReviews: () => void }) {
  return (
    <div className="flex flex-col items-center gap-5 text-center sm:flex-row sm:items-start sm:text-left">
      <ExpertAvatar name={expert.name} imageUrl={expert.imageUrl} size={128} eager className="h-28 w-28 text-3xl shadow-lg ring-4 ring-white sm:h-32 sm:w-32" />
      <div className="min-w-0 flex-1">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{expert.name}</h1>
        <p className="mt-1 text-lg text-slate-700">{expert.role}</p>
        <div className="mt-3 flex flex-wrap items-center justify-center gap-x-3 gap-y-2 sm:justify-start">
          {expert.ratingAvg !== null && expert.reviewCount > 0 ? (
            <span className="inline-flex items-center gap-1.5">
              <StarRating value={expert.ratingAvg} starClassName="h-5 w-5" />
              <span className="font-semibold text-slate-900">{ratingText(expert.ratingAvg)}</span>
            </span>
          ) : (
            <span className="rounded-full bg-emerald-50 px-2.5 py-0.5 text-sm font-semibold text-emerald-700">New</span>
          )}
          <button
            type="button"
            onClick={onShowReviews}
            className="cursor-pointer text-sm font-medium text-brand-700 underline underline-offset-4 hover:text-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
          >
            {reviewCountText(expert.reviewCount)}
          </button>
          <span className="inline-flex items-center gap-1 text-sm text-slate-700">
            <Globe className="h-4 w-4 text-slate-500" aria-hidden />
            {expert.languages.join(', ')}
          </span>
        </div>
        <div className="mt-5 flex flex-wrap items-center justify-center gap-3 sm:justify-start lg:hidden">
          <Button asChild size="lg">
            <a href="#booking">
              <CalendarDays className="h-5 w-5" aria-hidden />
              Book a session · {formatMoney(expert.hourlyRateCents, expert.currency)}/h
            </a>
          </Button>
        </div>
      </div>
    </div>
  );
}

function ProfileSkeleton() {
  return (
    <div className="mx-auto max-w-6xl animate-pulse px-4 py-12 motion-reduce:animate-none" aria-busy="true" aria-label="Loading profile">
      <div className="flex items-center gap-5">
        <div className="h-28 w-28 rounded-full bg-slate-200" />
        <div className="flex-1 space-y-3">
          <div className="h-8 w-1/3 rounded bg-slate-200" />
          <div className="h-5 w-1/4 rounded bg-slate-200" />
        </div>
      </div>
      <div className="mt-10 grid gap-8 lg:grid-cols-[minmax(0,1fr)_26rem]">
        <div className="h-96 rounded-2xl bg-slate-100" />
        <div className="h-[32rem] rounded-2xl bg-slate-100" />
      </div>
    </div>
  );
}

function NotFound() {
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <h1 className="text-3xl font-bold text-slate-900">Expert Not Found</h1>
      <p className="mt-3 text-slate-700">This expert profile does not exist or is no longer available.</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Button asChild>
          <Link to="/">Return to Home</Link>
        </Button>
        <Button asChild variant="outline">
          <Link to="/results">Browse experts</Link>
        </Button>
      </div>
    </div>
  );
}

/** `packages`: what the profile shows below the booking card (the packages feature's offers, composed in src/web/app). */
export default function ExpertProfilePage({ packages }: { packages?: (expertSlug: string) => ReactNode } = {}) {
  const { id = '' } = useParams();
  const expert = useExpertProfile(id);
  const [reviewsOpen, setReviewsOpen] = useState(false);
  useDocumentTitle(profileTitle(expert.data) ?? null);

  if (expert.isPending) return <ProfileSkeleton />;
  if (expert.isError)
    return (
      <div className="mx-auto max-w-xl space-y-4 px-4 py-24">
        <h1 className="text-2xl font-bold text-slate-900">Something went wrong</h1>
        <FormError>{expert.error.message}</FormError>
        <Button variant="outline" onClick={() => expert.refetch()}>
          Try again
        </Button>
      </div>
    );
  if (!expert.data) return <NotFound />;
  const e = expert.data;

  return (
    <>
      <div className="bg-gradient-to-b from-brand-50 to-transparent">
        <div className="mx-auto max-w-6xl px-4 pb-8 pt-6 sm:pt-8">
          <Link to="/results" className="mb-6 inline-flex items-center gap-1.5 text-sm font-medium text-slate-700 hover:text-brand-700">
            <ArrowLeft className="h-4 w-4" aria-hidden />
            All experts
          </Link>
          <ProfileHeader expert={e} onShowReviews={() => setReviewsOpen(true)} />
        </div>
      </div>
      <div className="mx-auto grid max-w-6xl items-start gap-8 px-4 pb-20 lg:grid-cols-[minmax(0,1fr)_26rem]">
        <div className="space-y-6">
          <ProfileSections expert={e} />
          <FeedbackInvite expert={e} />
        </div>
        <div id="booking" className="scroll-mt-20 space-y-4">
          <BookingCardSlot expert={e} />
          {packages?.(e.slug)}
          <MessageExpertSlot expert={e} />
        </div>
      </div>
      <ReviewsDialog expertId={e.id} expertName={e.name} open={reviewsOpen} onOpenChange={setReviewsOpen} />
    </>
  );
}
