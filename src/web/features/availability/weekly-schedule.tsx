import { Switch } from 'radix-ui';
import { weekdayNames } from '@shared/slots';
import { defaultRange, range, type DayDraft } from './schedule-draft';
import { TimeRangeFields } from './time-range-fields';

/**
 * Weekly hours, Monday to Sunday: a switch per day and its ranges. Switching a day on with no ranges gives it
 * 9:00 AM–5:00 PM; removing a day's last range switches it off.
 */
export function WeeklySchedule({ days, onChange }: { days: DayDraft[]; onChange: (days: DayDraft[]) => void }) {
  const update = (weekday: number, patch: Partial<DayDraft>) => onChange(days.map((d) => (d.weekday === weekday ? { ...d, ...patch } : d)));
  return (
    <ul className="divide-y divide-slate-200">
      {days.map((d) => {
        const name = weekdayNames[d.weekday] ?? '';
        return (
          <li key={d.weekday} className="flex flex-col gap-3 py-4 sm:flex-row sm:items-start sm:gap-6">
            <div className="flex w-40 shrink-0 items-center gap-3 sm:h-10">
              <Switch.Root
                checked={d.enabled}
                onCheckedChange={(on) =>
                  update(d.weekday, { enabled: on, ranges: on && d.ranges.length === 0 ? [range(defaultRange.startMinute, defaultRange.endMinute)] : d.ranges })
                }
                aria-label={`Available on ${name}`}
                className="relative inline-flex h-6 w-11 shrink-0 cursor-pointer items-center rounded-full bg-slate-500 transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 data-[state=checked]:bg-brand-600"
              >
                <Switch.Thumb className="block h-5 w-5 translate-x-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-5" />
              </Switch.Root>
              <span className="font-medium text-slate-900">{name}</span>
            </div>
            {d.enabled ? (
              <TimeRangeFields
                label={name}
                ranges={d.ranges}
                onChange={(ranges) => update(d.weekday, ranges.length ? { ranges } : { ranges, enabled: false })}
              />
            ) : (
              <p className="text-sm text-slate-700 sm:leading-10">Unavailable</p>
            )}
          </li>
        );
      })}
    </ul>
  );
}
