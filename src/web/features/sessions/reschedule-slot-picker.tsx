/**
 * Picking a new time for a booked session (docs/product.md "Reschedule"): the booking page's calendar and time grid
 * over the session's own free times (its duration, the session itself not busy), in the viewer's zone. Used by the
 * client's Reschedule dialog and the expert's Propose a new time dialog.
 */
import { addMonths, format, isSameMonth, parseISO, startOfMonth, startOfToday } from 'date-fns';
import { Globe } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { Spinner } from '../../components/ui/spinner';
import { BookingCalendar } from '../../components/booking-calendar';
import { TimeSlots } from '../../components/time-slots';
import { toIsoDate, viewerTimeZone, zoneLabel } from '../../lib/format';
import { useRescheduleSlots } from './api/get-reschedule-slots';

/** The furthest month the picker shows, as the booking calendar: six months ahead. */
const monthsAhead = 6;

/**
 * A day and a time for session `sessionId`: `value` the chosen start (UTC ISO) or null; `onChange` gets the new one
 * (null when the day changes and its times are not chosen yet).
 */
export function RescheduleSlotPicker({ sessionId, value, onChange }: { sessionId: string; value: string | null; onChange: (startsAt: string | null) => void }) {
  const tz = useMemo(() => viewerTimeZone(), []);
  const [month, setMonth] = useState(() => startOfMonth(value ? new Date(value) : new Date()));
  const [date, setDate] = useState<string | null>(() => (value ? toIsoDate(new Date(value)) : null));
  const slots = useRescheduleSlots(sessionId, month, tz);
  const days = useMemo(() => (slots.data ? new Set(slots.data.keys()) : undefined), [slots.data]);
  const times = date ? (slots.data?.get(date) ?? []) : [];
  const timeId = useId();
  const lastMonth = addMonths(startOfToday(), monthsAhead);

  const selectDate = (d: string | null) => {
    setDate(d);
    onChange(null);
  };

  // Calendar and times side by side where the dialog is wide enough (a container query: the picker sits in dialogs of different widths).
  return (
    <div className="@container">
      <div className="grid gap-4 @2xl:grid-cols-2 @2xl:gap-6">
        <div>
          <BookingCalendar selected={date} onSelect={selectDate} month={month} onMonthChange={setMonth} availableDays={days} />
          <div className="mt-2 min-h-5 text-sm text-slate-700" aria-live="polite">
            {slots.isPending ? (
              <span className="inline-flex items-center gap-2">
                <Spinner className="h-4 w-4" label="Checking availability" /> Checking availability…
              </span>
            ) : slots.isError ? (
              <span className="text-red-700">Could not load the free times. Please try again.</span>
            ) : days?.size === 0 ? (
              <span>
                No free times in {format(month, 'MMMM')}.{' '}
                {!isSameMonth(month, lastMonth) ? (
                  <button type="button" className="cursor-pointer font-semibold text-brand-700 underline" onClick={() => setMonth(addMonths(month, 1))}>
                    Show {format(addMonths(month, 1), 'MMMM')}
                  </button>
                ) : null}
              </span>
            ) : null}
          </div>
        </div>
        <div>
          <p id={timeId} className="mb-2 text-sm font-semibold text-slate-900">
            {date ? `Choose a time on ${format(parseISO(date), 'EEEE, MMMM d')}` : 'Choose a time'}
          </p>
          {!date ? (
            <p className="rounded-lg bg-slate-50 px-3 py-4 text-center text-sm text-slate-700">Pick a date to see the free times.</p>
          ) : times.length === 0 ? (
            <p className="rounded-lg bg-slate-50 px-3 py-4 text-center text-sm text-slate-700">No free times on this day. Please choose another date.</p>
          ) : (
            <TimeSlots slots={times} value={value} onChange={onChange} labelledBy={timeId} />
          )}
          <p className="mt-3 flex items-center gap-1.5 text-xs text-slate-600">
            <Globe className="h-3.5 w-3.5 shrink-0" aria-hidden />
            Times are shown in your time zone: {zoneLabel(tz)}
          </p>
        </div>
      </div>
    </div>
  );
}
