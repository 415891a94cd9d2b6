/**
 * The "Calendar feed" card on /account (docs/product.md "Calendar feed"): the account's private address that Google,
 * Apple and Outlook calendars subscribe to. Only a hash of it is stored (docs/security.md "Calendar feed address"), so
 * the full address is shown once, right after it is created or reset; later visits offer a reset, which makes the old
 * address stop working.
 */
import { useState, type FormEvent } from 'react';
import { Button } from '../../components/ui/button';
import { Dialog, DialogButtons } from '../../components/ui/dialog';
import { FormError, Input, Label } from '../../components/ui/input';
import { LoadError } from '../../components/ui/load-error';
import { ApiError } from '../../lib/api';
import { formatLongDate } from '../../lib/format';
import { useCalendarFeed } from './api/get-calendar-feed';
import { useResetCalendarFeed } from './api/reset-calendar-feed';

const createFailed = 'Your calendar address could not be created. Please try again.';
const copyFailed = 'Copying did not work here: select the address and copy it yourself.';

/** Where each calendar program takes a subscription address. */
function SubscribeHelp() {
  return (
    <ul className="list-disc space-y-1 pl-5 text-sm text-slate-600">
      <li>
        <span className="font-medium text-slate-900">Google Calendar</span> (on a computer): Other calendars → + → From URL.
      </li>
      <li>
        <span className="font-medium text-slate-900">Apple Calendar</span>: File → New Calendar Subscription (on iPhone: Settings → Calendar → Accounts → Add
        Account → Other → Add Subscribed Calendar).
      </li>
      <li>
        <span className="font-medium text-slate-900">Outlook</span>: Add calendar → Subscribe from web.
      </li>
    </ul>
  );
}

/** The new address in a read-only field with a Copy button and its confirmation. */
function NewAddress({ url }: { url: string }) {
  const [copied, setCopied] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function copy() {
    setError(null);
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
    } catch {
      setCopied(false);
      setError(copyFailed);
    }
  }

  return (
    <div className="space-y-2">
      <Label htmlFor="calendar-feed-url">Your calendar address</Label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Input id="calendar-feed-url" readOnly value={url} className="font-mono text-xs" onFocus={(e) => e.currentTarget.select()} />
        <Button type="button" variant="outline" onClick={() => void copy()}>
          Copy
        </Button>
      </div>
      {copied && (
        <p role="status" className="text-sm text-emerald-700">
          Copied. Paste it into your calendar app.
        </p>
      )}
      <FormError>{error}</FormError>
      <p className="text-sm text-amber-800">
        Copy it now: for your security it is shown only this once. Anyone who has this address can see your sessions, so keep it private.
      </p>
    </div>
  );
}

export function CalendarFeedSettings() {
  const status = useCalendarFeed();
  const reset = useResetCalendarFeed();
  const [url, setUrl] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function makeAddress() {
    setError(null);
    try {
      setUrl((await reset.mutateAsync()).url);
      setConfirming(false);
    } catch (err) {
      setConfirming(false);
      setError(err instanceof ApiError && err.status !== 500 ? err.message : createFailed);
    }
  }

  function submitReset(event: FormEvent) {
    event.preventDefault();
    void makeAddress();
  }

  return (
    <section aria-labelledby="calendar-feed-title" className="space-y-4">
      <div>
        <h2 id="calendar-feed-title" className="text-lg font-semibold text-slate-900">
          Calendar feed
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          Subscribe to your Mentora sessions in Google, Apple or Outlook calendar: upcoming sessions and those of the last 30 days, updated as you book or
          cancel.
        </p>
      </div>
      {status.isPending ? (
        <p className="text-sm text-slate-600">Loading…</p>
      ) : status.isError ? (
        <LoadError what="Your calendar feed could not be loaded." error={status.error} onRetry={() => status.refetch()} retrying={status.isFetching} />
      ) : (
        <>
          {url ? (
            <NewAddress url={url} />
          ) : status.data.exists && status.data.createdAt ? (
            <p className="text-sm text-slate-700">
              You created your calendar address on {formatLongDate(status.data.createdAt)}. It is shown only when it is made: if you no longer have it, reset it
              to get a new one. The current address then stops working, and calendars subscribed to it stop updating.
            </p>
          ) : null}
          <FormError>{error}</FormError>
          <div className="flex flex-wrap items-center gap-3">
            {status.data.exists || url ? (
              <Button type="button" variant="outline" onClick={() => setConfirming(true)}>
                Reset address
              </Button>
            ) : (
              <Button type="button" onClick={() => void makeAddress()} disabled={reset.isPending}>
                {reset.isPending ? 'Creating…' : 'Create address'}
              </Button>
            )}
          </div>
          <div className="space-y-1">
            <p className="text-sm font-medium text-slate-900">How to subscribe: add a calendar from URL and paste the address.</p>
            <SubscribeHelp />
          </div>
        </>
      )}
      <Dialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Reset your calendar address?"
        description="The current address stops working at once: calendars subscribed to it stop updating. You will get a new address to subscribe with."
      >
        <form onSubmit={submitReset} noValidate>
          <DialogButtons
            onCancel={() => setConfirming(false)}
            submitLabel={reset.isPending ? 'Resetting…' : 'Reset address'}
            pending={reset.isPending}
            destructive
          />
        </form>
      </Dialog>
    </section>
  );
}
