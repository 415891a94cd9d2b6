/** How the messages pages show a time, in the reader's zone: today as "3:05 PM", earlier as "Nov 26". */
import { format, isToday } from 'date-fns';

export function shortTime(iso: string): string {
  const at = new Date(iso);
  return isToday(at) ? format(at, 'h:mm a') : format(at, 'MMM d');
}

/** The full time, for a message's hover title and screen readers. */
export function fullTime(iso: string): string {
  return format(new Date(iso), "EEE, MMM d, yyyy 'at' h:mm a");
}
