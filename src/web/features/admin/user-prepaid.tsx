/**
 * An account's monthly plans and session packages on its console page (docs/product.md "Plans and packages", "Team
 * console"), bought or sold, with their payments and refunds: the team ends a live plan with its month's unused
 * sessions refunded, or refunds a package's unused sessions, each with a reason (audited) and an Idempotency-Key.
 */
import { useState } from 'react';
import { Link } from 'react-router';
import { packageTitle } from '@shared/packages';
import { planTitle } from '@shared/plans';
import { formatMoney } from '@shared/pricing';
import type { PurchaseView } from '@shared/schemas/packages';
import type { SubscriptionView } from '@shared/schemas/plans';
import { Button } from '../../components/ui/button';
import { FormError } from '../../components/ui/input';
import { Spinner } from '../../components/ui/spinner';
import { formatDateTime } from '../../lib/format';
import { useEndSubscription, useRefundPackage, useUserPackages, useUserSubscriptions } from './api/user-prepaid';
import { RecordPart } from './console-parts';
import { ReasonDialog } from './reason-dialog';

function planState(s: SubscriptionView): string {
  if (s.endedAt) return `Ended ${formatDateTime(s.endedAt)}${s.endReason ? ` (${s.endReason})` : ''}`;
  if (s.status === 'past_due') return 'Payment failing';
  if (s.cancelAtPeriodEnd) return `Cancelled, ends ${formatDateTime(s.currentPeriodEnd)}`;
  return `${s.status === 'trialing' ? 'Free trial' : 'Active'}, renews ${formatDateTime(s.currentPeriodEnd)}`;
}

function packageState(p: PurchaseView): string {
  if (p.endedAt) return `Ended ${formatDateTime(p.endedAt)} by ${p.endedBy === 'expert' ? 'the expert' : 'the team'}`;
  if (p.status === 'expired') return `Expired ${formatDateTime(p.expiresAt)}`;
  return `${p.sessionsLeft} of ${p.sessionCount} left, expires ${formatDateTime(p.expiresAt)}`;
}

function PlanRow({ subscription: s }: { subscription: SubscriptionView }) {
  const [open, setOpen] = useState(false);
  const [key] = useState(() => crypto.randomUUID());
  const end = useEndSubscription(s.id, key);
  const paid = s.periods.reduce((sum, p) => sum + p.amountCents, 0);
  const refunded = s.periods.reduce((sum, p) => sum + p.refundedCents, 0);
  return (
    <li className="flex flex-wrap items-start justify-between gap-3 py-3 text-sm">
      <div className="min-w-0">
        <p className="font-medium text-slate-900">
          {s.clientName} with{' '}
          <Link to={`/expert/${s.expertSlug}`} className="text-brand-700 underline-offset-2 hover:underline">
            {s.expertName}
          </Link>{' '}
          · {s.name} ({planTitle(s, s.currency)})
        </p>
        <p className="text-slate-700">
          {planState(s)} · paid {formatMoney(paid, s.currency)}
          {refunded > 0 ? ` · refunded ${formatMoney(refunded, s.currency)}` : ''}
        </p>
      </div>
      {s.endedAt ? null : (
        <Button variant="outline" size="sm" onClick={() => setOpen(true)}>
          End and Refund
        </Button>
      )}
      <ReasonDialog
        id={`end-plan-${s.id}`}
        title={`End ${s.clientName}'s plan ${s.name}?`}
        description="The plan ends now and the sessions of this month not yet booked are refunded to the client's card; booked sessions keep their own payments. Both sides are e-mailed."
        label="Reason (shown to the expert)"
        submitLabel="End and Refund"
        done="Plan ended; its month's unused sessions were refunded."
        destructive
        mutation={end}
        open={open}
        onOpenChange={setOpen}
      />
    </li>
  );
}

function PackageRow({ purchase: p }: { purchase: PurchaseView }) {
  const [open, setOpen] = useState(false);
  const [key] = useState(() => crypto.randomUUID());
  const refund = useRefundPackage(p.id, key);
  return (
    <li className="flex flex-wrap items-start justify-between gap-3 py-3 text-sm">
      <div className="min-w-0">
        <p className="font-medium text-slate-900">
          {p.clientName} from {p.expertName} · {packageTitle(p, p.currency)}
        </p>
        <p className="text-slate-700">
          {packageState(p)}
          {p.refundedCents > 0 ? ` · refunded ${formatMoney(p.refundedCents, p.currency)}` : ''}
          {p.releasedCents > 0 ? ` · released to the expert ${formatMoney(p.releasedCents, p.currency)}` : ''}
        </p>
      </div>
      {p.status === 'active' && p.sessionsLeft > 0 ? (
        <Button variant="outline" size="sm" onClick={() => setOpen(true)}>
          Refund Unused Sessions
        </Button>
      ) : null}
      <ReasonDialog
        id={`refund-package-${p.id}`}
        title={`Refund ${p.sessionsLeft} unused ${p.sessionsLeft === 1 ? 'session' : 'sessions'} of ${p.clientName}'s package?`}
        description="Their shares go back to the client's card and the package ends: nothing more can be booked from it; booked sessions keep their own payments. The client is e-mailed."
        label="Reason"
        submitLabel="Refund Unused Sessions"
        done="The package's unused sessions were refunded and the package ended."
        destructive
        mutation={refund}
        open={open}
        onOpenChange={setOpen}
      />
    </li>
  );
}

export function UserPlansAndPackages({ userId }: { userId: string }) {
  const subscriptions = useUserSubscriptions(userId);
  const packages = useUserPackages(userId);
  return (
    <>
      <RecordPart id="user-plans" title="Monthly plans" empty={subscriptions.data?.length === 0 ? 'No plans.' : null}>
        {subscriptions.isPending ? <Spinner /> : null}
        {subscriptions.isError ? <FormError>{subscriptions.error.message}</FormError> : null}
        <ul className="divide-y divide-slate-100">
          {subscriptions.data?.map((s) => (
            <PlanRow key={s.id} subscription={s} />
          ))}
        </ul>
      </RecordPart>
      <RecordPart id="user-packages" title="Session packages" empty={packages.data?.length === 0 ? 'No packages.' : null}>
        {packages.isPending ? <Spinner /> : null}
        {packages.isError ? <FormError>{packages.error.message}</FormError> : null}
        <ul className="divide-y divide-slate-100">
          {packages.data?.map((p) => (
            <PackageRow key={p.id} purchase={p} />
          ))}
        </ul>
      </RecordPart>
    </>
  );
}
