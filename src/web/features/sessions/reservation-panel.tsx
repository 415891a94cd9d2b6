import { Clock, XCircle } from 'lucide-react';
import { Link } from 'react-router';
import { toast } from '../../lib/toast';
import { messages } from '@shared/messages';
import { reservationWords } from '@shared/reservation-words';
import type { SessionView } from '@shared/schemas/sessions';
import { Button } from '../../components/ui/button';
import { useSessionAction } from './api/session-actions';
import { StatusPanel } from './status-panel';

/**
 * A 3-D Secure reservation (docs/product.md "Payments"): pending_payment while the client's bank confirms the payment (the
 * client can ask the server to check again), expired once the 15 minutes passed without a payment.
 */
export function ReservationPanel({ session }: { session: SessionView }) {
  const action = useSessionAction(session.id);
  const client = session.viewerRole === 'client';
  // A workshop seat's reservation holds the seat: booking again starts from the workshop, not the expert's calendar.
  const seat = session.kind === 'workshop' && session.workshopId;
  if (session.status === 'expired') {
    return (
      <StatusPanel
        icon={XCircle}
        tone="neutral"
        title="Payment not completed"
        actions={
          client ? (
            <Button asChild>
              <Link to={seat ? `/workshops/${session.workshopId}` : `/expert/${session.expertSlug}`}>Book again</Link>
            </Button>
          ) : null
        }
      >
        <p>{reservationWords(session.kind).expired}</p>
      </StatusPanel>
    );
  }
  const check = () =>
    action.mutate(
      { path: 'payment' },
      {
        onSuccess: (s) => (s.status === 'booked' ? toast.success(messages.payment.success) : toast.info(messages.payment.awaitingPayment)),
        onError: (err) => toast.error(err.message),
      },
    );
  return (
    <StatusPanel
      icon={Clock}
      tone="amber"
      title="Awaiting payment"
      actions={
        client ? (
          <Button onClick={check} disabled={action.isPending} aria-busy={action.isPending}>
            Check payment
          </Button>
        ) : null
      }
    >
      <p>
        {client
          ? messages.payment.awaitingPayment
          : `${session.clientName}'s bank is still confirming the payment; the ${seat ? 'seat' : 'time'} is reserved meanwhile.`}
      </p>
    </StatusPanel>
  );
}
