import { AlertTriangle, CalendarCheck, CheckCircle2, Hourglass, XCircle } from 'lucide-react';
import { useState } from 'react';
import type { SessionView } from '@shared/schemas/sessions';
import { canCancel } from '@shared/sessions';
import { Button } from '../../components/ui/button';
import { CancelDialog } from './cancel-dialog';
import { ProposeRescheduleDialog } from './propose-reschedule-dialog';
import { ReservationPanel } from './reservation-panel';
import { CancellationDetails, CancelledTitle, StatusPanel } from './status-panel';

/**
 * The expert's view of a session (docs/product.md "Sessions"): the client confirms completion and handles
 * payment; before a booked session starts the expert may propose a new time (docs/product.md "Reschedule proposals")
 * or cancel it (the client is refunded in full).
 */
export function ExpertPanel({ session }: { session: SessionView }) {
  const [cancelling, setCancelling] = useState(false);
  const [proposing, setProposing] = useState(false);
  const note = <p>{session.clientName} will confirm completion and handle payment.</p>;
  switch (session.status) {
    case 'booked': {
      const upcoming = canCancel({ status: session.status, startsAt: new Date(session.startsAt), endsAt: new Date(session.endsAt) });
      return (
        <StatusPanel
          icon={upcoming ? CalendarCheck : Hourglass}
          tone={upcoming ? 'brand' : 'amber'}
          title={upcoming ? 'Session Scheduled' : 'Awaiting confirmation'}
          actions={
            upcoming ? (
              <>
                <Button variant="outline" onClick={() => setProposing(true)}>
                  Propose a new time
                </Button>
                <Button variant="outline" onClick={() => setCancelling(true)}>
                  Cancel Session
                </Button>
              </>
            ) : undefined
          }
        >
          {note}
          {upcoming ? <p className="text-slate-700">If you cancel, the client is refunded in full.</p> : null}
          <CancelDialog session={session} open={cancelling} onOpenChange={setCancelling} />
          <ProposeRescheduleDialog session={session} open={proposing} onOpenChange={setProposing} />
        </StatusPanel>
      );
    }
    case 'confirmed':
      return (
        <StatusPanel icon={CheckCircle2} tone="green" title="Session Confirmed">
          <p>{session.clientName} confirmed the session took place and the payment was released to you.</p>
        </StatusPanel>
      );
    case 'completed':
      return (
        <StatusPanel icon={CheckCircle2} tone="green" title="Session Complete">
          <p>{session.clientName} confirmed the session and left feedback. Thank you for mentoring!</p>
        </StatusPanel>
      );
    case 'disputed':
      return (
        <StatusPanel icon={AlertTriangle} tone="amber" title="Under review">
          <p>{session.clientName} reported an issue with this session. Our team will review it and contact you; the payment stays held until then.</p>
        </StatusPanel>
      );
    case 'cancelled':
      return (
        <StatusPanel icon={XCircle} tone="neutral" title={<CancelledTitle />}>
          <CancellationDetails session={session} />
        </StatusPanel>
      );
    case 'pending_payment':
    case 'expired':
      return <ReservationPanel session={session} />;
  }
}
