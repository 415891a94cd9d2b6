import { ChevronLeft, ChevronRight } from 'lucide-react';
import { DayPicker, type ChevronProps } from 'react-day-picker';
import { addMonths, format, isSameMonth, parseISO, startOfMonth } from 'date-fns';
import { cn } from '../lib/cn';
import { Spinner } from './ui/spinner';
import { toIsoDate } from '../lib/format';
import { viewerToday } from '../lib/viewer-zone';

/** How far ahead the calendar lets the client look, in months. */
const monthsAhead = 6;

/** The last month the calendar shows. */
export const lastCalendarMonth = () => startOfMonth(addMonths(viewerToday(), monthsAhead));

function Chevron({ orientation, className }: ChevronProps) {
  const Icon = orientation === 'left' ? ChevronLeft : ChevronRight;
  return <Icon className={cn('h-5 w-5', className)} aria-hidden />;
}

/**
 * The date picker of the booking card and of rescheduling (docs/product.md "Booking", "Reschedule"): past days and days without
 * a free slot are disabled; days with slots are tinted. `availableDays` undefined = still loading (all disabled).
 */
export function BookingCalendar({
  selected,
  onSelect,
  month,
  onMonthChange,
  availableDays,
}: {
  selected: string | null;
  onSelect: (date: string | null) => void;
  month: Date;
  onMonthChange: (month: Date) => void;
  availableDays: Set<string> | undefined;
}) {
  const today = viewerToday();
  const unavailable = (day: Date) => !availableDays?.has(toIsoDate(day));
  return (
    <DayPicker
      mode="single"
      selected={selected ? parseISO(selected) : undefined}
      onSelect={(day) => onSelect(day ? toIsoDate(day) : null)}
      month={month}
      onMonthChange={onMonthChange}
      startMonth={startOfMonth(today)}
      endMonth={addMonths(today, monthsAhead)}
      disabled={[{ before: today }, unavailable]}
      modifiers={{ available: (day) => !unavailable(day) && day >= today }}
      modifiersClassNames={{ available: '[&>button]:bg-brand-50 [&>button]:font-semibold [&>button]:text-brand-800 [&>button:hover]:bg-brand-100' }}
      components={{ Chevron }}
      classNames={{
        root: 'relative w-full',
        months: 'w-full',
        month: 'w-full',
        month_caption: 'flex h-10 items-center px-1',
        caption_label: 'text-base font-semibold text-slate-900',
        nav: 'absolute right-0 top-0 flex gap-1',
        button_previous:
          'inline-flex h-10 w-10 cursor-pointer items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100 disabled:cursor-default disabled:opacity-40 disabled:hover:bg-transparent focus-visible:outline-2 focus-visible:outline-brand-600',
        button_next:
          'inline-flex h-10 w-10 cursor-pointer items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100 disabled:cursor-default disabled:opacity-40 disabled:hover:bg-transparent focus-visible:outline-2 focus-visible:outline-brand-600',
        month_grid: 'mt-2 w-full border-collapse',
        weekdays: '',
        weekday: 'pb-2 text-center text-xs font-medium uppercase text-slate-600',
        week: '',
        day: 'p-0.5 text-center',
        // No colour transition: a day turning from disabled (grey) to bookable would pass through low contrast.
        day_button:
          'mx-auto flex aspect-square w-full max-w-11 cursor-pointer items-center justify-center rounded-full text-sm text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:cursor-default',
        today: '[&>button]:underline [&>button]:decoration-2 [&>button]:underline-offset-4',
        disabled: '[&>button]:text-slate-400 [&>button]:font-normal',
        outside: 'invisible',
        selected: '[&>button]:!bg-brand-600 [&>button]:!text-white [&>button]:font-semibold',
        hidden: 'invisible',
      }}
    />
  );
}

/**
 * The line under the calendar: checking availability, a load error, or a month without free days with a link to the
 * next month (up to the last month the calendar shows).
 */
export function CalendarStatus({
  pending,
  failed,
  empty,
  month,
  onMonthChange,
}: {
  pending: boolean;
  failed: boolean;
  empty: boolean;
  month: Date;
  onMonthChange: (month: Date) => void;
}) {
  return (
    <div className="mt-2 min-h-5 text-sm text-slate-700" aria-live="polite">
      {pending ? (
        <span className="inline-flex items-center gap-2">
          <Spinner className="h-4 w-4" label="Checking availability" /> Checking availability…
        </span>
      ) : failed ? (
        <span className="text-red-700">Could not load availability. Please try again.</span>
      ) : empty ? (
        <span>
          No open times in {format(month, 'MMMM')}.{' '}
          {!isSameMonth(month, lastCalendarMonth()) ? (
            <button type="button" className="cursor-pointer font-semibold text-brand-700 underline" onClick={() => onMonthChange(addMonths(month, 1))}>
              Show {format(addMonths(month, 1), 'MMMM')}
            </button>
          ) : null}
        </span>
      ) : null}
    </div>
  );
}
