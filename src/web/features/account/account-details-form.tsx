import { useState, type FormEvent } from 'react';
import { messages } from '@shared/messages';
import type { Me } from '@shared/schemas/profile';
import { FormField } from '../../components/ui/form-field';
import { FormError, Input } from '../../components/ui/input';
import { SaveRow } from '../../components/ui/save-row';
import { ApiError } from '../../lib/api';
import { useSaveDetails } from './api/save-details';

/**
 * Name and phone on /account (docs/product.md "Account"), saved with PUT /api/me/details. An expert's public
 * profile shows the same name. A refusal shows the server's reason; nothing is saved then.
 */
export function AccountDetailsForm({ me }: { me: Me }) {
  const [firstName, setFirstName] = useState(me.firstName ?? '');
  const [lastName, setLastName] = useState(me.lastName ?? '');
  const [phone, setPhone] = useState(me.phone ?? '');
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const save = useSaveDetails();
  const edit = (set: (v: string) => void) => (e: { currentTarget: HTMLInputElement }) => {
    set(e.currentTarget.value);
    setSaved(false);
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    setSaved(false);
    try {
      await save.mutateAsync({ firstName, lastName, phone });
      setSaved(true);
    } catch (err) {
      setError(err instanceof ApiError && err.status !== 500 ? err.message : messages.auth.saveProfileFailed);
    }
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-labelledby="account-details-title">
      <div>
        <h2 id="account-details-title" className="text-lg font-semibold text-slate-900">
          Your details
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          {me.role === 'expert' ? 'Your name also shows on your expert profile. ' : ''}Sessions already booked keep the name they were booked under.
        </p>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id="account-first-name" label="First name" required>
          {(aria) => <Input {...aria} autoComplete="given-name" maxLength={100} value={firstName} onChange={edit(setFirstName)} />}
        </FormField>
        <FormField id="account-last-name" label="Last name" required>
          {(aria) => <Input {...aria} autoComplete="family-name" maxLength={100} value={lastName} onChange={edit(setLastName)} />}
        </FormField>
      </div>
      <FormField id="account-phone" label="Phone">
        {(aria) => <Input {...aria} type="tel" autoComplete="tel" maxLength={40} value={phone} onChange={edit(setPhone)} />}
      </FormField>
      <FormError>{error}</FormError>
      <SaveRow label="Save details" pending={save.isPending} saved={saved ? `${messages.account.detailsSaved}.` : null} />
    </form>
  );
}
