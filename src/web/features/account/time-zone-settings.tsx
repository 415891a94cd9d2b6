import { useState, type FormEvent } from 'react';
import type { Me } from '@shared/schemas/profile';
import { FormError } from '../../components/ui/input';
import { SaveRow } from '../../components/ui/save-row';
import { ApiError } from '../../lib/api';
import { TimeZoneSelect } from '../../components/time-zone-select';
import { viewerTimeZone } from '../../lib/viewer-zone';
import { useSaveTimeZone } from './api/save-time-zone';

const saveFailed = 'Your time zone could not be saved. Please try again.';

/**
 * The account's time zone on /account (docs/product.md "E-mail"): the website's times, e-mails, reminders and
 * calendar invites are written in it. Starts from the stored zone, else the browser's; saved with PUT /api/me/time-zone.
 */
export function TimeZoneSettings({ me }: { me: Me }) {
  const [zone, setZone] = useState(me.timeZone ?? viewerTimeZone());
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const save = useSaveTimeZone();

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    setSaved(false);
    try {
      await save.mutateAsync({ timeZone: zone });
      setSaved(true);
    } catch (err) {
      setError(err instanceof ApiError && err.status !== 500 ? err.message : saveFailed);
    }
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <div>
        <h2 className="text-lg font-semibold text-slate-900">Time zone</h2>
        <p className="mt-1 text-sm text-slate-600">
          {me.timeZone ? (
            <>
              Times on Mentora, your e-mails, reminders and calendar invites are shown in <span className="font-medium text-slate-900">{me.timeZone}</span>.
            </>
          ) : (
            'Choose the time zone Mentora, your e-mails, reminders and calendar invites show times in.'
          )}
        </p>
      </div>
      <TimeZoneSelect
        id="account-time-zone"
        value={zone}
        onChange={(next) => {
          setZone(next);
          setSaved(false);
        }}
      />
      <FormError>{error}</FormError>
      <SaveRow label="Save time zone" pending={save.isPending} saved={saved ? 'Time zone saved.' : null} />
    </form>
  );
}
