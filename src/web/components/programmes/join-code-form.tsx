import { memberPrivacyNotice } from '@shared/programmes';
import { useId, useState, type FormEvent } from 'react';
import { useJoinProgramme } from '../../lib/programmes';
import { toast } from '../../lib/toast';
import { Button } from '../ui/button';
import { FormError, Input, Label } from '../ui/input';

/**
 * Entering an access code (docs/product.md "Access programmes"), on /account and at checkout. Before joining the member
 * reads what the organisation's managers will see.
 */
export function JoinCodeForm({ compact = false }: { compact?: boolean }) {
  const id = useId();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const join = useJoinProgramme();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    join.mutate(
      { code },
      {
        onSuccess: () => {
          setError(null);
          setCode('');
          toast.success('You joined the programme');
        },
        onError: (err) => setError(err.message),
      },
    );
  };
  return (
    <form onSubmit={submit} aria-label="Join with an access code" className="space-y-2">
      <div className="flex flex-wrap items-end gap-3">
        <div className={compact ? 'min-w-40 flex-1' : 'min-w-56 flex-1'}>
          <Label htmlFor={id}>Access code</Label>
          <Input id={id} value={code} onChange={(e) => setCode(e.target.value)} required maxLength={40} autoComplete="off" placeholder="K7QM-3XPD" />
        </div>
        <Button type="submit" variant="outline" disabled={join.isPending || code.trim() === ''}>
          Join
        </Button>
      </div>
      <FormError>{error ?? ''}</FormError>
      <p className="text-xs text-slate-600">{memberPrivacyNotice('Your organisation')}</p>
    </form>
  );
}
