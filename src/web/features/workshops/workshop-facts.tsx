import { CalendarClock, Users } from 'lucide-react';
import type { WorkshopView } from '@shared/schemas/workshops';
import { cn } from '../../lib/cn';
import { WorkshopTime } from './workshop-time';

/** A workshop's time (viewer's zone) and seats left, each with its icon; `large` on the workshop's own page. */
export function WorkshopFacts({ workshop: w, large = false }: { workshop: WorkshopView; large?: boolean }) {
  const icon = cn('shrink-0', large ? 'h-5 w-5' : 'h-4 w-4');
  const line = cn('flex items-center gap-2', large ? 'text-slate-800' : 'text-sm text-slate-700');
  return (
    <>
      <p className={line}>
        <CalendarClock className={icon} aria-hidden />
        <WorkshopTime startsAt={w.startsAt} durationMinutes={w.durationMinutes} />
      </p>
      <p className={line}>
        <Users className={icon} aria-hidden />
        <span data-testid="seats-left">{`${w.seatsLeft} of ${w.capacity} seats left`}</span>
      </p>
    </>
  );
}
