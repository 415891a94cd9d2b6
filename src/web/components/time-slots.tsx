import { format, getHours } from 'date-fns';
import { RadioGroup } from 'radix-ui';
import { cn } from '../lib/cn';
import { inViewerZone } from '../lib/viewer-zone';

/** '9:15 AM': a UTC instant as 12-hour US English time in the viewer's zone (docs/product.md "Availability"). */
export const slotLabel = (iso: string) => format(new Date(iso), 'h:mm a', inViewerZone());

const parts = [
  { name: 'Morning', until: 12 },
  { name: 'Afternoon', until: 17 },
  { name: 'Evening', until: 24 },
] as const;

/** Slots split into morning / afternoon / evening by the hour in the viewer's zone, empty parts left out. */
function byPartOfDay(slots: string[]) {
  const zone = inViewerZone();
  return parts
    .map((part, i) => ({
      name: part.name,
      slots: slots.filter((s) => {
        const hour = getHours(new Date(s), zone);
        return hour < part.until && hour >= (i === 0 ? 0 : parts[i - 1]!.until);
      }),
    }))
    .filter((p) => p.slots.length > 0);
}

/**
 * The free start times of the chosen day as a grid of buttons with radio-group semantics (one choice,
 * arrow keys move between times, Enter or Space picks the focused one). `labelledBy` names the group.
 */
export function TimeSlots({
  slots,
  value,
  onChange,
  labelledBy,
}: {
  slots: string[];
  value: string | null;
  onChange: (iso: string) => void;
  labelledBy: string;
}) {
  return (
    <RadioGroup.Root value={value ?? ''} onValueChange={onChange} aria-labelledby={labelledBy} className="max-h-72 space-y-4 overflow-y-auto pr-1">
      {byPartOfDay(slots).map((part) => (
        <div key={part.name}>
          <p className="mb-2 text-xs font-semibold uppercase tracking-wide text-slate-600" aria-hidden>
            {part.name}
          </p>
          <div className="grid grid-cols-3 gap-2">
            {part.slots.map((iso) => (
              <RadioGroup.Item
                key={iso}
                value={iso}
                // Radix follows the radio pattern, where Enter does nothing; people expect Enter to pick a time too.
                onKeyDown={(e) => {
                  if (e.key === 'Enter') onChange(iso);
                }}
                className={cn(
                  'h-10 cursor-pointer rounded-lg border text-sm font-medium tabular-nums transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
                  'border-slate-300 bg-white text-slate-800 hover:border-brand-500 hover:text-brand-700',
                  'data-[state=checked]:border-brand-600 data-[state=checked]:bg-brand-600 data-[state=checked]:text-white',
                )}
              >
                {slotLabel(iso)}
              </RadioGroup.Item>
            ))}
          </div>
        </div>
      ))}
    </RadioGroup.Root>
  );
}
