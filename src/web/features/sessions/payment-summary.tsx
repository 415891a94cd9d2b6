import { CalendarClock, Clock, MessageSquareText, ShieldCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { policyTerms } from '@shared/sessions';
import { formatMoney, totalCents } from '@shared/pricing';
import { PersonAvatar } from '../../components/person-avatar';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import type { BookingDraft } from '../../lib/booking-draft';
import { formatDateTime, formatDuration, localZoneName } from '../../lib/format';

const notSelected = 'Not Selected';

function Row({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <div className="relative py-3 pl-7">
      <dt className="text-xs font-medium uppercase tracking-wide text-slate-600">
        <span className="absolute left-0 top-3.5 text-brand-600">{icon}</span>
        {label}
      </dt>
      <dd className="mt-0.5 break-words text-sm text-slate-900">{children}</dd>
    </div>
  );
}

/**
 * The session being paid for (docs/product.md "Payments"): expert, date-time in the viewer's zone, duration, rate,
 * topic, total and the expert's cancellation policy. Without a draft: 'Not Selected' and 1 hour.
 */
export function PaymentSummary({ draft, durationMinutes }: { draft: BookingDraft | null; durationMinutes: number }) {
  const total = draft ? formatMoney(totalCents(draft.hourlyRateCents, durationMinutes), draft.currency) : notSelected;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Session summary</CardTitle>
      </CardHeader>
      <CardContent>
        <div className="flex items-center gap-4 rounded-xl bg-slate-50 p-4">
          <PersonAvatar name={draft?.expertName ?? 'Expert'} imageUrl={draft?.expertImageUrl} className="h-14 w-14 text-lg" />
          <div className="min-w-0">
            <p className="truncate font-semibold text-slate-900">{draft?.expertName ?? notSelected}</p>
            <p className="truncate text-sm text-slate-700">{draft?.expertRole ?? 'Choose an expert to book'}</p>
          </div>
        </div>
        <dl className="mt-2 divide-y divide-slate-100">
          <Row icon={<CalendarClock className="h-4 w-4" aria-hidden />} label="Date and time">
            {draft ? (
              <>
                {formatDateTime(draft.startsAt)} <span className="text-slate-600">({localZoneName(draft.startsAt)})</span>
              </>
            ) : (
              notSelected
            )}
          </Row>
          <Row icon={<Clock className="h-4 w-4" aria-hidden />} label="Duration">
            {formatDuration(durationMinutes)}
            {draft ? <span className="text-slate-600"> · {formatMoney(draft.hourlyRateCents, draft.currency)} / hour</span> : null}
          </Row>
          <Row icon={<MessageSquareText className="h-4 w-4" aria-hidden />} label="Topic">
            {draft?.topic || notSelected}
          </Row>
          {draft ? (
            <Row icon={<ShieldCheck className="h-4 w-4" aria-hidden />} label="Cancellation policy">
              <span className="capitalize">{draft.cancellationPolicy}</span>: {policyTerms[draft.cancellationPolicy].summary}
            </Row>
          ) : null}
        </dl>
        <div className="mt-2 flex items-baseline justify-between border-t border-slate-200 pt-4">
          <span className="font-semibold text-slate-900">Total</span>
          <span className="text-2xl font-bold text-slate-900" data-testid="payment-total">
            {total}
          </span>
        </div>
      </CardContent>
    </Card>
  );
}
