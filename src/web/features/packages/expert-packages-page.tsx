/**
 * /dashboard/expert/packages (docs/product.md "Plans and packages"): the expert's package offers — add one, open or
 * close each (a change applies to new buyers only) — and the packages sold with their sessions left.
 */
import { useState, type FormEvent } from 'react';
import { durations, formatMoney } from '@shared/pricing';
import { packageTitle, type ExpiryRule } from '@shared/packages';
import { OwnOffers } from '../../components/own-offers';
import { PagePart } from '../../components/page-part';
import { Button } from '../../components/ui/button';
import { FormError, Input, Label } from '../../components/ui/input';
import { Spinner } from '../../components/ui/spinner';
import { formatDateTime } from '../../lib/format';
import { toast } from '../../lib/toast';
import { usePackageSales } from './api/get-my-purchases';
import { useMyPackages, useSavePackage } from './api/my-packages';
import { PackageSummary } from './package-offers';

function NewPackageForm() {
  const save = useSavePackage();
  const [sessionCount, setCount] = useState('4');
  const [durationMinutes, setDuration] = useState('60');
  const [price, setPrice] = useState('');
  const [validityMonths, setMonths] = useState('3');
  const [expiryRule, setRule] = useState<ExpiryRule>('refund');
  const [error, setError] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const priceCents = Math.round(Number(price) * 100);
    if (!Number.isFinite(priceCents) || priceCents <= 0) return setError('Please enter the package price in dollars');
    setError(null);
    save
      .mutateAsync({
        sessionCount: Number(sessionCount),
        durationMinutes: Number(durationMinutes),
        priceCents,
        validityMonths: Number(validityMonths),
        expiryRule,
      })
      .then(
        (p) => {
          toast.success(`Package offered: ${packageTitle(p, p.currency)}`);
          setPrice('');
        },
        (err: Error) => setError(err.message),
      );
  };
  return (
    <form onSubmit={submit} aria-label="Offer a package" className="space-y-4 rounded-xl border border-slate-200 bg-white p-4">
      <h2 className="text-lg font-semibold text-slate-900">Offer a package</h2>
      <div className="grid gap-3 sm:grid-cols-4">
        <div className="space-y-1">
          <Label htmlFor="package-count">Sessions</Label>
          <Input id="package-count" type="number" min={2} max={20} value={sessionCount} onChange={(e) => setCount(e.target.value)} />
        </div>
        <div className="space-y-1">
          <Label htmlFor="package-length">Length (minutes)</Label>
          <select
            id="package-length"
            className="h-10 w-full rounded-md border border-slate-300 bg-white px-3 text-sm"
            value={durationMinutes}
            onChange={(e) => setDuration(e.target.value)}
          >
            {durations.map((d) => (
              <option key={d} value={d}>
                {d}
              </option>
            ))}
          </select>
        </div>
        <div className="space-y-1">
          <Label htmlFor="package-price">Package price ($)</Label>
          <Input id="package-price" inputMode="decimal" value={price} onChange={(e) => setPrice(e.target.value)} />
        </div>
        <div className="space-y-1">
          <Label htmlFor="package-months">Valid for (months)</Label>
          <Input id="package-months" type="number" min={1} max={12} value={validityMonths} onChange={(e) => setMonths(e.target.value)} />
        </div>
      </div>
      <fieldset className="space-y-1">
        <legend className="text-sm font-medium text-slate-900">Sessions still unused when the package expires</legend>
        <label className="flex items-center gap-2 text-sm text-slate-800">
          <input type="radio" name="expiry-rule" checked={expiryRule === 'refund'} onChange={() => setRule('refund')} /> are refunded to the client
        </label>
        <label className="flex items-center gap-2 text-sm text-slate-800">
          <input type="radio" name="expiry-rule" checked={expiryRule === 'release'} onChange={() => setRule('release')} /> are paid to me
        </label>
      </fieldset>
      {error ? <FormError>{error}</FormError> : null}
      <Button type="submit" disabled={save.isPending} aria-busy={save.isPending}>
        Offer package
      </Button>
    </form>
  );
}

function Offers() {
  const offers = useMyPackages();
  const save = useSavePackage();
  return (
    <OwnOffers
      offers={offers}
      empty="You offer no packages yet."
      summary={(o) => <PackageSummary offer={o} />}
      buyers="buyers"
      toggle={(o) => save.mutateAsync({ ...o, open: !o.open }).catch((err: Error) => toast.error(err.message))}
      toggling={save.isPending}
    />
  );
}

function Sold() {
  const sales = usePackageSales();
  if (sales.isPending) return <Spinner />;
  if (sales.isError) return <FormError>{sales.error.message}</FormError>;
  if (sales.data.length === 0) return <p className="text-sm text-slate-700">No packages sold yet.</p>;
  return (
    <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white">
      {sales.data.map((p) => (
        <li key={p.id} className="p-4 text-sm text-slate-800">
          <p className="font-medium text-slate-900">
            {p.clientName} · {packageTitle(p, p.currency)}
          </p>
          <p>
            {p.sessions.filter((s) => s.status === 'booked').length} booked ·{' '}
            {p.status === 'active' ? `${p.sessionsLeft} left, expires ${formatDateTime(p.expiresAt)}` : p.status}
            {p.releasedCents > 0 ? ` · ${formatMoney(p.releasedCents, p.currency)} of unused sessions released to you` : ''}
          </p>
        </li>
      ))}
    </ul>
  );
}

export default function ExpertPackagesPage() {
  return (
    <div className="mx-auto max-w-4xl space-y-8 px-4 py-10">
      <h1 className="text-2xl font-bold text-slate-900">Session packages</h1>
      <NewPackageForm />
      <PagePart id="offers" title="Your packages">
        <Offers />
      </PagePart>
      <PagePart id="sold" title="Packages sold">
        <Sold />
      </PagePart>
    </div>
  );
}
