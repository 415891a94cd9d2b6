import { CalendarClock, Clock, CreditCard, DollarSign, FileDown, MessageSquareText, ShieldCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { prepaidSessionLabel } from '@shared/plans';
import { formatMoney } from '@shared/pricing';
import { hasReceipt, receiptPath } from '@shared/receipts';
import type { SessionView } from '@shared/schemas/sessions';
import { policyNames, policyTerms } from '@shared/sessions';
import { formatDateTime, formatDuration, localZoneName } from '../../lib/format';
import { paymentStatusLine } from './payment-status';

function Fact({ icon, label, children, wide }: { icon: ReactNode; label: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={wide ? 'sm:col-span-2' : undefined}>
      <dt className="flex items-center gap-1.5 text-xs font-medium uppercase tracking-wide text-slate-600">
        <span className="text-brand-600">{icon}</span>
        {label}
      </dt>
      <dd className="mt-1 break-words text-slate-900">{children}</dd>
    </div>
  );
}

/**
 * Date-time (viewer's zone, 12-hour), duration, total cost, payment status (with the client's PDF receipt), the cancellation policy a paid session
 * was booked under (kept with it: the expert's later changes do not apply) and the topic of a session.
 */
export function SessionFacts({ session }: { session: SessionView }) {
  return (
    <dl className="grid gap-5 sm:grid-cols-2">
      <Fact icon={<CalendarClock className="h-4 w-4" aria-hidden />} label="Date and time">
        {formatDateTime(session.startsAt)} <span className="text-slate-600">({localZoneName(session.startsAt)})</span>
      </Fact>
      <Fact icon={<Clock className="h-4 w-4" aria-hidden />} label="Duration">
        {formatDuration(session.durationMinutes)}
      </Fact>
      <Fact icon={<DollarSign className="h-4 w-4" aria-hidden />} label="Total cost">
        {formatMoney(session.totalAmountCents, session.currency)}
        {session.package ? <span className="block text-sm text-slate-600">{prepaidSessionLabel(session.package)}</span> : null}
      </Fact>
      <Fact icon={<CreditCard className="h-4 w-4" aria-hidden />} label="Payment">
        {paymentStatusLine(session)}
        {session.viewerRole === 'client' && session.payment?.receiptNumber ? (
          <span className="block text-sm text-slate-600">Receipt {session.payment.receiptNumber}</span>
        ) : null}
        {/* A package session was paid with its package, whose receipt is the payment's (docs/product.md "Plans and packages"). */}
        {session.viewerRole === 'client' && !session.package && session.payment && hasReceipt(session.payment.status) ? (
          <a href={receiptPath(session.id)} download className="mt-1 flex w-fit items-center gap-1.5 text-sm font-medium text-brand-700 hover:underline">
            <FileDown className="h-4 w-4" aria-hidden />
            Download PDF receipt
          </a>
        ) : null}
      </Fact>
      {session.totalAmountCents > 0 ? (
        <Fact icon={<ShieldCheck className="h-4 w-4" aria-hidden />} label="Cancellation policy" wide>
          <span className="font-semibold">{policyNames[session.cancellationPolicy]}:</span> {policyTerms[session.cancellationPolicy].summary}{' '}
          <span className="text-slate-600">These are the terms this session was booked under; a later change by the expert does not apply.</span>
        </Fact>
      ) : null}
      <Fact icon={<MessageSquareText className="h-4 w-4" aria-hidden />} label="Discussion topic" wide>
        <span className="whitespace-pre-line">{session.topic}</span>
      </Fact>
    </dl>
  );
}
