import { useState, type FormEvent } from 'react';
import { workshopInput, workshopPatch, type MyWorkshopView, type WorkshopInput, type WorkshopPatch } from '@shared/schemas/workshops';
import { wallClockToUtc } from '@shared/slots';
import { offsetName, wallClockAt } from '@shared/wall-clock';
import { workshopCapacity, workshopMessages, workshopMinutes } from '@shared/workshops';
import { Button } from '../../components/ui/button';
import { FormError, Input, Label, Textarea } from '../../components/ui/input';
import { toast } from '../../lib/toast';
import { useUpdateWorkshop } from './api/patch-my-workshop';
import { useCreateWorkshop } from './api/post-my-workshop';
import { TopicSelect } from './topic-select';

const zoneName = (zone: string) => zone.replace(/_/g, ' ');

/** The zone the start is typed in, with the offset of the date typed (not today's): 'America/Vancouver, GMT-8 on that date'. */
function startZoneHint(local: string, zone: string): string {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(local)) return `In your profile's time zone, ${zoneName(zone)}.`;
  const start = wallClockToUtc(local.slice(0, 10), Number(local.slice(11, 13)) * 60 + Number(local.slice(14, 16)), zone);
  return `${zoneName(zone)}, ${offsetName(zone, start)} on that date (your profile's time zone).`;
}

type Fields = {
  title: string;
  description: string;
  topic: string;
  startsAtLocal: string;
  durationMinutes: string;
  capacity: string;
  price: string;
  minAttendance: string;
};

const blank: Fields = { title: '', description: '', topic: '', startsAtLocal: '', durationMinutes: '90', capacity: '10', price: '15', minAttendance: '' };

/** The form's fields of workshop `w`, its start as the wall clock of `zone` ('YYYY-MM-DDTHH:mm'). */
function fieldsOf(w: MyWorkshopView, zone: string): Fields {
  return {
    title: w.title,
    description: w.description,
    topic: w.topic,
    startsAtLocal: new Date(wallClockAt(Date.parse(w.startsAt), zone)).toISOString().slice(0, 16),
    durationMinutes: String(w.durationMinutes),
    capacity: String(w.capacity),
    price: String(w.priceCents / 100),
    minAttendance: w.minAttendance === null ? '' : String(w.minAttendance),
  };
}

/** The body the fields `f` make: a new workshop's, published at once. */
function bodyOf(f: Fields): WorkshopInput {
  return {
    title: f.title,
    description: f.description,
    topic: f.topic as WorkshopInput['topic'],
    startsAtLocal: f.startsAtLocal,
    durationMinutes: Number(f.durationMinutes),
    capacity: Number(f.capacity),
    priceCents: Math.round(Number(f.price) * 100),
    minAttendance: f.minAttendance === '' ? null : Number(f.minAttendance),
    publish: true,
  };
}

/** Only what the expert changed from `before`, so an unchanged start is never checked against the clock again. */
function changesOf(f: Fields, before: Fields): WorkshopPatch {
  const now = bodyOf(f);
  const was = bodyOf(before);
  const patch: Record<string, unknown> = {};
  for (const key of ['title', 'description', 'topic', 'startsAtLocal', 'durationMinutes', 'capacity', 'priceCents', 'minAttendance'] as const)
    if (now[key] !== was[key]) patch[key] = now[key];
  return patch as WorkshopPatch;
}

/**
 * The expert's workshop form (docs/product.md "Workshops"): title, description, catalogue topic, start in the
 * expert's own zone (their profile's, `timeZone`, named with the offset of the date typed), 30–180 minutes, 2–50 seats, price per seat in dollars (whole cents), optional
 * minimum attendance. Without `workshop` it creates one, published at once; with it, it edits that workshop, sending
 * only what changed and saying that attendees are told ("Editing"), then calls `onDone`. Checked with the API's own
 * contract before sending; the server's refusals (e.g. a clash with a booked session) are shown as they come.
 */
