import { messages } from '@shared/messages';
import { isReservationExpired, reservationWords } from '@shared/reservation-words';
import type { SessionView } from '@shared/schemas/sessions';
import { StripeCardForm as CardForm, type PayWithCard } from '../../components/stripe-card-form';
import { toast } from '../../lib/toast';
import { useSettlePayment } from './api/session-actions';

import type { BookingResult } from '../../lib/book-session';

export type BookWithCard = (paymentMethodId: string) => Promise<BookingResult>;

/**
 * A session's or seat's Stripe Elements card form (docs/product.md "Payments"; the form is components/stripe-card-form):
 * `book`s with the PaymentMethod's id (the server computes the amount), and when the bank asks for 3-D Secure runs it
 * with the client secret and then asks the server to settle (the server checks with Stripe; the slot is reserved for 15
 * minutes meanwhile). `onExpired` is called when the reservation lapsed, so the page can start a fresh booking attempt.
 */
export function StripeCardForm({
  publishableKey,
  payLabel,
  book,
  onBooked,
  onExpired,
}: {
  publishableKey: string;
  payLabel: string;
  book: BookWithCard;
  onBooked: (session: SessionView) => void;
  onExpired: () => void;
}) {
  const settle = useSettlePayment();
  const pay: PayWithCard = async (paymentMethodId, confirm) => {
    try {
      const { session, paymentAction } = await book(paymentMethodId);
      // A repeated attempt answers the first one: a reservation still awaiting the bank is not a booking.
      if (!paymentAction) {
        if (session.status === 'booked') return onBooked(session);
        throw new Error(messages.payment.awaitingPayment);
      }
      toast.info(reservationWords(session.kind).authenticationRequired);
      const refused = await confirm(paymentAction.clientSecret);
      // Whatever the browser was told, the server asks Stripe before booking.
      const settled = await settle.mutateAsync(session.id);
      if (settled.status === 'booked') return onBooked(settled);
      throw new Error(refused ?? messages.payment.awaitingPayment);
    } catch (err) {
      if (err instanceof Error && isReservationExpired(err.message)) onExpired();
      throw err;
    }
  };
  return <CardForm publishableKey={publishableKey} payLabel={payLabel} pay={pay} />;
}
