/**
 * The booking card's state and actions (docs/product.md "Booking", "Free introductory meeting"): the visible month,
 * the chosen date, time, duration and topic, the free intro, the availability reads in the viewer's zone, and
 * submit. Paid bookings hand a BookingDraft to /payment; the free intro (when the API says it is available)
 * books at once through the shared booking request (src/web/lib/book-session.ts).
 */
import { startOfMonth } from 'date-fns';
import { useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { messages } from '@shared/messages';
import { defaultDuration, introMinutes, totalCents } from '@shared/pricing';
import type { ExpertProfile } from '@shared/schemas/experts';
import { ApiError } from '../../lib/api';
import { useAuth } from '../../lib/auth';
import { useBookSession } from '../../lib/book-session';
import { saveBookingDraft, type BookingDraft } from '../../lib/booking-draft';
import { useAvailableDays } from './api/get-availability-days';
import { useIntroEligibility } from './api/get-intro-eligibility';
import { useSlots } from './api/get-slots';
import { bookingProblem } from './booking-rules';
import { viewerTimeZone } from '../../lib/format';

/** 'Sign in to book a session. Sign in or create an account' with the link. */
const signInToBook = (
  <>
    {messages.booking.signInToBook}.{' '}
    <Link to="/signup" className="font-semibold underline">
      Sign in or create an account
    </Link>
  </>
);

export function useBooking(expert: ExpertProfile) {
  const { me } = useAuth();
  const navigate = useNavigate();
  const book = useBookSession();
  const tz = useMemo(() => viewerTimeZone(), []);

  const [month, setMonth] = useState(() => startOfMonth(new Date()));
  const [date, setDate] = useState<string | null>(null);
  const [pickedTime, setPickedTime] = useState<string | null>(null);
  const [chosenDuration, setChosenDuration] = useState<number>(defaultDuration);
  const [topic, setTopic] = useState('');
  const [intro, setIntro] = useState(false);
  const [error, setError] = useState<ReactNode>(null);

  const eligibility = useIntroEligibility(expert.id, me?.id);
  const introAvailable = Boolean(me && eligibility.data?.introAvailable);
  const isIntro = intro && introAvailable;
  const duration = isIntro ? introMinutes : chosenDuration;

  const days = useAvailableDays(expert.id, month, duration, tz);
  const slots = useSlots(expert.id, date, duration, tz);
  // A time stays chosen only while it is still offered for the current date and duration.
  const time = pickedTime && slots.data?.includes(pickedTime) ? pickedTime : null;
  const choice = { date, time, topic };

  const selectDate = (next: string | null) => {
    setDate(next);
    setPickedTime(null);
    setError(null);
  };
  const selectTime = (iso: string) => {
    setPickedTime(iso);
    setError(null);
  };

  const needsProfile = Boolean(me && (!me.firstName?.trim() || !me.lastName?.trim()));
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
    if (!me) return setError(signInToBook);
    if (needsProfile || isSelf) return;
    setError(null);
    if (isIntro) return bookIntro(time!);
    const draft: BookingDraft = {
      expertId: expert.id,
      expertSlug: expert.slug,
      expertName: expert.name,
      expertRole: expert.role,
      expertImageUrl: expert.imageUrl,
      startsAt: time!,
      durationMinutes: duration,
      hourlyRateCents: expert.hourlyRateCents,
      currency: expert.currency,
      topic: topic.trim(),
      cancellationPolicy: expert.cancellationPolicy,
      timeZone: tz,
    };
    saveBookingDraft(draft);
    void navigate('/payment', { state: draft });
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
    priceCents: isIntro ? 0 : totalCents(expert.hourlyRateCents, duration),
    needsProfile,
    isSelf,
    submitting: book.isPending,
    error,
    submit,
  };
}
