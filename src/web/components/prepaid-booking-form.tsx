/**
 * Booking a session already paid for — from a package or a plan's month (docs/product.md "Plans and packages"): a day,
 * one of the expert's free times of the session's length before `endsAt`, a topic; no card step. `book` sends it.
 */
import { useState, type FormEvent } from 'react';
import type { SessionView } from '@shared/schemas/sessions';
import { Button } from './ui/button';
import { FormError, Input, Label, Textarea } from './ui/input';
import { formatDateTime } from '../lib/format';
import { viewerTimeZone } from '../lib/viewer-zone';
import { useSlots } from '../lib/get-slots';
import { toast } from '../lib/toast';

type Props = {
  /** Names the fields (unique on the page). */
  id: string;
  expertId: string;
  durationMinutes: number;
  /** Sessions must start before this instant (ISO). */
  endsAt: string;
  /** The form's accessible name and its button's words. */
  label: string;
  submitLabel: string;
  book: { mutateAsync: (body: { startsAt: string; topic: string }) => Promise<{ session: SessionView }>; isPending: boolean };
};

export function PrepaidBookingForm({ id, expertId, durationMinutes, endsAt, label, submitLabel, book }: Props) {
  const [date, setDate] = useState('');
  const [startsAt, setStartsAt] = useState('');
  const [topic, setTopic] = useState('');
  const [error, setError] = useState<string | null>(null);
  const tz = viewerTimeZone();
  const slots = useSlots(expertId, date || null, durationMinutes, tz);
  const free = (slots.data ?? []).filter((s) => new Date(s).getTime() < new Date(endsAt).getTime());
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (book.isPending) return;
    if (!startsAt) return setError('Please choose a time');
    if (!topic.trim()) return setError('Please describe what you would like to discuss');
    setError(null);
    book.mutateAsync({ startsAt, topic }).then(
      ({ session }) => {
        toast.success(`Booked: ${formatDateTime(session.startsAt)}`);
        setStartsAt('');
        setTopic('');
      },
      (err: Error) => setError(err.message),
    );
  };
  return (
    <form onSubmit={submit} className="mt-3 space-y-3" aria-label={label}>
      <div className="grid gap-3 sm:grid-cols-2">
        <div className="space-y-1">
          <Label htmlFor={`${id}-date`}>Day</Label>
          <Input
            id={`${id}-date`}
            type="date"
            value={date}
            onChange={(e) => {
              setDate(e.target.value);
              setStartsAt('');
            }}
          />
        </div>
        <div className="space-y-1">
          <Label htmlFor={`${id}-time`}>Time</Label>
          <select
            id={`${id}-time`}
            className="h-10 w-full rounded-md border border-slate-300 bg-white px-3 text-sm"
            value={startsAt}
            onChange={(e) => setStartsAt(e.target.value)}
            disabled={!date || slots.isPending}
          >
            <option value="">{!date ? 'Choose a day first' : slots.isPending ? 'Loading…' : free.length ? 'Choose a time' : 'No free times that day'}</option>
            {free.map((s) => (
              <option key={s} value={s}>
                {new Date(s).toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit', timeZone: tz })}
              </option>
            ))}
          </select>
        </div>
      </div>
      {slots.isError ? <FormError>{slots.error.message}</FormError> : null}
      <div className="space-y-1">
        <Label htmlFor={`${id}-topic`}>Topic</Label>
        <Textarea id={`${id}-topic`} rows={2} value={topic} onChange={(e) => setTopic(e.target.value)} maxLength={2000} />
      </div>
      {error ? <FormError>{error}</FormError> : null}
      <Button type="submit" disabled={book.isPending} aria-busy={book.isPending}>
        {submitLabel}
      </Button>
    </form>
  );
}
