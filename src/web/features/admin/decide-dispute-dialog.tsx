import { useState, type FormEvent } from 'react';
import { messages } from '@shared/messages';
import { formatMoney } from '@shared/pricing';
import type { DisputeView } from '@shared/schemas/admin';
import { Dialog, DialogButtons } from '../../components/ui/dialog';
import { FormError, Input, Label, Textarea } from '../../components/ui/input';
import { useDialogAction } from '../../lib/use-dialog-action';
import { useResolveDispute } from './api/resolve-dispute';
import { dollarsToCents } from './console-parts';

const choice =
  'flex cursor-pointer gap-3 rounded-xl border border-slate-200 p-3 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600';

/**
 * Decide a dispute (docs/product.md "Disputes"): for the client — a refund between $0.01 and the held amount (full by
 * default), the session cancelled — or for the expert — the payment released, the session completed. The
 * note is required and e-mailed to both parties.
 */
export function DecideDisputeDialog({ dispute, open, onOpenChange }: { dispute: DisputeView; open: boolean; onOpenChange: (open: boolean) => void }) {
  const held = dispute.heldCents;
  const currency = dispute.session.currency;
  const [decision, setDecision] = useState<'client' | 'expert'>('client');
  const [refund, setRefund] = useState((held / 100).toFixed(2));
  const [note, setNote] = useState('');
  const { error, setError, run, pending } = useDialogAction(useResolveDispute(dispute.id), () => onOpenChange(false));
  const [key] = useState(() => crypto.randomUUID());

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const cents = dollarsToCents(refund);
    if (decision === 'client' && held > 0 && (cents === null || cents < 1 || cents > held)) return setError(messages.admin.refundRange);
    if (!note.trim()) return setError(messages.admin.resolutionNote);
    const body = decision === 'client' ? { decision, note: note.trim(), ...(held > 0 ? { refundCents: cents! } : {}) } : { decision, note: note.trim() };
    run({ key, body }, messages.admin.resolved);
  };

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Decide this dispute"
      description={held > 0 ? `${formatMoney(held, currency)} is held in escrow.` : 'No money is held for this session.'}
    >
      <form onSubmit={submit} noValidate className="space-y-4">
        <fieldset className="space-y-2">
          <legend className="mb-1.5 text-sm font-medium text-slate-800">Decision</legend>
          <label className={choice}>
            <input
              type="radio"
              name="decision"
              value="client"
              checked={decision === 'client'}
              onChange={() => setDecision('client')}
              className="mt-1 accent-brand-600"
            />
            <span>
              <span className="block font-semibold text-slate-900">For the client ({dispute.client.name})</span>
              <span className="block text-sm text-slate-700">Refund the client and cancel the session. Any amount not refunded is released to the expert.</span>
            </span>
          </label>
          <label className={choice}>
            <input
              type="radio"
              name="decision"
              value="expert"
              checked={decision === 'expert'}
              onChange={() => setDecision('expert')}
              className="mt-1 accent-brand-600"
            />
            <span>
              <span className="block font-semibold text-slate-900">For the expert ({dispute.expert.name})</span>
              <span className="block text-sm text-slate-700">Release the payment to the expert and mark the session completed.</span>
            </span>
          </label>
        </fieldset>
        {decision === 'client' && held > 0 ? (
          <div>
            <Label htmlFor="refund-amount">Refund amount (USD)</Label>
            <Input id="refund-amount" inputMode="decimal" value={refund} onChange={(e) => setRefund(e.target.value)} aria-describedby="refund-hint" />
            <p id="refund-hint" className="mt-1 text-xs text-slate-600">
              Between $0.01 and {formatMoney(held, currency)} (the full amount).
            </p>
          </div>
        ) : null}
        <div>
          <Label htmlFor="resolution-note">Note to both parties</Label>
          <Textarea
            id="resolution-note"
            value={note}
            onChange={(e) => setNote(e.target.value)}
            maxLength={2000}
            placeholder="What the team found and why it decided so"
          />
        </div>
        <FormError>{error}</FormError>
        <DialogButtons onCancel={() => onOpenChange(false)} submitLabel="Confirm Decision" pending={pending} />
      </form>
    </Dialog>
  );
}
