/**
 * The booking card on an expert's profile (docs/product.md "Booking", "Free introductory meeting"): a date picker
 * with past and fully booked days disabled, the free times of the chosen day in the viewer's zone, the
 * duration, the topic and the total. Paid bookings hand a BookingDraft to /payment; the free intro
 * (when the API says it is available) books directly with POST /api/sessions.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { addMinutes, addMonths, format, isSameMonth, parseISO, startOfMonth } from 'date-fns';
import { CalendarCheck, Globe, ShieldCheck } from 'lucide-react';
import { useId, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { messages } from '@shared/messages';
import { defaultDuration, durations, formatMoney, introMinutes, totalCents } from '@shared/pricing';
import type { ExpertProfile } from '@shared/schemas/experts';
import type { BookingInput, SessionView } from '@shared/schemas/sessions';
import { policyTerms } from '@shared/sessions';
import { Button } from '../../components/ui/button';
import { FormError, Label, Select, Textarea } from '../../components/ui/input';
import { LoadError } from '../../components/ui/load-error';
import { Spinner } from '../../components/ui/spinner';
import { api, ApiError } from '../../lib/api';
import { useAuth } from '../../lib/auth';
import { saveBookingDraft, type BookingDraft } from '../../lib/booking-draft';
import { BookingCalendar } from './booking-calendar';
import { bookingProblem, durationLabel, isComplete, zoneLabel } from './booking-rules';
import { fetchEligibility } from './expert-queries';
import { slotLabel, TimeSlots } from './time-slots';
import { useAvailableDays, useSlots, viewerTimeZone } from './use-booking-availability';

const topicMax = 2000;

function StepHeading({ id, step, children }: { id?: string; step: number; children: ReactNode }) {
  return (
    <h3 id={id} className="mb-3 flex items-center gap-2 text-sm font-semibold text-slate-900">
      <span className="flex h-6 w-6 items-center justify-center rounded-full bg-brand-100 text-xs font-bold text-brand-800" aria-hidden>
        {step}
      </span>
      {children}
    </h3>
  );
}

export function BookingCard({ expert }: { expert: ExpertProfile }) {
  const { me } = useAuth();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const tz = useMemo(() => viewerTimeZone(), []);
  const ids = { time: useId(), topic: useId(), duration: useId(), intro: useId(), hint: useId() };

  const [month, setMonth] = useState(() => startOfMonth(new Date()));
  const [date, setDate] = useState<string | null>(null);
  const [pickedTime, setPickedTime] = useState<string | null>(null);
  const [chosenDuration, setChosenDuration] = useState<number>(defaultDuration);
  const [topic, setTopic] = useState('');
  const [intro, setIntro] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<ReactNode>(null);
  const idempotency = useRef<{ payload: string; key: string } | null>(null);

  const eligibility = useQuery({ queryKey: ['experts', expert.id, 'eligibility', me?.id], queryFn: () => fetchEligibility(expert.id), enabled: Boolean(me) });
  const introAvailable = Boolean(me && eligibility.data?.introAvailable);
  const isIntro = intro && introAvailable;
  const duration = isIntro ? introMinutes : chosenDuration;

  const days = useAvailableDays(expert.id, month, duration, tz);
  const slots = useSlots(expert.id, date, duration, tz);
  // A time stays chosen only while it is still offered for the current date and duration.
  const time = pickedTime && slots.data?.includes(pickedTime) ? pickedTime : null;

  const priceCents = isIntro ? 0 : totalCents(expert.hourlyRateCents, duration);
  const choice = { date, time, topic };
  const hint = bookingProblem(choice);
  const needsProfile = Boolean(me && (!me.firstName?.trim() || !me.lastName?.trim()));
  const isSelf = Boolean(me && eligibility.data?.isSelf);
  const monthHasNoDays = days.data !== undefined && days.data.size === 0;
  const lastMonth = startOfMonth(addMonths(new Date(), 6));

  const selectDate = (next: string | null) => {
    setDate(next);
    setPickedTime(null);
    setError(null);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const problem = bookingProblem(choice);
    if (problem) return setError(problem);
    if (!me) {
      return setError(
        <>
          {messages.booking.signInToBook}.{' '}
          <Link to="/signup" className="font-semibold underline">
            Sign in or create an account
          </Link>
        </>,
      );
    }
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
    navigate('/payment', { state: draft });
  };

  /** POST /api/sessions for the free intro; the same choice retried reuses its Idempotency-Key. */
  const bookIntro = async (startsAt: string) => {
    const body: BookingInput = { expertId: expert.id, startsAt, durationMinutes: introMinutes, topic: topic.trim(), kind: 'intro' };
    const payload = JSON.stringify(body);
    if (idempotency.current?.payload !== payload) idempotency.current = { payload, key: crypto.randomUUID() };
    setSubmitting(true);
    try {
      await api<{ session: SessionView }>('/api/sessions', { body, headers: { 'Idempotency-Key': idempotency.current.key } });
      toast.success(messages.payment.booked(expert.name));
      await queryClient.invalidateQueries({ queryKey: ['sessions'] });
      navigate('/dashboard/client');
    } catch (err) {
      const message = err instanceof ApiError ? err.message : messages.booking.failed;
      setError(message);
      toast.error(message);
      if (err instanceof ApiError && err.status === 409) await queryClient.invalidateQueries({ queryKey: ['experts', expert.id] });
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <section aria-labelledby="booking-title" className="rounded-2xl border border-slate-200 bg-white shadow-lg shadow-slate-200/60">
      <div className="flex items-baseline justify-between gap-3 border-b border-slate-100 px-5 py-4 sm:px-6">
        <h2 id="booking-title" className="text-lg font-semibold text-slate-900">
          Book a session
        </h2>
        <p className="text-sm text-slate-700">
          <span className="text-lg font-bold text-slate-900">{formatMoney(expert.hourlyRateCents, expert.currency)}</span> / hour
        </p>
      </div>

      <form onSubmit={submit} noValidate className="space-y-6 px-5 py-5 sm:px-6">
        {eligibility.isError ? (
          <LoadError
            what={messages.common.loadFailed.introEligibility}
            error={eligibility.error}
            onRetry={() => eligibility.refetch()}
            retrying={eligibility.isRefetching}
          />
        ) : introAvailable ? (
          <label htmlFor={ids.intro} className="flex cursor-pointer items-start gap-3 rounded-xl border border-emerald-200 bg-emerald-50 p-3">
            <input
              id={ids.intro}
              type="checkbox"
              checked={intro}
              onChange={(e) => setIntro(e.target.checked)}
              className="mt-0.5 h-5 w-5 shrink-0 cursor-pointer accent-brand-600"
            />
            <span>
              <span className="block text-sm font-semibold text-slate-900">{`Free ${introMinutes}-minute intro meeting`}</span>
              <span className="block text-sm text-slate-700">Every new connection starts with a free introduction. No card needed.</span>
            </span>
          </label>
        ) : null}

        <div>
          <StepHeading step={1}>Choose a date</StepHeading>
          <BookingCalendar selected={date} onSelect={selectDate} month={month} onMonthChange={setMonth} availableDays={days.data} />
          <div className="mt-2 min-h-5 text-sm text-slate-700" aria-live="polite">
            {days.isPending ? (
              <span className="inline-flex items-center gap-2">
                <Spinner className="h-4 w-4" label="Checking availability" /> Checking availability…
              </span>
            ) : days.isError ? (
              <span className="text-red-700">Could not load availability. Please try again.</span>
            ) : monthHasNoDays ? (
              <span>
                No open times in {format(month, 'MMMM')}.{' '}
                {!isSameMonth(month, lastMonth) ? (
                  <button type="button" className="cursor-pointer font-semibold text-brand-700 underline" onClick={() => setMonth(addMonths(month, 1))}>
                    Show {format(addMonths(month, 1), 'MMMM')}
                  </button>
                ) : null}
              </span>
            ) : null}
          </div>
        </div>

        <div>
          <StepHeading id={ids.time} step={2}>
            {date ? `Choose a time on ${format(parseISO(date), 'EEEE, MMMM d')}` : 'Choose a time'}
          </StepHeading>
          {!date ? (
            <p className="rounded-lg bg-slate-50 px-3 py-4 text-center text-sm text-slate-700">Pick a date to see the available times.</p>
          ) : slots.isPending ? (
            <div className="grid grid-cols-3 gap-2" aria-hidden>
              {Array.from({ length: 6 }, (_, i) => (
                <div key={i} className="h-10 animate-pulse rounded-lg bg-slate-100 motion-reduce:animate-none" />
              ))}
            </div>
          ) : slots.isError ? (
            <p className="text-sm text-red-700">Could not load times. Please try again.</p>
          ) : slots.data.length === 0 ? (
            <p className="rounded-lg bg-slate-50 px-3 py-4 text-center text-sm text-slate-700">
              No times left on this day for {durationLabel(duration)}. Please choose another date.
            </p>
          ) : (
            <TimeSlots
              slots={slots.data}
              value={time}
              onChange={(iso) => {
                setPickedTime(iso);
                setError(null);
              }}
              labelledBy={ids.time}
            />
          )}
          <p className="mt-3 flex items-center gap-1.5 text-xs text-slate-600">
            <Globe className="h-3.5 w-3.5 shrink-0" aria-hidden />
            Times are shown in your time zone: {zoneLabel(tz)}
          </p>
        </div>

        <div>
          <Label htmlFor={ids.duration}>Duration</Label>
          <Select id={ids.duration} value={duration} disabled={isIntro} onChange={(e) => setChosenDuration(Number(e.target.value))}>
            {durations.map((d) => (
              <option key={d} value={d}>
                {durationLabel(d)}
              </option>
            ))}
          </Select>
        </div>

        <div>
          <Label htmlFor={ids.topic}>What would you like to discuss?</Label>
          <Textarea
            id={ids.topic}
            value={topic}
            maxLength={topicMax}
            onChange={(e) => setTopic(e.target.value)}
            placeholder="e.g. Reviewing my portfolio before design interviews"
            className="min-h-24"
          />
        </div>

        <div className="rounded-xl bg-slate-50 p-4 text-sm">
          {date && time ? (
            <p className="mb-3 flex items-start gap-2 text-slate-800">
              <CalendarCheck className="mt-0.5 h-4 w-4 shrink-0 text-brand-700" aria-hidden />
              <span>
                {format(parseISO(date), 'EEE, MMM d, yyyy')} · {slotLabel(time)} – {slotLabel(addMinutes(new Date(time), duration).toISOString())}
              </span>
            </p>
          ) : null}
          <div className="flex items-center justify-between text-slate-700">
            <span>{isIntro ? 'Free intro meeting' : `${formatMoney(expert.hourlyRateCents, expert.currency)} × ${durationLabel(duration)}`}</span>
          </div>
          <div className="mt-2 flex items-center justify-between border-t border-slate-200 pt-2">
            <span className="font-semibold text-slate-900">Total</span>
            <span className="text-lg font-bold text-slate-900" data-testid="booking-total">
              {formatMoney(priceCents, expert.currency)}
            </span>
          </div>
        </div>

        {isSelf ? (
          <p className="rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-700">This is your own profile. Clients book sessions with you here.</p>
        ) : null}
        {needsProfile ? (
          <div className="rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
            <Link to="/signup" className="font-semibold underline">
              {messages.booking.completeProfile}
            </Link>{' '}
            — add your first and last name before booking.
          </div>
        ) : null}
        <FormError>{error}</FormError>

        <div>
          <Button
            type="submit"
            size="lg"
            className="w-full"
            disabled={!isComplete(choice) || submitting || isSelf}
            aria-describedby={hint ? ids.hint : undefined}
          >
            {submitting ? <Spinner className="h-4 w-4 border-white/40 border-t-white" label="Booking" /> : null}
            {isIntro ? 'Book free intro' : 'Continue to payment'}
          </Button>
          <p id={ids.hint} className="mt-2 min-h-5 text-center text-sm text-slate-700" aria-live="polite">
            {error ? null : hint}
          </p>
        </div>

        <p className="flex items-start gap-2 text-xs text-slate-600">
          <ShieldCheck className="mt-0.5 h-4 w-4 shrink-0 text-emerald-700" aria-hidden />
          <span>Your payment is held until you both confirm the session took place. {policyTerms[expert.cancellationPolicy].summary}</span>
        </p>
      </form>
    </section>
  );
}