export function WorkshopForm({ timeZone, workshop, onDone }: { timeZone: string | undefined; workshop?: MyWorkshopView; onDone?: () => void }) {
  const initial = workshop && timeZone ? fieldsOf(workshop, timeZone) : blank;
  const [f, setF] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const create = useCreateWorkshop();
  const update = useUpdateWorkshop(workshop?.id ?? '');
  const pending = create.isPending || update.isPending;
  const set = (patch: Partial<Fields>) => setF({ ...f, ...patch });
  const id = (field: string) => (workshop ? `ws-${workshop.id}-${field}` : `ws-${field}`);
  const attendees = workshop ? workshop.seatsSold : 0;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body = workshop ? changesOf(f, initial) : bodyOf(f);
    const checked = workshop ? workshopPatch.safeParse(body) : workshopInput.safeParse(body);
    if (!checked.success) {
      setError(checked.error.issues[0]?.message ?? workshopMessages.title);
      return;
    }
    setError(null);
    const saved = workshop ? update.mutateAsync(body) : create.mutateAsync(body as WorkshopInput);
    saved.then(
      () => {
        if (workshop) {
          toast.success(attendees > 0 ? workshopMessages.savedWithAttendees : workshopMessages.saved);
          onDone?.();
        } else {
          toast.success(workshopMessages.published);
          setF(blank);
        }
      },
      (err: Error) => setError(err.message),
    );
  };

  return (
    <form onSubmit={submit} className="grid gap-4 sm:grid-cols-2" aria-label={workshop ? `Edit ${workshop.title}` : 'New workshop'}>
      {attendees > 0 ? (
        <p className="text-sm text-slate-800 sm:col-span-2">
          {attendees === 1 ? '1 attendee is' : `${attendees} attendees are`} e-mailed what you change, with their updated calendar invite. Their seats keep the
          price they were booked at; a new price is for new seats.
        </p>
      ) : null}
      <div className="sm:col-span-2">
        <Label htmlFor={id('title')}>Title</Label>
        <Input id={id('title')} value={f.title} onChange={(e) => set({ title: e.target.value })} maxLength={120} />
      </div>
      <div className="sm:col-span-2">
        <Label htmlFor={id('description')}>Description</Label>
        <Textarea id={id('description')} rows={4} value={f.description} onChange={(e) => set({ description: e.target.value })} />
      </div>
      <TopicSelect id={id('topic')} value={f.topic} none="Choose a topic" onChange={(topic) => set({ topic })} />
      <div>
        <Label htmlFor={id('start')}>{timeZone ? `Start (${zoneName(timeZone)} time)` : 'Start'}</Label>
        <Input
          id={id('start')}
          type="datetime-local"
          value={f.startsAtLocal}
          aria-describedby={id('start-zone')}
          onChange={(e) => set({ startsAtLocal: e.target.value.slice(0, 16) })}
        />
        <p id={id('start-zone')} className="mt-1 text-xs text-slate-600">
          {timeZone ? startZoneHint(f.startsAtLocal, timeZone) : null}
        </p>
      </div>
      <div>
        <Label htmlFor={id('duration')}>
          Duration ({workshopMinutes.min}–{workshopMinutes.max} minutes)
        </Label>
        <Input
          id={id('duration')}
          type="number"
          min={workshopMinutes.min}
          max={workshopMinutes.max}
          step={15}
          value={f.durationMinutes}
          onChange={(e) => set({ durationMinutes: e.target.value })}
        />
      </div>
      <div>
        <Label htmlFor={id('capacity')}>
          Seats ({workshopCapacity.min}–{workshopCapacity.max})
        </Label>
        <Input
          id={id('capacity')}
          type="number"
          min={Math.max(workshopCapacity.min, workshop ? workshop.seatsSold + workshop.seatsOffered : 0)}
          max={workshopCapacity.max}
          value={f.capacity}
          onChange={(e) => set({ capacity: e.target.value })}
        />
      </div>
      <div>
        <Label htmlFor={id('price')}>Price per seat (USD, 0 for free)</Label>
        <Input id={id('price')} type="number" min={0} max={100} step={0.01} value={f.price} onChange={(e) => set({ price: e.target.value })} />
      </div>
      <div>
        <Label htmlFor={id('min')}>Minimum attendance (optional)</Label>
        <Input
          id={id('min')}
          type="number"
          min={1}
          max={workshopCapacity.max}
          value={f.minAttendance}
          onChange={(e) => set({ minAttendance: e.target.value })}
        />
      </div>
      {error ? <FormError className="sm:col-span-2">{error}</FormError> : null}
      <div className="sm:col-span-2">
        <Button type="submit" disabled={pending} aria-busy={pending}>
          {workshop ? 'Save changes' : 'Publish workshop'}
        </Button>
        {workshop ? (
          <Button type="button" variant="ghost" className="ml-2" onClick={onDone}>
            Keep it as it is
          </Button>
        ) : null}
      </div>
    </form>
  );
}
