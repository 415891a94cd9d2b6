import { Suspense, useState, type ComponentType, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { cardError, type CardInput } from '@shared/cards';
import { formatMoney } from '@shared/pricing';
import type { PaymentAction, SessionView } from '@shared/schemas/sessions';
import type { WorkshopView } from '@shared/schemas/workshops';
import { workshopMessages } from '@shared/workshops';
import { CardFields, emptyCard } from '../../components/card-fields';
import { chosenCover, ProgrammeCover, type CoverChoice } from '../../components/programmes/programme-cover';
import { Button } from '../../components/ui/button';
import { FormError } from '../../components/ui/input';
import { Spinner } from '../../components/ui/spinner';
import { TestModeNotice } from '../../components/test-mode-notice';
import { useAuth } from '../../lib/auth';
import { useClientConfig } from '../../lib/client-config';
import { useProgrammeCover } from '../../lib/programmes';
import { signInPath } from '../../lib/return-path';
import { toast } from '../../lib/toast';
import { useHydrated } from '../../lib/use-hydrated';
import { useWaitlist } from './api/get-waitlist';
import { useBookSeat } from './api/post-workshop-seat';
import { WaitlistOffer, WaitlistPanel } from './waitlist-panel';
import { seatPrice } from './workshop-card';

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
 * with Stripe, as for a session — held until the workshop has taken place. A full workshop offers its waitlist; a
 * seat offered to the viewer from it is booked here too ('Claim your seat'). On success the seat's page
 * (/session/{id}) opens.
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
  const place = useWaitlist(w.id, hydrated && me?.role === 'client' && w.status === 'published');
  const offer = place.data?.status === 'offered' ? place.data.offerExpiresAt : null;
  // An access programme may pay all or part of a paid seat (docs/product.md "Booking with credit"); the card the rest.
  const [coverChoice, setCoverChoice] = useState<CoverChoice>(undefined);
  const coverable = paid && hydrated && me?.role === 'client';
  const cover = useProgrammeCover(coverable ? { workshopId: w.id } : null, coverable);
  const covered = chosenCover(cover.data?.items, coverChoice);
  const viaProgramme = covered ? { programmeId: covered.programmeId } : {};
  const fullyCovered = covered !== null && covered.youPayCents === 0;

  if (w.status === 'cancelled') return <p className="font-medium text-slate-900">{workshopMessages.cancelled}</p>;
  // A member of the sponsoring programme takes a reserved seat even when the public ones are sold.
  const sponsoredSeat = Boolean(w.sponsor?.seatsLeft) && fullyCovered;
  if (w.seatsLeft === 0 && !offer && !sponsoredSeat)
    return <WaitlistPanel workshop={w} signedIn={hydrated && Boolean(me)} place={me?.role === 'client' ? place : null} />;
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
  if (paid && config.isPending) return <Spinner />;
  const stripeKey = config.data?.stripePublishableKey;
  const payLabel = `${offer ? workshopMessages.claimSeat : 'Book a seat'} · ${covered ? formatMoney(covered.youPayCents, w.currency) : seatPrice(w)}`;
  const offerNotice = offer ? <WaitlistOffer workshopId={w.id} expiresAt={offer} /> : null;
  const funding = coverable ? <ProgrammeCover target={{ workshopId: w.id }} choice={coverChoice} onChoose={setCoverChoice} disabled={book.isPending} /> : null;
  if (paid && stripeKey && !fullyCovered)
    return (
      <div className="space-y-4">
        {offerNotice}
        {funding}
        <Suspense fallback={<Spinner />}>
          <StripeCardForm
            publishableKey={stripeKey}
            payLabel={payLabel}
            book={(paymentMethodId) => book.mutateAsync({ paymentMethodId, ...viaProgramme })}
            onBooked={booked}
            // A lapsed reservation freed the seat: the next attempt books afresh (each attempt has its own key).
            onExpired={() => undefined}
          />
        </Suspense>
      </div>
    );

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (book.isPending) return;
    const withCard = paid && !fullyCovered;
    const problem = withCard ? cardError(card) : null;
    setError(problem);
    if (problem) return;
    book.mutateAsync(withCard ? { card, ...viaProgramme } : fullyCovered ? { programmeId: covered.programmeId } : undefined).then(
      ({ session }) => booked(session),
      (err: Error) => {
        setError(err.message);
        toast.error(err.message);
      },
    );
  };
  return (
    <form onSubmit={submit} className="space-y-4" aria-label="Book a seat">
      {offerNotice}
      {funding}
      {fullyCovered ? <p className="text-sm text-slate-700">No card is needed: {covered.organisationName} pays this seat.</p> : null}
      {paid && !fullyCovered ? <CardFields card={card} onChange={setCard} disabled={book.isPending} invalid={Boolean(error)} /> : null}
      {error ? <FormError>{error}</FormError> : null}
      <Button type="submit" size="lg" wrap disabled={book.isPending} aria-busy={book.isPending}>
        {fullyCovered ? `${offer ? workshopMessages.claimSeat : 'Book a seat'} with ${covered.organisationName}’s credit` : payLabel}
      </Button>
      {paid && !fullyCovered ? <TestModeNotice /> : null}
    </form>
  );
}
