/**
 * The client's packages on their dashboard (docs/product.md "Plans and packages"): sessions left, the expiry and its
 * rule, the receipt's card, and booking the next session from a package — a day, one of the expert's free times of
 * the package's length, a topic — with no card step.
 */
import { Link } from 'react-router';
import { expiryRuleText, packageEndedText } from '@shared/packages';
import { formatMoney } from '@shared/pricing';
import type { PurchaseView } from '@shared/schemas/packages';
import { PrepaidBookingForm } from '../../components/prepaid-booking-form';
import { FormError } from '../../components/ui/input';
import { Spinner } from '../../components/ui/spinner';
import { formatDateTime } from '../../lib/format';
import { useMyPurchases } from './api/get-my-purchases';
import { useBookPackageSession } from './api/post-package-session';

function BookFromPackage({ purchase: p }: { purchase: PurchaseView }) {
  const book = useBookPackageSession(p.id);
  return (
    <PrepaidBookingForm
      id={`package-${p.id}`}
      expertId={p.expertId}
      durationMinutes={p.durationMinutes}
      endsAt={p.expiresAt}
      label={`Book a session from your package with ${p.expertName}`}
      submitLabel="Book package session"
      book={book}
    />
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
          : p.endedAt && p.endedBy
            ? `Ended ${formatDateTime(p.endedAt)}: ${packageEndedText(p.endedBy, p.expertName)}`
            : `Expired ${formatDateTime(p.expiresAt)}`}
      </p>
      <p className="text-sm text-slate-600">
        Paid {formatMoney(p.priceCents, p.currency)} with {card} on {formatDateTime(p.createdAt)}
        {p.refundedCents > 0 ? ` · ${formatMoney(p.refundedCents, p.currency)} refunded` : ''} · receipt {p.receiptNumber} ·{' '}
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
