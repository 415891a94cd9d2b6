/**
 * The booking card's choice kept while a visitor signs in or signs up (docs/product.md "Booking": "Return after
 * sign-in"): date, time, duration, topic and the free-intro tick, for one expert. In localStorage, not
 * sessionStorage, because the e-mail confirmation link may open in another tab; it lasts as long as that link
 * (24 hours) and is read once, by the expert's profile.
 */
import { isDuration } from '@shared/pricing';

const key = 'mentora.pending-booking';
/** As long as the e-mail confirmation link is valid (docs/product.md "Accounts and sign-in"). */
const lifetimeMs = 24 * 60 * 60 * 1000;

export type PendingChoice = {
  expertId: string;
  expertSlug: string;
  /** yyyy-MM-dd in the viewer's zone. */
  date: string;
  /** UTC ISO-8601 start of the chosen time, or null when only a date was chosen. */
  startsAt: string | null;
  durationMinutes: number;
  topic: string;
  intro: boolean;
};
type Kept = PendingChoice & { /** Milliseconds since the epoch when it was kept. */ savedAt: number };

/** Storage is the visitor's to edit: only a value of the right shape is restored (the page checks the time again). */
function isKept(v: unknown): v is Kept {
  const c = v as Partial<Kept> | null;
  return Boolean(
    c &&
    typeof c.expertId === 'string' &&
    typeof c.expertSlug === 'string' &&
    typeof c.date === 'string' &&
    /^\d{4}-\d{2}-\d{2}$/.test(c.date) &&
    (c.startsAt === null || (typeof c.startsAt === 'string' && !Number.isNaN(Date.parse(c.startsAt)))) &&
    typeof c.durationMinutes === 'number' &&
    isDuration(c.durationMinutes) &&
    typeof c.topic === 'string' &&
    c.topic.length <= 2000 &&
    typeof c.intro === 'boolean' &&
    typeof c.savedAt === 'number',
  );
}

/** Keeps `choice` (replacing any other) until it is taken or 24 hours pass. */
export function keepPendingChoice(choice: PendingChoice): void {
  try {
    localStorage.setItem(key, JSON.stringify({ ...choice, savedAt: Date.now() }));
  } catch {
    /* storage may be unavailable (private mode): the visitor chooses again after signing in */
  }
}

/** The kept choice for `expertId` when it is younger than 24 hours, else null (an older one is dropped). */
export function pendingChoiceFor(expertId: string, now = Date.now()): PendingChoice | null {
  try {
    const raw = localStorage.getItem(key);
    const kept: unknown = raw ? JSON.parse(raw) : null;
    if (isKept(kept) && now - kept.savedAt < lifetimeMs) {
      const { savedAt: _, ...choice } = kept;
      return choice.expertId === expertId ? choice : null;
    }
    if (raw) localStorage.removeItem(key);
  } catch {
    /* unreadable: nothing kept */
  }
  return null;
}

/** Drops the kept choice once restored, so it is restored once. */
export function forgetPendingChoice(): void {
  try {
    localStorage.removeItem(key);
  } catch {
    /* nothing to remove */
  }
}
