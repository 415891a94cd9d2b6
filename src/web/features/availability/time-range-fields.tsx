import { Plus, Trash2 } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { Select } from '../../components/ui/input';
import { endMinutes, minuteLabel, nextRange, startMinutes, type Range } from './schedule-draft';

/**
 * The time ranges of one day: a start and an end select per range (15-minute grid, 12-hour labels), a remove
 * button each, and 'Add time range'. `label` names the day in every control's accessible name
 * ('Monday start time 1'). `keepOne` disables removing the last range.
 */
export function TimeRangeFields({
  label,
  ranges,
  onChange,
  keepOne = false,
}: {
  label: string;
  ranges: Range[];
  onChange: (ranges: Range[]) => void;
  keepOne?: boolean;
}) {
  const update = (key: number, patch: Partial<Range>) => onChange(ranges.map((r) => (r.key === key ? { ...r, ...patch } : r)));
  const added = nextRange(ranges);
  return (
    <div className="space-y-2">
      {ranges.map((r, i) => {
        const n = ranges.length > 1 ? ` ${i + 1}` : '';
        return (
          <div key={r.key} className="flex items-center gap-2">
            <Select
              aria-label={`${label} start time${n}`}
              value={r.startMinute}
              onChange={(e) => update(r.key, { startMinute: Number(e.target.value) })}
              className="w-32 sm:w-36"
            >
              {startMinutes.map((m) => (
                <option key={m} value={m}>
                  {minuteLabel(m)}
                </option>
              ))}
            </Select>
            <span className="text-sm text-slate-700" aria-hidden>
              –
            </span>
            <Select
              aria-label={`${label} end time${n}`}
              value={r.endMinute}
              onChange={(e) => update(r.key, { endMinute: Number(e.target.value) })}
              className="w-32 sm:w-36"
            >
              {endMinutes.map((m) => (
                <option key={m} value={m}>
                  {minuteLabel(m)}
                </option>
              ))}
            </Select>
            <Button
              variant="ghost"
              size="icon"
              className="shrink-0"
              aria-label={`Remove ${label} time range${n}`}
              disabled={keepOne && ranges.length === 1}
              onClick={() => onChange(ranges.filter((x) => x.key !== r.key))}
            >
              <Trash2 className="h-4 w-4" aria-hidden />
            </Button>
          </div>
        );
      })}
      <Button
        variant="link"
        size="sm"
        className="h-auto py-1"
        disabled={!added}
        onClick={() => added && onChange([...ranges, added])}
        aria-label={`Add ${label} time range`}
      >
        <Plus className="h-4 w-4" aria-hidden />
        Add time range
      </Button>
    </div>
  );
}
