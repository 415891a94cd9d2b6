/** How the messages pages show a time, in the reader's zone (viewer-zone.ts): today as "3:05 PM", earlier as "Nov 26". */
import { format, isToday } from 'date-fns';
import { formatDateTime } from '../../lib/format';
import { inViewerZone } from '../../lib/viewer-zone';

export function shortTime(iso: string): string {
  const at = new Date(iso);
  const zone = inViewerZone();
  return isToday(at, zone) ? format(at, 'h:mm a', zone) : format(at, 'MMM d', zone);
}

/** The full time, for a message's hover title and screen readers. */
export const fullTime = formatDateTime;
