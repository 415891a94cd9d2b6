import { useState } from 'react';
import { messages } from '@shared/messages';
import { formatMoney } from '@shared/pricing';
import type { PaymentRetry, PaymentRetryKind } from '@shared/schemas/admin-payment-retries';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { useParam, usePage } from '../../components/pager';
import { formatDateTime } from '../../lib/format';
import { toast } from '../../lib/toast';
import { usePaymentRetries, useResolvePayment, useRetryPayment } from './api/payment-retries';
import { FilterLinks, QueueSection } from './console-parts';
import { ReasonDialog } from './reason-dialog';

const filters = [
  { value: 'open', label: 'Still to do' },
  { value: 'done', label: 'Done' },
] as const;

/** A retry's words by what it moves: money back to the client, or the expert's share to their Stripe account. */
const words = {
  'give-back': {
    what: 'Money back to the client',
    reference: 'payment',
    done: 'Given back',
    notDone: 'Not given back',
    state: 'given back',
    description:
      "Only when the money reached the client another way, for example a refund made in the payment processor's own dashboard. Mentora stops asking for it.",
    how: 'How the money was given back',
    submit: 'Mark as Given Back',
  },
  transfer: {
    what: "The expert's share, to their Stripe account",
    reference: 'transfer group',
    done: 'Transferred',
    notDone: 'Not transferred',
    state: 'transferred',
    description:
      "Only when the expert was paid another way, for example a transfer made in the payment processor's own dashboard. Mentora stops asking for it.",
    how: 'How the expert was paid',
    submit: 'Mark as Transferred',
  },
} satisfies Record<PaymentRetryKind, Record<string, string>>;

/** One retry: what it moves and what for, the attempts and the processor's last refusal, and, while not done, the team's two actions. */
function RetryRow({ r }: { r: PaymentRetry }) {
  const retry = useRetryPayment();
  const resolve = useResolvePayment(r.id);
  const [open, setOpen] = useState(false);
  const w = words[r.kind];
  // The promise, not mutate's callbacks: a retry that succeeds leaves the 'Still to do' list once the console's reads
  // refresh, unmounting this row before the callbacks would run (TanStack Query drops them, and the toast with them).
  const askAgain = () =>
    retry.mutateAsync(r.id).then(
      ({ done }) => (done ? toast.success(messages.admin.paymentRetrySucceeded[r.kind]) : toast.error(messages.admin.paymentRetryFailed)),
      (err: Error) => toast.error(err.message),
    );
  return (
    <li className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-semibold text-slate-900">{formatMoney(r.amountCents)}</span>
        {r.doneAt ? (
          <Badge tone="green">
            {w.done} {formatDateTime(r.doneAt)}
          </Badge>
        ) : (
          <Badge tone="red">{w.notDone}</Badge>
        )}
        <span className="text-sm text-slate-600">
          {r.attempts} {r.attempts === 1 ? 'attempt' : 'attempts'}
        </span>
      </div>
      <p className="mt-1 text-sm font-medium text-slate-900">{w.what}</p>
      <p className="mt-1 text-sm text-slate-700">{r.why}</p>
      <p className="mt-1 text-xs text-slate-500">
        {/* Only the reference may break anywhere: a processor's id is one long word, the dates are not. */}
        {r.provider} {w.reference} <span className="break-all">{r.providerRef}</span> · First attempt {formatDateTime(r.createdAt)}
        {r.doneAt ? null : ` · Next automatic attempt ${formatDateTime(r.nextAttemptAt)}`}
      </p>
      {r.lastError && !r.doneAt ? <p className="mt-2 rounded-md bg-red-50 px-3 py-2 text-xs break-all text-red-800">Last refusal: {r.lastError}</p> : null}
      {r.doneAt ? null : (
        <div className="mt-3 flex flex-wrap gap-2">
          <Button size="sm" disabled={retry.isPending} onClick={askAgain}>
            Ask the processor again
          </Button>
          <Button size="sm" variant="outline" onClick={() => setOpen(true)}>
            Mark as {w.state}
          </Button>
        </div>
      )}
      <ReasonDialog
        id={`resolve-${r.id}`}
        title={`Mark ${formatMoney(r.amountCents)} as ${w.state}?`}
        description={w.description}
        label={w.how}
        submitLabel={w.submit}
        done={messages.admin.paymentRetryResolved[r.kind]}
        mutation={resolve}
        open={open}
        onOpenChange={setOpen}
      />
    </li>
  );
}

/**
 * /admin/payment-retries (docs/product.md "Team console"): money the payment processor failed to move — back to the
 * client (a card hold to void, a payment to refund, a plan's renewal invoice to void) or an expert's share to their
 * Stripe account — which Mentora keeps asking for; the team asks again at once or marks it done by hand.
 */
export default function PaymentRetriesPage() {
  const [status] = useParam('status', 'open');
  const [page] = usePage();
  const query = usePaymentRetries(status, page);
  return (
    <QueueSection
      id="payment-retries-title"
      title="Payment retries"
      filters={<FilterLinks label="Status" name="status" options={filters} fallback="open" />}
      query={query}
      data={query.data}
      row={(r) => <RetryRow key={r.id} r={r} />}
    />
  );
}
