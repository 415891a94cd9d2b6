import { lazy, Suspense, type ComponentProps } from 'react';
import type { RescheduleSlotPicker as Picker } from './reschedule-slot-picker';

const RescheduleSlotPicker = lazy(() => import('./reschedule-slot-picker').then((m) => ({ default: m.RescheduleSlotPicker })));

/**
 * The new-time picker of the Reschedule and Propose a new time dialogs, loaded when a dialog opens: its calendar
 * (react-day-picker) and time grid are most of a session page's code, and most visits to the page never move it.
 */
export function LazyRescheduleSlotPicker(props: ComponentProps<typeof Picker>) {
  return (
    <Suspense
      fallback={
        <p className="text-sm text-slate-700" role="status">
          Loading the calendar…
        </p>
      }
    >
      <RescheduleSlotPicker {...props} />
    </Suspense>
  );
}
