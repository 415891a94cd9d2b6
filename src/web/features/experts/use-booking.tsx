/**
 * The booking card's state and actions (docs/product.md "Booking", "Free introductory meeting"): the visible month,
 * the chosen date, time, duration and topic, the free intro, the availability reads in the viewer's zone, and
 * submit. Paid bookings hand a BookingDraft to /payment; the free intro (when the API says it is available)
 * books at once through the shared booking request (src/web/lib/book-session.ts). A visitor asked to sign in has
 * the choice kept (pending-choice.ts) and restored here on return ("Return after sign-in"); a kept time that is
 * no longer offered says so instead of vanishing.
 */
import { parseISO, startOfMonth } from 'date-fns';
import { useEffect, useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from '../../lib/toast';
import { messages } from '@shared/messages';
import { defaultDuration, introMinutes, totalCents } from '@shared/pricing';
import { hasClientProfile } from '@shared/roles';
import type { ExpertProfile } from '@shared/schemas/experts';
import { ApiError } from '../../lib/api';
import { useAuth } from '../../lib/auth';
import { useBookSession } from '../../lib/book-session';
import { draftFor, paymentAddress, saveBookingDraft } from '../../lib/booking-draft';
import { signInPath } from '../../lib/return-path';
import { useAvailableDays } from './api/get-availability-days';
import { useIntroEligibility } from './api/get-intro-eligibility';
import { useSlots } from '../../lib/get-slots';
import { bookingProblem } from './booking-rules';
import { forgetPendingChoice, keepPendingChoice, pendingChoiceFor } from './pending-choice';
import { viewerTimeZone, viewerToday } from '../../lib/viewer-zone';

/** 'Sign in to book a session. Sign in or create an account' with the link, which comes back to `profilePath`. */
const signInToBook = (profilePath: string) => (
  <>
    {messages.booking.signInToBook}.{' '}
    <Link to={signInPath(profilePath)} className="font-semibold underline">
      Sign in or create an account
    </Link>
  </>
);

export function useBooking(expert: ExpertProfile) {
  const { me } = useAuth();
  const navigate = useNavigate();
  const book = useBookSession();
  const tz = useMemo(() => viewerTimeZone(), []);

  // The card renders only in the browser, after hydration (expert-profile-page.tsx), so storage may seed its state.
  const [kept] = useState(() => pendingChoiceFor(expert.id));
  useEffect(() => {
    if (kept) forgetPendingChoice();
  }, [kept]);

  const [month, setMonth] = useState(() => startOfMonth(kept ? parseISO(kept.date) : viewerToday()));
  const [date, setDate] = useState<string | null>(kept?.date ?? null);
  const [pickedTime, setPickedTime] = useState<string | null>(kept?.startsAt ?? null);
  const [chosenDuration, setChosenDuration] = useState<number>(kept?.durationMinutes ?? defaultDuration);
  const [topic, setTopic] = useState(kept?.topic ?? '');
  const [intro, setIntro] = useState(kept?.intro ?? false);
  const [error, setError] = useState<ReactNode>(null);
  /** A signed-out visitor asked to book: told to sign in, as a step to take, not an error. */
  const [signInNeeded, setSignInNeeded] = useState(false);
  /** The time restored from before signing in, until another is chosen: said to be gone when no longer offered. */
  const [restoredTime, setRestoredTime] = useState<string | null>(kept?.startsAt ?? null);
  const profilePath = `/expert/${expert.slug || expert.id}`;

  const eligibility = useIntroEligibility(expert.id, me?.id);
  const introAvailable = Boolean(me && eligibility.data?.introAvailable);
  const isIntro = intro && introAvailable;
  const duration = isIntro ? introMinutes : chosenDuration;

  const days = useAvailableDays(expert.id, month, duration, tz);
  const slots = useSlots(expert.id, date, duration, tz);
  // A time stays chosen only while it is still offered for the current date and duration.
  const time = pickedTime && slots.data?.includes(pickedTime) ? pickedTime : null;
  const choice = { date, time, topic };
  const restoredGone = Boolean(restoredTime && pickedTime === restoredTime && slots.data && !slots.data.includes(restoredTime));

  const selectDate = (next: string | null) => {
    setDate(next);
    setPickedTime(null);
    setRestoredTime(null);
    setError(null);
  };
  const selectTime = (iso: string) => {
    setPickedTime(iso);
    setRestoredTime(null);
    setError(null);
  };

  const needsProfile = Boolean(me && !hasClientProfile(me));
  const isSelf = Boolean(me && eligibility.data?.isSelf);

  /** The free intro books at once; the same choice retried reuses its Idempotency-Key. */
  const bookIntro = async (startsAt: string) => {
    try {
      await book.mutateAsync({ slot: { expertId: expert.id, startsAt, durationMinutes: introMinutes, topic, timeZone: tz }, payment: { kind: 'intro' } });
      toast.success(messages.payment.booked(expert.name));
      void navigate('/dashboard/client');
    } catch (err) {
      const message = err instanceof ApiError ? err.message : messages.booking.failed;
      setError(message);
      toast.error(message);
    }
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const problem = bookingProblem(choice);
    if (problem) return setError(problem);
    if (!me) {
      keepPendingChoice({ expertId: expert.id, expertSlug: expert.slug, date: date!, startsAt: time, durationMinutes: chosenDuration, topic, intro });
      setError(null);
      return setSignInNeeded(true);
    }
    if (needsProfile || isSelf) return;
    setError(null);
    if (isIntro) return bookIntro(time!);
    const draft = draftFor(expert, { startsAt: time!, durationMinutes: duration, topic: topic.trim() }, tz);
    saveBookingDraft(draft);
    void navigate(paymentAddress(draft), { state: draft });
  };

  return {
    tz,
    month,
    setMonth,
    date,
    selectDate,
    time,
    selectTime,
    duration,
    setDuration: setChosenDuration,
    topic,
    setTopic,
    intro,
    setIntro,
    isIntro,
    introAvailable,
    eligibility,
    days,
    slots,
    choice,
    hint: bookingProblem(choice),
    /** The time restored from before signing in when it is no longer offered (UTC ISO-8601), else null. */
    restoredGone: restoredGone ? restoredTime : null,
    priceCents: isIntro ? 0 : totalCents(expert.hourlyRateCents, duration),
    needsProfile,
    isSelf,
    submitting: book.isPending,
    error,
    signInPrompt: signInNeeded ? signInToBook(profilePath) : null,
    /** A signed-out visitor: the free intro is offered to every new client once signed in (docs/product.md "Free introductory meeting"). */
    signedOut: !me,
    profilePath,
    submit,
  };
}
