/** The instant a workshop starts, from the wall-clock time its expert typed (docs/product.md "Workshops"). */
import { wallClockToUtc } from '../../../shared/slots.js';
import { workshopMessages } from '../../../shared/workshops.js';
import { AppError } from '../../errors.js';

/**
 * The UTC instant at which the clock in `zone` shows `local` (`YYYY-MM-DDTHH:mm`, validated by the contract); the
 * server's own zone plays no part (src/shared/wall-clock.ts). 400 when it is not after `now`.
 */
export function startFromLocal(local: string, zone: string, now: Date): Date {
  const [hours, minutes] = local.slice(11).split(':').map(Number);
  const startsAt = wallClockToUtc(local.slice(0, 10), hours! * 60 + minutes!, zone);
  if (startsAt.getTime() <= now.getTime()) throw new AppError('VALIDATION', workshopMessages.future);
  return startsAt;
}
