/**
 * The booking the client is about to pay for, handed from the expert's booking card to /payment through
 * navigation state (docs/product.md "Booking": the payment page "receives date, time, duration, rate, expert id and name via
 * navigation state") and kept in sessionStorage so a reload of /payment does not lose it.
 */
export type BookingDraft = {
  expertId: string;
  expertSlug: string;
  expertName: string;
  expertRole: string;
  expertImageUrl: string | null;
  /** UTC ISO-8601 start of the chosen slot. */
  startsAt: string;
  durationMinutes: number;
  hourlyRateCents: number;
  currency: string;
  topic: string;
  cancellationPolicy: 'flexible' | 'moderate' | 'strict';
  /** The client's IANA time zone the slot was chosen in. */
  timeZone: string;
};

const key = 'mentora.booking-draft';

export function saveBookingDraft(draft: BookingDraft): void {
  try {
    sessionStorage.setItem(key, JSON.stringify(draft));
  } catch {
    /* storage may be unavailable (private mode); navigation state still carries the draft */
  }
}

export function loadBookingDraft(): BookingDraft | null {
  try {
    const raw = sessionStorage.getItem(key);
    return raw ? (JSON.parse(raw) as BookingDraft) : null;
  } catch {
    return null;
  }
}

export function clearBookingDraft(): void {
  try {
    sessionStorage.removeItem(key);
  } catch {
    /* nothing to clear */
  }
}
