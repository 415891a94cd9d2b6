import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { cardError, type CardInput } from '@shared/cards';
import type { WorkshopView } from '@shared/schemas/workshops';
import { workshopMessages } from '@shared/workshops';
import { CardFields } from '../../components/card-fields';
import { Button } from '../../components/ui/button';
import { FormError } from '../../components/ui/input';
import { useAuth } from '../../lib/auth';
import { useClientConfig } from '../../lib/client-config';
import { signInPath } from '../../lib/return-path';
import { toast } from '../../lib/toast';
import { useHydrated } from '../../lib/use-hydrated';
import { useBookSeat } from './api/post-workshop-seat';
import { seatPrice } from './workshop-card';

const emptyCard: CardInput = { cardholderName: '', number: '', expiry: '', cvc: '' };

/**
 * 'Book a seat' (docs/product.md "Workshops"): a visitor is asked to sign in first; a free seat is booked at once, a
 * paid one with the card, held until the workshop has taken place. A full workshop says so. On success the seat's
 * page (/session/{id}) opens.
 */
export function SeatBooking({ workshop: w }: { workshop: WorkshopView }) {
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
  if (paid && config.data?.stripePublishableKey) return <p className="text-sm text-slate-700">{workshopMessages.cardSoon}</p>;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (book.isPending) return;
    const problem = paid ? cardError(card) : null;
    setError(problem);
    if (problem) return;
    book.mutateAsync(paid ? card : undefined).then(
      ({ session }) => {
        toast.success(workshopMessages.seatBooked(w.title));
        void navigate(`/session/${encodeURIComponent(session.id)}`);
      },
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
      {paid ? (
        <p className="text-sm text-slate-700">
          Your payment is held until the workshop has taken place, and refunded by the expert’s cancellation policy if you cancel.
        </p>
      ) : null}
    </form>
  );
}
