/**
 * The booking card on an expert's profile (docs/product.md "Booking", "Free introductory meeting"): a date picker
 * with past and fully booked days disabled, the free times of the chosen day in the viewer's zone, the
 * duration, the topic and the total. A view over useBooking (use-booking.tsx), which holds the choice and books.
 */
import { addMinutes, format, parseISO } from 'date-fns';
import { CalendarCheck, Gift, Globe, ShieldCheck } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import { messages } from '@shared/messages';
import { durations, formatMoney, introMinutes } from '@shared/pricing';
import type { ExpertProfile } from '@shared/schemas/experts';
import { holdTerms, policyTerms } from '@shared/sessions';
import { Button } from '../../components/ui/button';
import { FormError, Label, Select, Textarea } from '../../components/ui/input';
import { LoadError } from '../../components/ui/load-error';
import { Spinner } from '../../components/ui/spinner';
import { BookingCalendar, CalendarStatus } from '../../components/booking-calendar';
import { slotLabel, TimeSlots } from '../../components/time-slots';
import { zoneLabel } from '../../lib/format';
import { signInPath } from '../../lib/return-path';
import { durationLabel, isComplete } from './booking-rules';
import { useBooking } from './use-booking';

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
  const b = useBooking(expert);
  const ids = { time: useId(), topic: useId(), duration: useId(), intro: useId(), hint: useId() };
  const { date, time, duration, days, slots, month, eligibility } = b;
  const monthHasNoDays = days.data !== undefined && days.data.size === 0;

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

      <form onSubmit={b.submit} noValidate className="space-y-6 px-5 py-5 sm:px-6">
        {eligibility.isError ? (
          <LoadError
            what={messages.common.loadFailed.introEligibility}
            error={eligibility.error}
            onRetry={() => eligibility.refetch()}
            retrying={eligibility.isRefetching}
          />
        ) : b.introAvailable ? (
          <label htmlFor={ids.intro} className="flex cursor-pointer items-start gap-3 rounded-xl border border-emerald-200 bg-emerald-50 p-3">
            <input
              id={ids.intro}
              type="checkbox"
              checked={b.intro}
              onChange={(e) => b.setIntro(e.target.checked)}
              className="mt-0.5 h-5 w-5 shrink-0 cursor-pointer accent-brand-600"
            />
            <span>
              <span className="block text-sm font-semibold text-slate-900">{`Free ${introMinutes}-minute intro meeting`}</span>
              <span className="block text-sm text-slate-700">Every new connection starts with a free introduction. No card needed.</span>
            </span>
          </label>
        ) : b.signedOut ? (
          <p className="flex items-start gap-3 rounded-xl border border-emerald-200 bg-emerald-50 p-3 text-sm">
            <Gift className="mt-0.5 h-5 w-5 shrink-0 text-emerald-700" aria-hidden />
            <span>
              <span className="block font-semibold text-slate-900">
                Free intro —{' '}
                <Link to={signInPath(b.profilePath)} className="text-brand-700 underline underline-offset-2">
                  sign in to book
                </Link>
              </span>
              <span className="block text-slate-700">{`Your first ${introMinutes} minutes with ${expert.name} are free. No card needed.`}</span>
            </span>
          </p>
        ) : null}

        <div>
          <StepHeading step={1}>Choose a date</StepHeading>
          <BookingCalendar selected={date} onSelect={b.selectDate} month={month} onMonthChange={b.setMonth} availableDays={days.data} />
          <CalendarStatus pending={days.isPending} failed={days.isError} empty={monthHasNoDays} month={month} onMonthChange={b.setMonth} />
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
            <TimeSlots slots={slots.data} value={time} onChange={b.selectTime} labelledBy={ids.time} />
          )}
          {b.restoredGone ? (
            <p role="status" className="mt-3 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
              {messages.booking.keptTimeGone(slotLabel(b.restoredGone))}
            </p>
          ) : null}
          <p className="mt-3 flex items-center gap-1.5 text-xs text-slate-600">
            <Globe className="h-3.5 w-3.5 shrink-0" aria-hidden />
            Times are shown in your time zone: {zoneLabel(b.tz)}
          </p>
        </div>

        <div>
          <Label htmlFor={ids.duration}>Duration</Label>
          <Select id={ids.duration} value={duration} disabled={b.isIntro} onChange={(e) => b.setDuration(Number(e.target.value))}>
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
            value={b.topic}
            maxLength={topicMax}
            onChange={(e) => b.setTopic(e.target.value)}
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
            <span>{b.isIntro ? 'Free intro meeting' : `${formatMoney(expert.hourlyRateCents, expert.currency)} × ${durationLabel(duration)}`}</span>
          </div>
          <div className="mt-2 flex items-center justify-between border-t border-slate-200 pt-2">
            <span className="font-semibold text-slate-900">Total</span>
            <span className="text-lg font-bold text-slate-900" data-testid="booking-total">
              {formatMoney(b.priceCents, expert.currency)}
            </span>
          </div>
        </div>

        {b.isSelf ? (
          <p className="rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-700">This is your own profile. Clients book sessions with you here.</p>
        ) : null}
        {b.needsProfile ? (
          <div className="rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
            <Link to={signInPath(`/expert/${expert.slug || expert.id}`)} className="font-semibold underline">
              {messages.booking.completeProfile}
            </Link>{' '}
            — add your first and last name before booking.
          </div>
        ) : null}
        <FormError>{b.error}</FormError>
        {/* A live region present from the start, so the prompt is announced when it appears. */}
        <div role="status">
          {b.signInPrompt ? <div className="rounded-lg border border-brand-200 bg-brand-50 px-3 py-2 text-sm text-slate-800">{b.signInPrompt}</div> : null}
        </div>

        <div>
          <Button
            type="submit"
            size="lg"
            className="w-full"
            disabled={!isComplete(b.choice) || b.submitting || b.isSelf}
            aria-describedby={b.hint ? ids.hint : undefined}
          >
            {b.submitting ? <Spinner className="h-4 w-4 border-white/40 border-t-white" label="Booking" /> : null}
            {b.isIntro ? 'Book free intro' : 'Continue to payment'}
          </Button>
          <p id={ids.hint} className="mt-2 min-h-5 text-center text-sm text-slate-700" aria-live="polite">
            {b.error ? null : b.hint}
          </p>
        </div>

        <p className="flex items-start gap-2 text-xs text-slate-600">
          <ShieldCheck className="mt-0.5 h-4 w-4 shrink-0 text-emerald-700" aria-hidden />
          <span>
            {b.isIntro
              ? 'The intro is free: no card, no payment, and you can cancel it any time before it starts.'
              : `${holdTerms} ${policyTerms[expert.cancellationPolicy].summary}`}
          </span>
        </p>
      </form>
    </section>
  );
}
