/**
 * Picking a new time for a booked session (docs/product.md "Reschedule"): the booking page's calendar and time grid
 * over the session's own free times (its duration, the session itself not busy), in the viewer's zone. Used by the
 * client's Reschedule dialog and the expert's Propose a new time dialog.
 */
import { format, parseISO, startOfMonth } from 'date-fns';
import { Globe } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { BookingCalendar, CalendarStatus } from '../../components/booking-calendar';
import { TimeSlots } from '../../components/time-slots';
import { zoneLabel } from '../../lib/format';
import { viewerDate, viewerTimeZone, viewerToday } from '../../lib/viewer-zone';
import { useRescheduleSlots } from './api/get-reschedule-slots';

/**
 * A day and a time for session `sessionId`: `value` the chosen start (UTC ISO) or null; `onChange` gets the new one
 * (null when the day changes and its times are not chosen yet).
 */
export function RescheduleSlotPicker({ sessionId, value, onChange }: { sessionId: string; value: string | null; onChange: (startsAt: string | null) => void }) {
  const tz = useMemo(() => viewerTimeZone(), []);
  const [month, setMonth] = useState(() => startOfMonth(value ? parseISO(viewerDate(value)) : viewerToday()));
  const [date, setDate] = useState<string | null>(() => (value ? viewerDate(value) : null));
  const slots = useRescheduleSlots(sessionId, month, tz);
  const days = useMemo(() => (slots.data ? new Set(slots.data.keys()) : undefined), [slots.data]);
  const times = date ? (slots.data?.get(date) ?? []) : [];
  const timeId = useId();

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
          <CalendarStatus pending={slots.isPending} failed={slots.isError} empty={days?.size === 0} month={month} onMonthChange={setMonth} />
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
