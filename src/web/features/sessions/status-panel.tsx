import type { LucideIcon } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import { formatMoney } from '@shared/pricing';
import type { SessionView } from '@shared/schemas/sessions';
import { cn } from '../../lib/cn';

const tones = {
  brand: 'border-brand-200 bg-brand-50 [&_svg.panel-icon]:text-brand-700',
  green: 'border-emerald-200 bg-emerald-50 [&_svg.panel-icon]:text-emerald-700',
  amber: 'border-amber-200 bg-amber-50 [&_svg.panel-icon]:text-amber-700',
  neutral: 'border-slate-200 bg-slate-50 [&_svg.panel-icon]:text-slate-600',
} as const;

/**
 * A box under a session's facts that says where it stands and what the viewer can do next; a page may show more
 * than one (the session's state and a no-show report), each a region named by its own title.
 */
export function StatusPanel({
  icon: Icon,
  title,
  tone,
  children,
  actions,
}: {
  icon: LucideIcon;
  title: ReactNode;
  tone: keyof typeof tones;
  children?: ReactNode;
  actions?: ReactNode;
}) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className={cn('rounded-2xl border p-5 sm:p-6', tones[tone])}>
      <div className="flex gap-3">
        <Icon className="panel-icon mt-0.5 h-6 w-6 shrink-0" aria-hidden />
        <div className="min-w-0 flex-1">
          <h2 id={titleId} className="text-lg font-semibold text-slate-900">
            {title}
          </h2>
          {children ? <div className="mt-1 space-y-1 text-sm text-slate-800">{children}</div> : null}
          {actions ? <div className="mt-4 flex flex-col gap-2 sm:flex-row sm:flex-wrap">{actions}</div> : null}
        </div>
      </div>
    </section>
  );
}

/** 'Session Cancelled. If you have any questions, please contact support.' (docs/product.md "Sessions"), with a link to /contact. */
export function CancelledTitle() {
  return (
    <>
      Session Cancelled.{' '}
      <span className="font-normal text-slate-800">
        If you have any questions, please{' '}
        <Link to="/contact" className="font-medium text-brand-700 underline underline-offset-2">
          contact support
        </Link>
        .
      </span>
    </>
  );
}

/** Who cancelled, why, and what was refunded (sessions API cancelledBy / cancelReason / payment). */
export function CancellationDetails({ session }: { session: SessionView }) {
  const by =
    session.cancelledBy === 'team'
      ? 'the Mentora team'
      : session.cancelledBy === session.viewerRole
        ? 'you'
        : session.cancelledBy === 'expert'
          ? session.expertName
          : session.clientName;
  const refunded = session.payment?.refundedCents ?? 0;
  return (
    <>
      {session.cancelledBy ? (
        <p>
          Cancelled by {by}
          {session.cancelReason ? <>: “{session.cancelReason}”</> : null}
        </p>
      ) : null}
      {session.payment ? (
        <p>
          Refund: {formatMoney(refunded, session.currency)}
          {refunded < session.payment.amountCents ? ` of ${formatMoney(session.payment.amountCents, session.currency)}` : ' (full refund)'}
        </p>
      ) : null}
    </>
  );
}
