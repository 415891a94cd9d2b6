import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe, type Stripe } from '@stripe/stripe-js';
import { Loader2, Lock } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { toast } from '../../lib/toast';
import { cardMessages } from '@shared/cards';
import { messages } from '@shared/messages';
import { isReservationExpired, reservationWords } from '@shared/reservation-words';
import type { SessionView } from '@shared/schemas/sessions';
import { Button } from '../../components/ui/button';
import { FormError, Input, Label } from '../../components/ui/input';
import { useSettlePayment } from './api/session-actions';

import type { BookingResult } from '../../lib/book-session';

export type BookWithCard = (paymentMethodId: string) => Promise<BookingResult>;

const loaded = new Map<string, Promise<Stripe | null>>();
/** Stripe.js, loaded once per publishable key; null when it cannot be loaded (e.g. blocked or offline). */
function stripeFor(publishableKey: string): Promise<Stripe | null> {
  if (!loaded.has(publishableKey))
    loaded.set(
      publishableKey,
      loadStripe(publishableKey).catch(() => null),
    );
  return loaded.get(publishableKey)!;
}

/**
 * The card form when Stripe payments are on (docs/product.md "Payments"): Stripe Elements collects the card in Stripe's own
 * frame, so card data never touches our server. Paying makes a PaymentMethod, `book`s with its id (the server
 * computes the amount), and when the bank asks for 3-D Secure runs it with the client secret and then asks
 * the server to settle (the server checks with Stripe; the slot is reserved for 15 minutes meanwhile).
 * `onExpired` is called when the reservation lapsed, so the page can start a fresh booking attempt.
 */
export function StripeCardForm(props: {
  publishableKey: string;
  payLabel: string;
  book: BookWithCard;
  onBooked: (session: SessionView) => void;
  onExpired: () => void;
}) {
  const [unavailable, setUnavailable] = useState(false);
  useEffect(() => {
    let live = true;
    void stripeFor(props.publishableKey).then((stripe) => live && setUnavailable(!stripe));
    return () => {
      live = false;
    };
  }, [props.publishableKey]);
  if (unavailable) return <FormError>{messages.payment.cardFormUnavailable}</FormError>;
  return (
    <Elements stripe={stripeFor(props.publishableKey)}>
      <CardForm {...props} />
    </Elements>
  );
}

function CardForm({
  payLabel,
  book,
  onBooked,
  onExpired,
}: {
  payLabel: string;
  book: BookWithCard;
  onBooked: (session: SessionView) => void;
  onExpired: () => void;
}) {
  const stripe = useStripe();
  const settle = useSettlePayment();
  const elements = useElements();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const fail = (message: string) => {
    setError(message);
    toast.error(message);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const card = elements?.getElement(CardElement);
    if (!stripe || !card || busy) return;
    if (!name.trim()) return setError(cardMessages.cardholderName);
    setBusy(true);
    setError(null);
    try {
      const made = await stripe.createPaymentMethod({ type: 'card', card, billing_details: { name: name.trim() } });
      if (made.error || !made.paymentMethod) return fail(made.error?.message ?? messages.payment.failed);
      const { session, paymentAction } = await book(made.paymentMethod.id);
      // A repeated attempt answers the first one: a reservation still awaiting the bank is not a booking.
      if (!paymentAction) return session.status === 'booked' ? onBooked(session) : fail(messages.payment.awaitingPayment);
      toast.info(reservationWords(session.kind).authenticationRequired);
      const action = await stripe.handleNextAction({ clientSecret: paymentAction.clientSecret });
      // Whatever the browser was told, the server asks Stripe before booking.
      const settled = await settle.mutateAsync(session.id);
      if (settled.status === 'booked') return onBooked(settled);
      fail(action.error?.message ?? messages.payment.awaitingPayment);
    } catch (err) {
      const message = err instanceof Error ? err.message : messages.payment.failed;
      if (isReservationExpired(message)) onExpired();
      fail(message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-5">
      <div>
        <Label htmlFor="stripe-cardholder-name">Cardholder name</Label>
        <Input
          id="stripe-cardholder-name"
          autoComplete="cc-name"
          value={name}
          onChange={(e) => setName(e.target.value)}
          disabled={busy}
          aria-invalid={Boolean(error) && !name.trim()}
          placeholder="Name as shown on the card"
        />
      </div>
      <div role="group" aria-labelledby="stripe-card-label">
        <p id="stripe-card-label" className="mb-1.5 text-sm font-medium text-slate-900">
          Card details
        </p>
        <div className="rounded-lg border border-slate-300 bg-white px-3 py-3 focus-within:ring-2 focus-within:ring-brand-600">
          <CardElement
            options={{ hidePostalCode: true, disabled: busy, style: { base: { fontSize: '16px', color: '#0f172a', '::placeholder': { color: '#64748b' } } } }}
          />
        </div>
        <p className="mt-1.5 text-xs text-slate-600">Your card is handled by Stripe and never reaches Mentora&apos;s servers.</p>
      </div>
      <FormError>{error}</FormError>
      <Button type="submit" size="lg" className="w-full" disabled={busy || !stripe} aria-busy={busy}>
        {busy ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden /> : <Lock className="h-4 w-4" aria-hidden />}
        {payLabel}
      </Button>
    </form>
  );
}
