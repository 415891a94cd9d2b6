import { useMutation } from '@tanstack/react-query';
import { ArrowLeft, Loader2, Lock } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { cardError, type CardInput } from '@shared/cards';
import { messages } from '@shared/messages';
import { defaultDuration, formatMoney, totalCents } from '@shared/pricing';
import type { PaymentAction, SessionView } from '@shared/schemas/sessions';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { FormError } from '../../components/ui/input';
import { PageSpinner, Spinner } from '../../components/ui/spinner';
import { api } from '../../lib/api';
import { useAuth } from '../../lib/auth';
import { clearBookingDraft, loadBookingDraft, type BookingDraft } from '../../lib/booking-draft';
import { useClientConfig } from '../../lib/client-config';
import { CardFields } from './card-fields';
import { HowItWorks, ProtectionNotice, TestModeNotice } from './payment-assurances';
import { PaymentSummary } from './payment-summary';
import { SignInPrompt } from './sign-in-prompt';
import { StripeCardForm } from './stripe-card-form';

const emptyCard: CardInput = { cardholderName: '', number: '', expiry: '', cvc: '' };

function isDraft(value: unknown): value is BookingDraft {
  const d = value as Partial<BookingDraft> | null;
  return Boolean(d && typeof d.expertId === 'string' && typeof d.startsAt === 'string' && typeof d.hourlyRateCents === 'number');
}

/** A random key for this visit's booking; crypto.randomUUID needs a secure context, getRandomValues does not. */
function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * /payment (docs/product.md "Payments"): the booking draft from navigation state (or sessionStorage after a reload),
 * a card form, the summary, the protection notice and 'How it works'. Paying POSTs /api/sessions with one
 * Idempotency-Key per visit, so a double click or a retry can never book or charge twice. The card form is
 * Stripe Elements when the server reports a Stripe publishable key (docs/product.md "Payments"), else the simulated one.
 */
export default function PaymentPage() {
  const { me, loading } = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const [draft] = useState<BookingDraft | null>(() => (isDraft(location.state) ? location.state : loadBookingDraft()));
  const [idempotencyKey, setIdempotencyKey] = useState(newIdempotencyKey);
  const config = useClientConfig();
  const stripeKey = config.data?.stripePublishableKey ?? null;
  const [card, setCard] = useState<CardInput>(emptyCard);
  const [error, setError] = useState<string | null>(null);
  const durationMinutes = draft?.durationMinutes ?? defaultDuration;

  const request = (d: BookingDraft, payment: { card: CardInput } | { paymentMethodId: string }) =>
    api<{ session: SessionView; paymentAction?: PaymentAction }>('/api/sessions', {
      method: 'POST',
      headers: { 'Idempotency-Key': idempotencyKey },
      body: {
        expertId: d.expertId,
        startsAt: d.startsAt,
        durationMinutes: d.durationMinutes,
        topic: d.topic,
        kind: 'paid',
        ...payment,
        timeZone: d.timeZone || Intl.DateTimeFormat().resolvedOptions().timeZone,
      },
    });
  const booked = (session: SessionView) => {
    toast.success(messages.payment.success);
    toast.success(messages.payment.booked(session.expertName));
    clearBookingDraft();
    void navigate('/dashboard/client');
  };

  const pay = useMutation({
    mutationFn: (d: BookingDraft) => request(d, { card }),
    onSuccess: ({ session }) => booked(session),
    onError: (err) => {
      setError(err.message);
      toast.error(err.message);
    },
  });

  if (loading) return <PageSpinner />;
  if (!me) return <SignInPrompt message={messages.booking.signInToBook} />;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!draft || pay.isPending) return;
    const problem = cardError(card);
    setError(problem);
    if (!problem) pay.mutate(draft);
  };
  const total = draft ? formatMoney(totalCents(draft.hourlyRateCents, durationMinutes), draft.currency) : null;

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
          <div className="space-y-6 lg:order-2">
            <PaymentSummary draft={draft} durationMinutes={durationMinutes} />
            <ProtectionNotice />
          </div>
          <div className="space-y-6 lg:order-1">
            <Card>
              <CardHeader>
                <CardTitle>Payment details</CardTitle>
              </CardHeader>
              <CardContent>
                {draft && config.isPending ? (
                  <div className="flex justify-center py-10">
                    <Spinner />
                  </div>
                ) : draft && stripeKey ? (
                  <StripeCardForm
                    publishableKey={stripeKey}
                    payLabel={`Pay ${total}`}
                    book={(paymentMethodId) => request(draft, { paymentMethodId })}
                    onBooked={booked}
                    onExpired={() => setIdempotencyKey(newIdempotencyKey())}
                  />
                ) : draft ? (
                  <form onSubmit={submit} noValidate className="space-y-5">
                    <CardFields card={card} onChange={setCard} disabled={pay.isPending} invalid={Boolean(error)} />
                    <FormError>{error}</FormError>
                    <Button type="submit" size="lg" className="w-full" disabled={pay.isPending} aria-busy={pay.isPending}>
                      {pay.isPending ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden /> : <Lock className="h-4 w-4" aria-hidden />}
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
            <HowItWorks />
          </div>
        </div>
      </div>
    </div>
  );
}
