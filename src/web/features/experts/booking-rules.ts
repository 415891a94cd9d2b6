/** Booking card rules (docs/product.md "Booking"): the first missing or invalid choice, in the product's words. */
import { messages } from '@shared/messages';

export type BookingChoice = { date: string | null; time: string | null; topic: string };

/** Date, time and topic are all set: the book button may be enabled (docs/product.md "Booking"). */
export function isComplete(c: BookingChoice): boolean {
  return Boolean(c.date && c.time && c.topic.trim());
}

/**
 * The first problem with the choice, or null: 'Please select a date', 'Please select a time',
 * "Please describe what you'd like to discuss" (after trimming), 'Please select a future date and time'.
 */
export function bookingProblem(c: BookingChoice, now = new Date()): string | null {
  if (!c.date) return messages.booking.selectDate;
  if (!c.time) return messages.booking.selectTime;
  if (!c.topic.trim()) return messages.booking.describeTopic;
  if (new Date(c.time).getTime() <= now.getTime()) return messages.booking.futureDateTime;
  return null;
}

/** '15 minutes', '1 hour', '1 hour 30 minutes', '2 hours'. */
export function durationLabel(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  const h = hours ? `${hours} ${hours === 1 ? 'hour' : 'hours'}` : '';
  const m = rest ? `${rest} minutes` : '';
  return [h, m].filter(Boolean).join(' ');
}
