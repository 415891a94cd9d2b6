/**
 * The page that sells a prepaid offer by card — a session package or a monthly plan (docs/product.md "Plans and
 * packages"): back to the profile, the offer's terms said before the card is asked for, then the card (or signing in
 * first), the processor's refusal in its own words, and the test-mode notice. With Stripe configured the card is
 * Stripe Elements' (loaded only then), and the offer is paid with the PaymentMethod Stripe made of it; a bank asking
 * for 3-D Secure runs its step here, then the server is asked to settle the purchase with Stripe.
 */
import { lazy, Suspense, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { cardError, type CardInput } from '@shared/cards';
import type { PurchaseInput } from '@shared/schemas/packages';
import { useClientConfig } from '../lib/client-config';
import { signInPath } from '../lib/return-path';
import { messages } from '@shared/messages';
import { toast } from '../lib/toast';
import { CardFields, emptyCard } from './card-fields';
import { Button } from './ui/button';
import { FormError } from './ui/input';
import { Spinner } from './ui/spinner';
import { TestModeNotice } from './test-mode-notice';
import type { PayWithCard } from './stripe-card-form';

const StripeCardForm = lazy(() => import('./stripe-card-form').then((m) => ({ default: m.StripeCardForm })));

/** What paying answers when the bank asks for its 3-D Secure step: nothing is bought until it is settled. */
export type AwaitingBank = { paymentAction: { clientSecret: string } };

export function OfferCheckout<T extends object, A extends AwaitingBank>({
  expertId,
  title,
  offers,
  found,
  notFound,
  terms,
  signedIn,
  returnTo,
  signInLabel,
  formLabel,
  submitLabel,
  pending,
  pay,
  settle,
  paid,
  next,
}: {
  expertId: string;
  title: string;
  /** The expert's offers as read: pending, failed, or read. */
  offers: { isPending: boolean; error: Error | null };
  found: boolean;
  notFound: string;
  /** What the offer includes, said before the card. */
  terms: ReactNode;
  signedIn: boolean;
  /** This page's address, to come back to after signing in. */
  returnTo: string;
  signInLabel: string;
  formLabel: string;
  submitLabel: string;
  pending: boolean;
  /** Pays with a card (simulated) or Stripe's PaymentMethod; a rejection's message is shown under the card. */
  pay: (payment: PurchaseInput) => Promise<T | A>;
  /** After the bank's 3-D Secure step: what was bought, once the server has asked Stripe. */
  settle: (awaiting: A) => Promise<T>;
  /** What the toast says once paid. */
  paid: (result: T) => string;
  /** Where the client books the sessions bought. */
  next: string;
}) {
  const navigate = useNavigate();
  const stripeKey = useClientConfig().data?.stripePublishableKey;
  const [card, setCard] = useState<CardInput>(emptyCard);
  const [error, setError] = useState<string | null>(null);
  const payWithStripe: PayWithCard = async (paymentMethodId, confirm) => {
    let result = await pay({ paymentMethodId });
    if ('paymentAction' in result) {
      toast.info(messages.payment.confirmWithBank);
      const refused = await confirm(result.paymentAction.clientSecret);
      // Whatever the browser was told, the server asks Stripe before anything is bought; the bank's words come first.
      result = await settle(result).catch((err: Error) => Promise.reject(new Error(refused ?? err.message)));
    }
    toast.success(paid(result as T));
    void navigate(next);
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (pending) return;
    const problem = cardError(card);
    setError(problem);
    if (problem) return;
    // The simulated provider never asks for the bank's step.
    pay({ card }).then(
      (result) => {
        toast.success(paid(result as T));
        void navigate(next);
      },
      (err: Error) => setError(err.message),
    );
  };

  return (
    <div className="mx-auto max-w-xl space-y-6 px-4 py-10">
      <Link to={`/expert/${encodeURIComponent(expertId)}`} className="text-sm font-medium text-brand-700 hover:underline">
        Back to the profile
      </Link>
      <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
      {offers.isPending ? (
        <Spinner />
      ) : offers.error ? (
        <FormError>{offers.error.message}</FormError>
      ) : !found ? (
        <p className="text-slate-700">{notFound}</p>
      ) : (
        <>
          {terms}
          {!signedIn ? (
            <Button asChild>
              <Link to={signInPath(returnTo)}>{signInLabel}</Link>
            </Button>
          ) : stripeKey ? (
            <Suspense fallback={<Spinner />}>
              <StripeCardForm publishableKey={stripeKey} payLabel={submitLabel} pay={payWithStripe} />
            </Suspense>
          ) : (
            <form onSubmit={submit} className="space-y-4" aria-label={formLabel}>
              <CardFields card={card} onChange={setCard} disabled={pending} invalid={Boolean(error)} />
              {error ? <FormError>{error}</FormError> : null}
              <Button type="submit" size="lg" disabled={pending} aria-busy={pending}>
                {submitLabel}
              </Button>
              <TestModeNotice />
            </form>
          )}
        </>
      )}
    </div>
  );
}
