import { useState, type FormEvent } from 'react';
import { workshopInput, type WorkshopInput } from '@shared/schemas/workshops';
import { wallClockToUtc } from '@shared/slots';
import { offsetName } from '@shared/wall-clock';
import { workshopCapacity, workshopMessages, workshopMinutes } from '@shared/workshops';
import { Button } from '../../components/ui/button';
import { FormError, Input, Label, Textarea } from '../../components/ui/input';
import { toast } from '../../lib/toast';
import { useCreateWorkshop } from './api/post-my-workshop';
import { TopicSelect } from './topic-select';

const zoneName = (zone: string) => zone.replace(/_/g, ' ');

/** The zone the start is typed in, with the offset of the date typed (not today's): 'America/Vancouver, GMT-8 on that date'. */
function startZoneHint(local: string, zone: string): string {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(local)) return `In your profile's time zone, ${zoneName(zone)}.`;
  const start = wallClockToUtc(local.slice(0, 10), Number(local.slice(11, 13)) * 60 + Number(local.slice(14, 16)), zone);
  return `${zoneName(zone)}, ${offsetName(zone, start)} on that date (your profile's time zone).`;
}

const blank = { title: '', description: '', topic: '', startsAtLocal: '', durationMinutes: '90', capacity: '10', price: '15', minAttendance: '' };

/**
 * The expert's new-workshop form (docs/product.md "Workshops"): title, description, catalogue topic, start in the
 * expert's own zone (their profile's, `timeZone`, named with the offset of the date typed), 30–180 minutes, 2–50 seats, price per seat in dollars (whole cents), optional
 * minimum attendance; published at once. Checked with the API's own contract before sending; the server's refusals
 * (e.g. a clash with a booked session) are shown as they come.
 */
export function WorkshopForm({ timeZone }: { timeZone: string | undefined }) {
  const [f, setF] = useState(blank);
  const [error, setError] = useState<string | null>(null);
  const create = useCreateWorkshop();
  const set = (patch: Partial<typeof blank>) => setF({ ...f, ...patch });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body: WorkshopInput = {
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
    const checked = workshopInput.safeParse(body);
    if (!checked.success) {
      setError(checked.error.issues[0]?.message ?? workshopMessages.title);
      return;
    }
    setError(null);
    create.mutateAsync(body).then(
      () => {
        toast.success(workshopMessages.published);
        setF(blank);
      },
      (err: Error) => setError(err.message),
    );
  };

  return (
    <form onSubmit={submit} className="grid gap-4 sm:grid-cols-2" aria-label="New workshop">
      <div className="sm:col-span-2">
        <Label htmlFor="ws-title">Title</Label>
        <Input id="ws-title" value={f.title} onChange={(e) => set({ title: e.target.value })} maxLength={120} />
      </div>
      <div className="sm:col-span-2">
        <Label htmlFor="ws-description">Description</Label>
        <Textarea id="ws-description" rows={4} value={f.description} onChange={(e) => set({ description: e.target.value })} />
      </div>
      <TopicSelect id="ws-topic" value={f.topic} none="Choose a topic" onChange={(topic) => set({ topic })} />
      <div>
        <Label htmlFor="ws-start">{timeZone ? `Start (${zoneName(timeZone)} time)` : 'Start'}</Label>
        <Input
          id="ws-start"
          type="datetime-local"
          value={f.startsAtLocal}
          aria-describedby="ws-start-zone"
          onChange={(e) => set({ startsAtLocal: e.target.value.slice(0, 16) })}
        />
        <p id="ws-start-zone" className="mt-1 text-xs text-slate-600">
          {timeZone ? startZoneHint(f.startsAtLocal, timeZone) : null}
        </p>
      </div>
      <div>
        <Label htmlFor="ws-duration">
          Duration ({workshopMinutes.min}–{workshopMinutes.max} minutes)
        </Label>
        <Input
          id="ws-duration"
          type="number"
          min={workshopMinutes.min}
          max={workshopMinutes.max}
          step={15}
          value={f.durationMinutes}
          onChange={(e) => set({ durationMinutes: e.target.value })}
        />
      </div>
      <div>
        <Label htmlFor="ws-capacity">
          Seats ({workshopCapacity.min}–{workshopCapacity.max})
        </Label>
        <Input
          id="ws-capacity"
          type="number"
          min={workshopCapacity.min}
          max={workshopCapacity.max}
          value={f.capacity}
          onChange={(e) => set({ capacity: e.target.value })}
        />
      </div>
      <div>
        <Label htmlFor="ws-price">Price per seat (USD, 0 for free)</Label>
        <Input id="ws-price" type="number" min={0} max={100} step={0.01} value={f.price} onChange={(e) => set({ price: e.target.value })} />
      </div>
      <div>
        <Label htmlFor="ws-min">Minimum attendance (optional)</Label>
        <Input id="ws-min" type="number" min={1} max={workshopCapacity.max} value={f.minAttendance} onChange={(e) => set({ minAttendance: e.target.value })} />
      </div>
      {error ? <FormError className="sm:col-span-2">{error}</FormError> : null}
      <div className="sm:col-span-2">
        <Button type="submit" disabled={create.isPending} aria-busy={create.isPending}>
          Publish workshop
        </Button>
      </div>
    </form>
  );
}
