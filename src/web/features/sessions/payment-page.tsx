import { ArrowLeft, Loader2, Lock } from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { toast } from '../../lib/toast';
import { cardError, type CardInput } from '@shared/cards';
import { messages } from '@shared/messages';
import { defaultDuration, formatMoney, totalCents } from '@shared/pricing';
import type { SessionView } from '@shared/schemas/sessions';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { FormError } from '../../components/ui/input';
import { PageSpinner, Spinner } from '../../components/ui/spinner';
import { useAuth } from '../../lib/auth';
import { useBookSession, type BookingPayment } from '../../lib/book-session';
import { choiceInAddress, draftFor, loadBookingDraft, markBookingPaid, paidSessionOf, type BookingDraft } from '../../lib/booking-draft';
import { expertProfileQuery } from '../../lib/expert-profile';
import { viewerTimeZone } from '../../lib/viewer-zone';
import { useClientConfig } from '../../lib/client-config';
import { CardFields, emptyCard } from '../../components/card-fields';
import { TestModeNotice } from '../../components/test-mode-notice';
import { HowItWorks, ProtectionNotice } from './payment-assurances';
import { chosenCover, ProgrammeCover, type CoverChoice } from '../../components/programmes/programme-cover';
import { useProgrammeCover } from '../../lib/programmes';
import { PaymentSummary } from './payment-summary';
import { SignInPrompt } from './sign-in-prompt';

// Loaded only when the server takes cards with Stripe: importing @stripe/stripe-js fetches Stripe.js, which a server
// with simulated payments never needs (docs/product.md "Payments").
const StripeCardForm = lazy(() => import('./stripe-card-form').then((m) => ({ default: m.StripeCardForm })));

function Centred({ children }: { children: ReactNode }) {
  return <div className="flex justify-center py-10">{children}</div>;
}

function isDraft(value: unknown): value is BookingDraft {
  const d = value as Partial<BookingDraft> | null;
  return Boolean(d && typeof d.expertId === 'string' && typeof d.startsAt === 'string' && typeof d.hourlyRateCents === 'number');
}

/**
 * The booking to pay for: the draft handed over in navigation state or kept in this tab (sessionStorage) when it is
 * the one the address names, else the address's choice with the expert read again (another tab, a copied link);
 * `pending` while that expert is read. Without a choice in the address, the kept draft.
 */
function useDraft(): { draft: BookingDraft | null; kept: BookingDraft | null; pending: boolean } {
  const location = useLocation();
  const [params] = useSearchParams();
  const [kept] = useState<BookingDraft | null>(() => (isDraft(location.state) ? location.state : loadBookingDraft()));
  const inAddress = useMemo(() => choiceInAddress(params), [params]);
  const keptIsIt =
    kept !== null &&
    (!inAddress ||
      ((inAddress.expert === kept.expertSlug || inAddress.expert === kept.expertId) &&
        inAddress.choice.startsAt === kept.startsAt &&
        inAddress.choice.durationMinutes === kept.durationMinutes));
  const expert = useQuery({ ...expertProfileQuery(inAddress?.expert ?? ''), enabled: Boolean(inAddress) && !keptIsIt });
  if (keptIsIt) return { draft: kept, kept, pending: false };
  if (!inAddress) return { draft: null, kept, pending: false };
  return { draft: expert.data ? draftFor(expert.data, inAddress.choice, viewerTimeZone()) : null, kept, pending: expert.isPending };
}

/**
 * /payment (docs/product.md "Payments"): the booking draft from navigation state (or sessionStorage after a reload),
 * or from the address (`?expert=&start=&duration=&topic=`, src/web/lib/booking-draft.ts) in another tab, a card form, the summary, the protection notice and 'How it works'. Paying books through the shared booking
 * request (src/web/lib/book-session.ts): one Idempotency-Key per booking, so a double click or a retry can never book or charge twice. The card form is
 * Stripe Elements when the server reports a Stripe publishable key (docs/product.md "Payments"), else the simulated one.
 * Once paid, the session's page opens. A draft already paid in this tab (the browser's Back after paying) opens its session instead.
 */
