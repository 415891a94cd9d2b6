import { Suspense, useState, type ComponentType, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { cardError, type CardInput } from '@shared/cards';
import type { PaymentAction, SessionView } from '@shared/schemas/sessions';
import type { WorkshopView } from '@shared/schemas/workshops';
import { workshopMessages } from '@shared/workshops';
import { CardFields } from '../../components/card-fields';
import { Button } from '../../components/ui/button';
import { FormError } from '../../components/ui/input';
import { Spinner } from '../../components/ui/spinner';
import { useAuth } from '../../lib/auth';
import { useClientConfig } from '../../lib/client-config';
import { signInPath } from '../../lib/return-path';
import { toast } from '../../lib/toast';
import { useHydrated } from '../../lib/use-hydrated';
import { useBookSeat } from './api/post-workshop-seat';
import { seatPrice } from './workshop-card';

const emptyCard: CardInput = { cardholderName: '', number: '', expiry: '', cvc: '' };

/**
 * The Stripe Elements card form of one-to-one sessions (the sessions feature's, given by src/web/app/workshop-route.tsx):
 * it makes a PaymentMethod, `book`s with its id, runs 3-D Secure when asked and settles the reservation.
 */
export type StripeCardFormComponent = ComponentType<{
  publishableKey: string;
  payLabel: string;
  book: (paymentMethodId: string) => Promise<{ session: SessionView; paymentAction?: PaymentAction }>;
  onBooked: (session: SessionView) => void;
  onExpired: () => void;
}>;

/**
 * 'Book a seat' (docs/product.md "Workshops"): a visitor is asked to sign in first; a free seat is booked at once, a
 * paid one with the card — the simulated card form, or Stripe Elements (`stripeCardForm`) when the server takes cards
 * with Stripe, as for a session — held until the workshop has taken place. A full workshop says so. On success the
 * seat's page (/session/{id}) opens.
 */
export function SeatBooking({ workshop: w, stripeCardForm: StripeCardForm }: { workshop: WorkshopView; stripeCardForm: StripeCardFormComponent }) {
  const hydrated = useHydrated();
  const { me } = useAuth();
  const config = useClientConfig();
  const navigate = useNavigate();
  const book = useBookSeat(w.id);
  const [card, setCard] = useState<CardInput>(emptyCard);
  const [error, setError] = useState<string | null>(null);
  const paid = w.priceCents > 0;

  if (w.status === 'cancelled') return <p className="font-medium text-slate-900">{workshopMessages.cancelled}</p>;
  if (w.seatsLeft === 0) return <p className="font-medium text-slate-900">{workshopMessages.full}</p>;
  if (!hydrated) return null;
  if (!me)
    return (
      <Button asChild size="lg">
        <Link to={signInPath(`/workshops/${w.id}`)}>Sign in to book a seat</Link>
      </Button>
    );
  const booked = (session: SessionView) => {
    toast.success(workshopMessages.seatBooked(w.title));
    void navigate(`/session/${encodeURIComponent(session.id)}`);
  };
  const holdNotice = (
    <p className="text-sm text-slate-700">
      Your payment is held until the workshop has taken place, and refunded by the expert’s cancellation policy if you cancel.
    </p>
  );
  if (paid && config.isPending) return <Spinner />;
  const stripeKey = config.data?.stripePublishableKey;
  if (paid && stripeKey)
    return (
      <div className="space-y-4">
        <Suspense fallback={<Spinner />}>
          <StripeCardForm
            publishableKey={stripeKey}
            payLabel={`Book a seat · ${seatPrice(w)}`}
            book={(paymentMethodId) => book.mutateAsync({ paymentMethodId })}
            onBooked={booked}
            // A lapsed reservation freed the seat: the next attempt books afresh (each attempt has its own key).
            onExpired={() => undefined}
          />
        </Suspense>
        {holdNotice}
      </div>
    );

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (book.isPending) return;
    const problem = paid ? cardError(card) : null;
    setError(problem);
    if (problem) return;
    book.mutateAsync(paid ? { card } : undefined).then(
      ({ session }) => booked(session),
      (err: Error) => {
        setError(err.message);
        toast.error(err.message);
      },
    );
  };
  return (
    <form onSubmit={submit} className="space-y-4" aria-label="Book a seat">
      {paid ? <CardFields card={card} onChange={setCard} disabled={book.isPending} invalid={Boolean(error)} /> : null}
      {error ? <FormError>{error}</FormError> : null}
      <Button type="submit" size="lg" disabled={book.isPending} aria-busy={book.isPending}>
        Book a seat · {seatPrice(w)}
      </Button>
      {paid ? holdNotice : null}
    </form>
  );
}
