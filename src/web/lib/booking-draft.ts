/**
 * The booking the client is about to pay for, handed from the expert's booking card to /payment through
 * navigation state (docs/product.md "Booking": the payment page "receives date, time, duration, rate, expert id and name via
 * navigation state") and kept in sessionStorage so a reload of /payment does not lose it. Once paid, the draft is
 * remembered with its session, so /payment reached again through the browser's Back button shows the booking
 * instead of a live payment form (docs/product.md "Booking": "Back after paying"). The choice is in /payment's address
 * too (expert, start, length, topic), so the page opened in another tab, or from a copied link, reads the expert
 * again and offers the same payment.
 */
import { durations } from '@shared/pricing';
import type { ExpertProfile } from '@shared/schemas/experts';

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
const paidKey = 'mentora.booking-paid';
/** Paid drafts remembered per tab: the few a person books in one sitting. */
const paidKept = 20;

type Paid = { booking: string; sessionId: string };

/** One booking's identity: the expert, the UTC start and the length (one client cannot book the same slot twice). */
const identity = (d: Pick<BookingDraft, 'expertId' | 'startsAt' | 'durationMinutes'>) => JSON.stringify([d.expertId, d.startsAt, d.durationMinutes]);

function paidList(): Paid[] {
  try {
    const list: unknown = JSON.parse(sessionStorage.getItem(paidKey) ?? '[]');
    return Array.isArray(list) ? (list as Paid[]).filter((p) => typeof p?.booking === 'string' && typeof p.sessionId === 'string') : [];
  } catch {
    return [];
  }
}

/** Forgets the draft and remembers that `draft` became session `sessionId`. */
export function markBookingPaid(draft: BookingDraft, sessionId: string): void {
  clearBookingDraft();
  try {
    const list = [{ booking: identity(draft), sessionId }, ...paidList().filter((p) => p.booking !== identity(draft))].slice(0, paidKept);
    sessionStorage.setItem(paidKey, JSON.stringify(list));
  } catch {
    /* storage unavailable: the server still refuses a second booking of the same slot */
  }
}

/** The session `draft` was already paid as in this tab, or null. */
export function paidSessionOf(draft: BookingDraft): string | null {
  return paidList().find((p) => p.booking === identity(draft))?.sessionId ?? null;
}

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

/** What the client chose on the booking card: all /payment's address carries. */
export type BookingChoice = Pick<BookingDraft, 'startsAt' | 'durationMinutes' | 'topic'>;

/** The draft of booking `choice` with `expert` as the profile shows them now, chosen in zone `timeZone`. */
export function draftFor(expert: ExpertProfile, choice: BookingChoice, timeZone: string): BookingDraft {
  return {
    expertId: expert.id,
    expertSlug: expert.slug,
    expertName: expert.name,
    expertRole: expert.role,
    expertImageUrl: expert.imageUrl,
    hourlyRateCents: expert.hourlyRateCents,
    currency: expert.currency,
    cancellationPolicy: expert.cancellationPolicy,
    timeZone,
    ...choice,
  };
}

/** /payment's address for `draft`: '/payment?expert=<slug>&start=<UTC ISO>&duration=<minutes>&topic=<text>'. */
export function paymentAddress(draft: BookingDraft): string {
  const qs = new URLSearchParams({ expert: draft.expertSlug || draft.expertId, start: draft.startsAt, duration: String(draft.durationMinutes) });
  if (draft.topic) qs.set('topic', draft.topic);
  return `/payment?${qs}`;
}

/** The expert (slug or id) and choice of /payment's address, or null when it holds none or a malformed one. */
export function choiceInAddress(search: URLSearchParams): { expert: string; choice: BookingChoice } | null {
  const expert = search.get('expert');
  const start = search.get('start');
  const duration = Number(search.get('duration'));
  if (!expert || expert.length > 100 || !start || Number.isNaN(Date.parse(start)) || !(durations as readonly number[]).includes(duration)) return null;
  return { expert, choice: { startsAt: new Date(start).toISOString(), durationMinutes: duration, topic: (search.get('topic') ?? '').slice(0, 2000) } };
}