export default function PaymentPage() {
  const { me, loading } = useAuth();
  const navigate = useNavigate();
  const { draft, kept, pending } = useDraft();
  // Paid before this page was opened (Back from a later page, a reload), or paid here and come back to: React
  // Router moves in a transition, so Back pressed before the dashboard has rendered returns to this same page
  // instance, which must not show the form again. Paying here, on the way to the dashboard, never redirects.
  const [paidOnArrival] = useState(() => (kept && draft === kept ? paidSessionOf(kept) : null));
  const paidHere = useRef(false);
  const [returnedAfterPaying, setReturnedAfterPaying] = useState(false);
  useEffect(() => {
    const onBack = () => {
      if (paidHere.current) setReturnedAfterPaying(true);
    };
    window.addEventListener('popstate', onBack);
    return () => window.removeEventListener('popstate', onBack);
  }, []);
  const paidSession = paidOnArrival ?? (returnedAfterPaying && draft ? paidSessionOf(draft) : null);
  const config = useClientConfig();
  const stripeKey = config.data?.stripePublishableKey ?? null;
  const [card, setCard] = useState<CardInput>(emptyCard);
  const [error, setError] = useState<string | null>(null);
  const durationMinutes = draft?.durationMinutes ?? defaultDuration;
  // An access programme may pay all or part of it (docs/product.md "Booking with credit"); the card pays the rest.
  const [coverChoice, setCoverChoice] = useState<CoverChoice>(undefined);
  const cover = useProgrammeCover(draft ? { expertId: draft.expertId, durationMinutes } : null, Boolean(me));
  const covered = chosenCover(cover.data?.items, coverChoice);
  const viaProgramme = covered ? { programmeId: covered.programmeId } : {};

  const book = useBookSession();
  const request = (d: BookingDraft, payment: BookingPayment) =>
    book.mutateAsync({ slot: { ...d, timeZone: d.timeZone || Intl.DateTimeFormat().resolvedOptions().timeZone }, payment });
  const booked = (session: SessionView) => {
    toast.success(messages.payment.success);
    toast.success(messages.payment.booked(session.expertName));
    if (draft) markBookingPaid(draft, session.id);
    paidHere.current = true;
    // The booking's own page: what was booked, when, the video link and what comes next.
    void navigate(`/session/${encodeURIComponent(session.id)}`);
  };

  if (loading || pending) return <PageSpinner />;
  if (!me) return <SignInPrompt message={messages.booking.signInToBook} />;
  // Back after paying: the booking, never a second live form for it.
  if (paidSession) return <Navigate to={`/session/${encodeURIComponent(paidSession)}`} replace />;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!draft || book.isPending) return;
    const noCard = covered !== null && covered.youPayCents === 0;
    const problem = noCard ? null : cardError(card);
    setError(problem);
    if (problem) return;
    request(draft, noCard ? { programmeId: covered.programmeId } : { card, ...viaProgramme }).then(
      ({ session }) => booked(session),
      (err: Error) => {
        setError(err.message);
        toast.error(err.message);
      },
    );
  };
  const total = draft ? formatMoney(covered ? covered.youPayCents : totalCents(draft.hourlyRateCents, durationMinutes), draft.currency) : null;
  const fullyCovered = covered !== null && covered.youPayCents === 0;

  return (
    <div className="bg-slate-50">
      <div className="mx-auto max-w-6xl px-4 py-8 sm:py-12">
        {draft ? (
          <Link
            to={`/expert/${draft.expertSlug || draft.expertId}`}
            className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline"
          >
            <ArrowLeft className="h-4 w-4" aria-hidden />
            Back to {draft.expertName}
          </Link>
        ) : null}
        <h1 className="mt-3 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Complete your booking</h1>
        <p className="mt-1 text-slate-700">Review your session and pay securely. You are only charged once, and the expert is paid after you confirm.</p>

        <div className="mt-8 grid items-start gap-6 lg:grid-cols-[1fr_26rem]">
          {/* The card form comes first, so on a phone the Pay button is on the first screen; the summary is beside it on wide screens. */}
          <div className="space-y-6 lg:col-start-1 lg:row-start-1">
            <Card>
              <CardHeader>
                <CardTitle>Payment details</CardTitle>
              </CardHeader>
              <CardContent className="space-y-5">
                {draft ? (
                  <ProgrammeCover
                    target={{ expertId: draft.expertId, durationMinutes }}
                    choice={coverChoice}
                    onChoose={setCoverChoice}
                    disabled={book.isPending}
                  />
                ) : null}
                {draft && fullyCovered ? (
                  <form onSubmit={submit} noValidate className="space-y-5">
                    <p className="text-sm text-slate-700">No card is needed: {covered.organisationName} pays this session.</p>
                    <FormError>{error}</FormError>
                    <Button type="submit" size="lg" wrap className="w-full" disabled={book.isPending} aria-busy={book.isPending}>
                      {book.isPending ? <Loader2 className="h-4 w-4 shrink-0 animate-spin" aria-hidden /> : <Lock className="h-4 w-4 shrink-0" aria-hidden />}
                      Book with {covered.organisationName}’s credit
                    </Button>
                  </form>
                ) : draft && config.isPending ? (
                  <Centred>
                    <Spinner />
                  </Centred>
                ) : draft && stripeKey ? (
                  <Suspense
                    fallback={
                      <Centred>
                        <Spinner />
                      </Centred>
                    }
                  >
                    <StripeCardForm
                      publishableKey={stripeKey}
                      payLabel={`Pay ${total}`}
                      book={(paymentMethodId) => request(draft, { paymentMethodId, ...viaProgramme })}
                      onBooked={booked}
                      onExpired={book.renewKey}
                    />
                  </Suspense>
                ) : draft ? (
                  <form onSubmit={submit} noValidate className="space-y-5">
                    <CardFields card={card} onChange={setCard} disabled={book.isPending} invalid={Boolean(error)} />
                    <FormError>{error}</FormError>
                    <Button type="submit" size="lg" className="w-full" disabled={book.isPending} aria-busy={book.isPending}>
                      {book.isPending ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden /> : <Lock className="h-4 w-4" aria-hidden />}
                      Pay {total}
                    </Button>
                    <TestModeNotice />
                  </form>
                ) : (
                  <div className="rounded-xl border border-dashed border-slate-300 px-6 py-10 text-center">
                    <p className="font-semibold text-slate-900">No session selected</p>
                    <p className="mt-1 text-sm text-slate-700">Choose an expert, a date and a time first, then come back here to pay.</p>
                    <Button asChild className="mt-5">
                      <Link to="/results">Find an Expert</Link>
                    </Button>
                  </div>
                )}
              </CardContent>
            </Card>
          </div>
          <div className="space-y-6 lg:col-start-2 lg:row-span-2 lg:row-start-1">
            <PaymentSummary draft={draft} durationMinutes={durationMinutes} />
            <ProtectionNotice />
          </div>
          <div className="lg:col-start-1">
            <HowItWorks />
          </div>
        </div>
      </div>
    </div>
  );
}
