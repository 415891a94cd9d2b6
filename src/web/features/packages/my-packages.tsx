/**
 * The client's packages on their dashboard (docs/product.md "Plans and packages"): sessions left, the expiry and its
 * rule, the receipt's card, and booking the next session from a package — a day, one of the expert's free times of
 * the package's length, a topic — with no card step.
 */
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { expiryRuleText } from '@shared/packages';
import { formatMoney } from '@shared/pricing';
import type { PurchaseView } from '@shared/schemas/packages';
import { Button } from '../../components/ui/button';
import { FormError, Input, Label, Textarea } from '../../components/ui/input';
import { Spinner } from '../../components/ui/spinner';
import { formatDateTime } from '../../lib/format';
import { viewerTimeZone } from '../../lib/viewer-zone';
import { useSlots } from '../../lib/get-slots';
import { toast } from '../../lib/toast';
import { useMyPurchases } from './api/get-my-purchases';
import { useBookPackageSession } from './api/post-package-session';

function BookFromPackage({ purchase: p }: { purchase: PurchaseView }) {
  const [date, setDate] = useState('');
  const [startsAt, setStartsAt] = useState('');
  const [topic, setTopic] = useState('');
  const [error, setError] = useState<string | null>(null);
  const tz = viewerTimeZone();
  const slots = useSlots(p.expertId, date || null, p.durationMinutes, tz);
  const book = useBookPackageSession(p.id);
  const free = (slots.data ?? []).filter((s) => new Date(s).getTime() < new Date(p.expiresAt).getTime());
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (book.isPending) return;
    if (!startsAt) return setError('Please choose a time');
    if (!topic.trim()) return setError('Please describe what you would like to discuss');
    setError(null);
    book.mutateAsync({ startsAt, topic }).then(
      ({ session }) => {
        toast.success(`Booked: ${formatDateTime(session.startsAt)}`);
        setStartsAt('');
        setTopic('');
      },
      (err: Error) => setError(err.message),
    );
  };
  const id = `package-${p.id}`;
  return (
    <form onSubmit={submit} className="mt-3 space-y-3" aria-label={`Book a session from your package with ${p.expertName}`}>
      <div className="grid gap-3 sm:grid-cols-2">
        <div className="space-y-1">
          <Label htmlFor={`${id}-date`}>Day</Label>
          <Input
            id={`${id}-date`}
            type="date"
            value={date}
            onChange={(e) => {
              setDate(e.target.value);
              setStartsAt('');
            }}
          />
        </div>
        <div className="space-y-1">
          <Label htmlFor={`${id}-time`}>Time</Label>
          <select
            id={`${id}-time`}
            className="h-10 w-full rounded-md border border-slate-300 bg-white px-3 text-sm"
            value={startsAt}
            onChange={(e) => setStartsAt(e.target.value)}
            disabled={!date || slots.isPending}
          >
            <option value="">{!date ? 'Choose a day first' : slots.isPending ? 'Loading…' : free.length ? 'Choose a time' : 'No free times that day'}</option>
            {free.map((s) => (
              <option key={s} value={s}>
                {new Date(s).toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit', timeZone: tz })}
              </option>
            ))}
          </select>
        </div>
      </div>
      {slots.isError ? <FormError>{slots.error.message}</FormError> : null}
      <div className="space-y-1">
        <Label htmlFor={`${id}-topic`}>Topic</Label>
        <Textarea id={`${id}-topic`} rows={2} value={topic} onChange={(e) => setTopic(e.target.value)} maxLength={2000} />
      </div>
      {error ? <FormError>{error}</FormError> : null}
      <Button type="submit" disabled={book.isPending} aria-busy={book.isPending}>
        Book package session
      </Button>
    </form>
  );
}

function PurchaseCard({ purchase: p }: { purchase: PurchaseView }) {
  const card = p.cardBrand && p.cardLast4 ? `${p.cardBrand} ending ${p.cardLast4}` : 'card';
  return (
    <li className="rounded-xl border border-slate-200 bg-white p-4">
      <p className="font-semibold text-slate-900">
        {p.sessionCount} × {p.durationMinutes} min with{' '}
        <Link to={`/expert/${encodeURIComponent(p.expertSlug)}`} className="text-brand-700 hover:underline">
          {p.expertName}
        </Link>
      </p>
      <p className="text-sm text-slate-700">
        {p.status === 'active'
          ? `${p.sessionsLeft} of ${p.sessionCount} sessions left · expires ${formatDateTime(p.expiresAt)}`
          : `Expired ${formatDateTime(p.expiresAt)}`}
      </p>
      <p className="text-sm text-slate-600">
        Paid {formatMoney(p.priceCents, p.currency)} with {card} on {formatDateTime(p.createdAt)}
        {p.refundedCents > 0 ? ` · ${formatMoney(p.refundedCents, p.currency)} refunded` : ''} ·{' '}
        <a href={`/api/package-purchases/${encodeURIComponent(p.id)}/receipt.pdf`} download className="font-medium text-brand-700 hover:underline">
          Download PDF receipt
        </a>
      </p>
      {p.status === 'active' ? <p className="text-xs text-slate-600">{expiryRuleText(p.expiryRule, p.validityMonths)}</p> : null}
      {p.status === 'active' && p.sessionsLeft > 0 ? <BookFromPackage purchase={p} /> : null}
    </li>
  );
}

export function MyPackages() {
  const purchases = useMyPurchases();
  if (purchases.isPending) return <Spinner />;
  if (purchases.isError) return <FormError>{purchases.error.message}</FormError>;
  if (purchases.data.length === 0) return null;
  return (
    <section id="packages" aria-labelledby="my-packages" className="scroll-mt-20 space-y-3">
      <h2 id="my-packages" className="text-lg font-semibold text-slate-900">
        Your packages
      </h2>
      <ul className="space-y-3">
        {purchases.data.map((p) => (
          <PurchaseCard key={p.id} purchase={p} />
        ))}
      </ul>
    </section>
  );
}
