import { useMemo } from 'react';
import { Label, Select } from './ui/input';

/** "GMT-7" style offset of `zone` now, for the option labels. */
function offsetOf(zone: string, now: Date): string {
  return (
    new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'shortOffset' }).formatToParts(now).find((p) => p.type === 'timeZoneName')?.value ?? ''
  );
}

/** IANA time zone select (the runtime's list; the stored zone is kept even when the list lacks it, e.g. 'UTC'). */
export function TimeZoneSelect({ id, value, onChange }: { id: string; value: string; onChange: (zone: string) => void }) {
  const zones = useMemo(() => {
    const now = new Date();
    return Intl.supportedValuesOf('timeZone').map((zone) => ({ zone, label: `${zone.replaceAll('_', ' ')} (${offsetOf(zone, now)})` }));
  }, []);
  const options = zones.some((o) => o.zone === value) ? zones : [{ zone: value, label: value }, ...zones];
  return (
    <div>
      <Label htmlFor={id}>Time zone</Label>
      <Select id={id} value={value} onChange={(e) => onChange(e.target.value)} className="sm:max-w-md">
        {options.map((o) => (
          <option key={o.zone} value={o.zone}>
            {o.label}
          </option>
        ))}
      </Select>
    </div>
  );
}
