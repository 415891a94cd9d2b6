/** The client moves a booked session to another free time of the same expert (docs/product.md "Reschedule"). */
import { useState, type FormEvent } from 'react';
import { messages } from '@shared/messages';
import type { SessionView } from '@shared/schemas/sessions';
import { Dialog, DialogButtons } from '../../components/ui/dialog';
import { FormError } from '../../components/ui/input';
import { formatDateTime } from '../../lib/format';
import { useDialogAction } from '../../lib/use-dialog-action';
import { useSessionAction } from './api/session-actions';
import { LazyRescheduleSlotPicker } from './lazy-reschedule-slot-picker';

/** Pick a day and a time among the session's free times and move it there; the payment stays as it is. */
export function RescheduleDialog({ session, open, onOpenChange }: { session: SessionView; open: boolean; onOpenChange: (open: boolean) => void }) {
  const [startsAt, setStartsAt] = useState<string | null>(null);
  const { error, setError, run, pending } = useDialogAction(useSessionAction(session.id), () => onOpenChange(false));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!startsAt) return setError(messages.booking.selectTime);
    run({ path: 'reschedule', body: { startsAt } }, messages.reschedule.done, () => setStartsAt(null));
  };

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Reschedule this session"
      description={`Now: ${formatDateTime(session.startsAt)}. Pick a new time with ${session.expertName}; your payment stays as it is and both of you get an updated calendar invite.`}
      className="sm:max-w-3xl"
    >
      <form onSubmit={submit} noValidate className="space-y-4">
        {open ? <LazyRescheduleSlotPicker sessionId={session.id} value={startsAt} onChange={setStartsAt} /> : null}
        {startsAt ? (
          <p className="rounded-lg bg-brand-50 px-3 py-2 text-sm text-slate-900" aria-live="polite">
            New time: <span className="font-semibold">{formatDateTime(startsAt)}</span>
          </p>
        ) : null}
        <FormError>{error}</FormError>
        <DialogButtons onCancel={() => onOpenChange(false)} cancelLabel="Keep Current Time" submitLabel="Reschedule" pending={pending} />
      </form>
    </Dialog>
  );
}
