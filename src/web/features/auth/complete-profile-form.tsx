import { useState, type FormEvent } from 'react';
import { messages } from '@shared/messages';
import { profileInput, type Me } from '@shared/schemas/profile';
import { splitFullName } from '@shared/roles';
import { Button } from '../../components/ui/button';
import { FormError, Input, Label } from '../../components/ui/input';
import { ApiError } from '../../lib/api';
import { cn } from '../../lib/cn';
import { viewerTimeZone } from '../../lib/viewer-zone';
import { useSaveProfile } from './api/save-profile';

const roleOptions = [
  { value: 'client', title: 'Client', text: 'I want to book sessions with experts.' },
  { value: 'expert', title: 'Expert', text: 'I want to mentor and apply to become an expert.' },
] as const;

/**
 * Complete-profile form (docs/product.md "Accounts and sign-in"): first and last name required, phone optional,
 * role client or expert; the browser's IANA zone (Intl) is sent along. Prefilled by splitting the provider's full
 * name at the first space.
 */
export function CompleteProfileForm({ me, onSaved }: { me: Me; onSaved: (saved: Me) => Promise<void> }) {
  const prefill = me.firstName ? { firstName: me.firstName, lastName: me.lastName ?? '' } : splitFullName(me.fullName === me.email ? '' : me.fullName);
  const [firstName, setFirstName] = useState(prefill.firstName);
  const [lastName, setLastName] = useState(prefill.lastName);
  const [phone, setPhone] = useState(me.phone ?? '');
  const [role, setRole] = useState<string>(me.role === 'admin' ? 'client' : (me.role ?? ''));
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const save = useSaveProfile();

  async function submit(event: FormEvent) {
    event.preventDefault();
    // The browser's zone goes along, so e-mails are in the user's time from the first one (docs/product.md "E-mail").
    const parsed = profileInput.safeParse({ firstName, lastName, phone, role, timeZone: viewerTimeZone() });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? messages.auth.fillRequiredFields);
      return;
    }
    setError(null);
    setSubmitting(true);
    try {
      const saved = await save.mutateAsync(parsed.data);
      await onSaved(saved);
    } catch (err) {
      setError(err instanceof ApiError && err.status !== 500 ? err.message : messages.auth.saveProfileFailed);
    } finally {
      setSubmitting(false);
    }
  }

  const missing = (v: string) => Boolean(error === messages.auth.fillRequiredFields && !v.trim());
  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <Label htmlFor="first-name">First name *</Label>
          <Input id="first-name" autoComplete="given-name" value={firstName} aria-invalid={missing(firstName)} onChange={(e) => setFirstName(e.target.value)} />
        </div>
        <div>
          <Label htmlFor="last-name">Last name *</Label>
          <Input id="last-name" autoComplete="family-name" value={lastName} aria-invalid={missing(lastName)} onChange={(e) => setLastName(e.target.value)} />
        </div>
      </div>
      <div>
        <Label htmlFor="phone">Phone (optional)</Label>
        <Input id="phone" type="tel" autoComplete="tel" value={phone} onChange={(e) => setPhone(e.target.value)} />
      </div>
      <fieldset>
        <legend className="mb-1.5 text-sm font-medium text-slate-800">I am joining as *</legend>
        <div className="grid gap-3 sm:grid-cols-2">
          {roleOptions.map((o) => (
            <label
              key={o.value}
              className={cn(
                'flex cursor-pointer gap-3 rounded-xl border p-3 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600',
                role === o.value ? 'border-brand-600 bg-brand-50' : 'border-slate-300 hover:border-slate-400',
              )}
            >
              <input
                type="radio"
                name="role"
                value={o.value}
                checked={role === o.value}
                onChange={() => setRole(o.value)}
                className="mt-1 accent-brand-600"
                disabled={Boolean(me.role && me.role !== 'admin' && me.role !== o.value)}
              />
              <span>
                <span className="block text-sm font-semibold text-slate-900">{o.title}</span>
                <span className="block text-xs text-slate-700">{o.text}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <FormError>{error}</FormError>
      <Button type="submit" className="w-full" disabled={submitting}>
        {submitting ? 'Saving…' : 'Save and continue'}
      </Button>
    </form>
  );
}
