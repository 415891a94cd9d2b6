import { useState, type FormEvent } from 'react';
import { messages } from '@shared/messages';
import { formatMoney } from '@shared/pricing';
import type { AdminSessionDetail } from '@shared/schemas/admin-sessions';
import { Dialog, DialogButtons } from '../../components/ui/dialog';
import { FormError, Input, Label, Textarea } from '../../components/ui/input';
import { useDialogAction } from '../../lib/use-dialog-action';
import { useRefundSession } from './api/refund-session';
import { dollarsToCents } from './console-parts';

/**
 * Refund a session in full or in part (docs/product.md "Team console", "Sessions and money"): an amount between $0.01
 * and what is held (all by default) and a reason e-mailed to both parties; the rest is released to the expert.
 */
export function RefundDialog({ session: s, open, onOpenChange }: { session: AdminSessionDetail; open: boolean; onOpenChange: (open: boolean) => void }) {
  const held = s.refundableCents;
  const [amount, setAmount] = useState((held / 100).toFixed(2));
  const [reason, setReason] = useState('');
  const { error, setError, run, pending } = useDialogAction(useRefundSession(s.id), () => onOpenChange(false));
  const [key] = useState(() => crypto.randomUUID());
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const cents = dollarsToCents(amount);
    if (cents === null || cents < 1 || cents > held) return setError(messages.admin.refundRange);
    if (!reason.trim()) return setError(messages.admin.suspendReason);
    run({ key, body: { refundCents: cents, reason: reason.trim() } }, messages.admin.refunded);
  };
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Refund this session"
      description={`${formatMoney(held, s.currency)} is held. What is not refunded is released to the expert now; the session itself does not change.`}
    >
      <form onSubmit={submit} noValidate className="space-y-4">
        <div>
          <Label htmlFor="refund-amount">Refund to the client (USD)</Label>
          <Input id="refund-amount" inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} />
        </div>
        <div>
          <Label htmlFor="refund-reason">Reason for both parties</Label>
          <Textarea id="refund-reason" value={reason} onChange={(e) => setReason(e.target.value)} maxLength={1000} />
        </div>
        <FormError>{error}</FormError>
        <DialogButtons onCancel={() => onOpenChange(false)} submitLabel="Refund" pending={pending} destructive />
      </form>
    </Dialog>
  );
}
