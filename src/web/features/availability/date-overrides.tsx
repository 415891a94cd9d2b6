import { CalendarOff, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { dayLabel } from '@shared/schemas/experts';
import { Button } from '../../components/ui/button';
import { Input, Label } from '../../components/ui/input';
import { defaultRange, range, sortOverrides, type OverrideDraft } from './schedule-draft';
import { TimeRangeFields } from './time-range-fields';

/**
 * Date exceptions: pick a date, then mark it a day off or give it custom hours that replace that weekday's
 * hours. Adding a date that already has an exception replaces it. Dates are in the expert's zone.
 */
export function DateOverrides({ overrides, onChange, today }: { overrides: OverrideDraft[]; onChange: (overrides: OverrideDraft[]) => void; today: string }) {
  const [date, setDate] = useState('');
  const [kind, setKind] = useState<OverrideDraft['kind']>('blocked');
  const ids = useId();
  const add = () => {
    if (!date) return;
    const added: OverrideDraft = { date, kind, ranges: kind === 'custom' ? [range(defaultRange.startMinute, defaultRange.endMinute)] : [] };
    onChange(sortOverrides([...overrides.filter((o) => o.date !== date), added]));
    setDate('');
  };
  const update = (d: string, patch: Partial<OverrideDraft>) => onChange(overrides.map((o) => (o.date === d ? { ...o, ...patch } : o)));

  return (
    <div className="space-y-5">
      <fieldset className="rounded-xl border border-slate-200 bg-slate-50 p-4">
        <legend className="px-1 text-sm font-semibold text-slate-900">Add a date</legend>
        <div className="flex flex-col gap-4 sm:flex-row sm:items-end">
          <div>
            <Label htmlFor={`${ids}-date`}>Date</Label>
            <Input id={`${ids}-date`} type="date" min={today} value={date} onChange={(e) => setDate(e.target.value)} className="sm:w-44" />
          </div>
          <div role="radiogroup" aria-label="Exception type" className="flex gap-4 sm:h-10 sm:items-center">
            {(
              [
                ['blocked', 'Day off'],
                ['custom', 'Custom hours'],
              ] as const
            ).map(([value, text]) => (
              <label key={value} className="flex cursor-pointer items-center gap-2 text-sm text-slate-800">
                <input
                  type="radio"
                  name={`${ids}-kind`}
                  value={value}
                  checked={kind === value}
                  onChange={() => setKind(value)}
                  className="h-4 w-4 accent-brand-600"
                />
                {text}
              </label>
            ))}
          </div>
          <Button variant="outline" onClick={add} disabled={!date}>
            Add date
          </Button>
        </div>
      </fieldset>

      {overrides.length === 0 ? (
        <p className="text-sm text-slate-700">No date exceptions. Your weekly hours apply every week.</p>
      ) : (
        <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200">
          {overrides.map((o) => {
            const label = dayLabel(o.date);
            return (
              <li key={o.date} className="flex flex-col gap-3 p-4 sm:flex-row sm:items-start sm:justify-between">
                <div className="sm:w-44 sm:leading-10">
                  <p className="font-medium text-slate-900">{label}</p>
                </div>
                <div className="flex-1">
                  {o.kind === 'blocked' ? (
                    <p className="flex items-center gap-2 text-sm text-slate-700 sm:h-10">
                      <CalendarOff className="h-4 w-4" aria-hidden />
                      Day off
                    </p>
                  ) : (
                    <TimeRangeFields label={label} ranges={o.ranges} keepOne onChange={(ranges) => update(o.date, { ranges })} />
                  )}
                </div>
                <Button
                  variant="ghost"
                  size="sm"
                  className="self-start sm:mt-1"
                  aria-label={`Remove exception on ${label}`}
                  onClick={() => onChange(overrides.filter((x) => x.date !== o.date))}
                >
                  <Trash2 className="h-4 w-4" aria-hidden />
                  Remove
                </Button>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
