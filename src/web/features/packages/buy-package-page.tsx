/**
 * /expert/{id}/packages/{packageId}: buying a package by card (docs/product.md "Plans and packages"). The terms and
 * the expiry rule are said before the card is asked for; the client then books the sessions from their dashboard.
 */
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { cardError, type CardInput } from '@shared/cards';
import { formatMoney } from '@shared/pricing';
import { CardFields } from '../../components/card-fields';
import { Button } from '../../components/ui/button';
import { FormError } from '../../components/ui/input';
import { Spinner } from '../../components/ui/spinner';
import { TestModeNotice } from '../../components/test-mode-notice';
import { useAuth } from '../../lib/auth';
import { signInPath } from '../../lib/return-path';
import { toast } from '../../lib/toast';
import { useExpertPackages } from './api/get-expert-packages';
import { useBuyPackage } from './api/post-package-purchase';
import { PackageSummary } from './package-offers';

const emptyCard: CardInput = { cardholderName: '', number: '', expiry: '', cvc: '' };

export default function BuyPackagePage() {
  const { id = '', packageId = '' } = useParams();
  const offers = useExpertPackages(id);
  const { me } = useAuth();
  const navigate = useNavigate();
  const buy = useBuyPackage(packageId);
  const [card, setCard] = useState<CardInput>(emptyCard);
  const [error, setError] = useState<string | null>(null);
  const offer = offers.data?.find((o) => o.id === packageId);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (buy.isPending) return;
    const problem = cardError(card);
    setError(problem);
    if (problem) return;
    buy.mutateAsync(card).then(
      () => {
        toast.success('Package bought. Book your first session below.');
        void navigate('/dashboard/client#packages');
      },
      (err: Error) => setError(err.message),
    );
  };

  return (
    <div className="mx-auto max-w-xl space-y-6 px-4 py-10">
      <Link to={`/expert/${encodeURIComponent(id)}`} className="text-sm font-medium text-brand-700 hover:underline">
        Back to the profile
      </Link>
      <h1 className="text-2xl font-bold text-slate-900">Buy a session package</h1>
      {offers.isPending ? (
        <Spinner />
      ) : offers.isError ? (
        <FormError>{offers.error.message}</FormError>
      ) : !offer ? (
        <p className="text-slate-700">This package is not offered.</p>
      ) : (
        <>
          <PackageSummary offer={offer} />
          {!me ? (
            <Button asChild>
              <Link to={signInPath(`/expert/${id}/packages/${packageId}`)}>Sign in to buy</Link>
            </Button>
          ) : (
            <form onSubmit={submit} className="space-y-4" aria-label="Pay for the package">
              <CardFields card={card} onChange={setCard} disabled={buy.isPending} invalid={Boolean(error)} />
              {error ? <FormError>{error}</FormError> : null}
              <Button type="submit" size="lg" disabled={buy.isPending} aria-busy={buy.isPending}>
                Pay {formatMoney(offer.priceCents, offer.currency)}
              </Button>
              <TestModeNotice />
            </form>
          )}
        </>
      )}
    </div>
  );
}
