import { useId } from 'react';
import { Input, Label, Select } from '../../components/ui/input';
import { bufferChoices, type LimitsDraft } from './schedule-draft';

/**
 * Scheduling limits (docs/product.md "Availability"): free minutes kept before and after each session, and the
 * most sessions clients can book on one day in the expert's zone (empty = no limit).
 */
export function SchedulingLimits({ limits, onChange }: { limits: LimitsDraft; onChange: (limits: LimitsDraft) => void }) {
  const id = useId();
  const buffer = (key: 'bufferBeforeMinutes' | 'bufferAfterMinutes', label: string) => (
    <div>
      <Label htmlFor={`${id}-${key}`}>{label}</Label>
      <Select id={`${id}-${key}`} value={limits[key]} onChange={(e) => onChange({ ...limits, [key]: Number(e.target.value) })}>
        {bufferChoices.map((m) => (
          <option key={m} value={m}>
            {m === 0 ? 'No buffer' : `${m} minutes`}
          </option>
        ))}
      </Select>
    </div>
  );
  return (
    <div className="grid gap-4 sm:grid-cols-3">
      {buffer('bufferBeforeMinutes', 'Buffer before sessions')}
      {buffer('bufferAfterMinutes', 'Buffer after sessions')}
      <div>
        <Label htmlFor={`${id}-max`}>Maximum sessions per day</Label>
        <Input
          id={`${id}-max`}
          inputMode="numeric"
          placeholder="No limit"
          aria-describedby={`${id}-max-hint`}
          value={limits.maxSessionsPerDay}
          onChange={(e) => onChange({ ...limits, maxSessionsPerDay: e.target.value })}
        />
        <p id={`${id}-max-hint`} className="mt-1 text-xs text-slate-700">
          Leave empty for no limit.
        </p>
      </div>
    </div>
  );
}
