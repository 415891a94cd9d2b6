import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe, type Stripe } from '@stripe/stripe-js';
import { Loader2, Lock } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { cardMessages } from '@shared/cards';
import { messages } from '@shared/messages';
import { toast } from '../lib/toast';
import { Button } from './ui/button';
import { FormError, Input, Label } from './ui/input';

/** Runs the bank's extra step (3-D Secure) for `clientSecret` in the browser; answers the bank's refusal in words, or null. */
export type ConfirmWithBank = (clientSecret: string) => Promise<string | null>;
/**
 * Pays with the PaymentMethod Stripe made of the card: the server computes the amount and charges it; when the bank
 * asks for its extra step, `confirm` runs it and the server is asked again. Throws an Error whose message the form shows.
 */
export type PayWithCard = (paymentMethodId: string, confirm: ConfirmWithBank) => Promise<void>;

const loaded = new Map<string, Promise<Stripe | null>>();
/** Stripe.js, loaded once per publishable key; null when it cannot be loaded (e.g. blocked or offline). */
function stripeFor(publishableKey: string): Promise<Stripe | null> {
  if (!loaded.has(publishableKey))
    loaded.set(
      publishableKey,
      loadStripe(publishableKey).catch(() => null),
    );
  return loaded.get(publishableKey)!;
}

/**
 * Runs the bank's 3-D Secure step for `clientSecret` with Stripe.js (`handleNextAction`, as the card form does after
 * paying) for a payment made without the card form, e.g. a plan's renewal; answers the refusal in words, or null.
 */
export async function confirmWithBank(publishableKey: string, clientSecret: string): Promise<string | null> {
  const stripe = await stripeFor(publishableKey);
  if (!stripe) return messages.payment.cardFormUnavailable;
  return (await stripe.handleNextAction({ clientSecret })).error?.message ?? null;
}

/**
 * The card form when Stripe payments are on (docs/product.md "Payments"): Stripe Elements collects the card in Stripe's
 * own frame, so card data never touches our server. Paying makes a PaymentMethod and hands its id to `pay` (a booking,
 * a seat, an organisation's credit), which says what was bought or throws what went wrong.
 */
export function StripeCardForm(props: { publishableKey: string; payLabel: string; pay: PayWithCard }) {
  const [unavailable, setUnavailable] = useState(false);
  useEffect(() => {
    let live = true;
    void stripeFor(props.publishableKey).then((stripe) => live && setUnavailable(!stripe));
    return () => {
      live = false;
    };
  }, [props.publishableKey]);
  if (unavailable) return <FormError>{messages.payment.cardFormUnavailable}</FormError>;
  return (
    <Elements stripe={stripeFor(props.publishableKey)}>
      <CardForm payLabel={props.payLabel} pay={props.pay} />
    </Elements>
  );
}

function CardForm({ payLabel, pay }: { payLabel: string; pay: PayWithCard }) {
  const stripe = useStripe();
  const elements = useElements();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const fail = (message: string) => {
    setError(message);
    toast.error(message);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const card = elements?.getElement(CardElement);
    if (!stripe || !card || busy) return;
    if (!name.trim()) return setError(cardMessages.cardholderName);
    setBusy(true);
    setError(null);
    try {
      const made = await stripe.createPaymentMethod({ type: 'card', card, billing_details: { name: name.trim() } });
      if (made.error || !made.paymentMethod) return fail(made.error?.message ?? messages.payment.failed);
      await pay(made.paymentMethod.id, async (clientSecret) => (await stripe.handleNextAction({ clientSecret })).error?.message ?? null);
    } catch (err) {
      fail(err instanceof Error ? err.message : messages.payment.failed);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-5">
      <div>
        <Label htmlFor="stripe-cardholder-name">Cardholder name</Label>
        <Input
          id="stripe-cardholder-name"
          autoComplete="cc-name"
          value={name}
          onChange={(e) => setName(e.target.value)}
          disabled={busy}
          aria-invalid={Boolean(error) && !name.trim()}
          placeholder="Name as shown on the card"
        />
      </div>
      <div role="group" aria-labelledby="stripe-card-label">
        <p id="stripe-card-label" className="mb-1.5 text-sm font-medium text-slate-900">
          Card details
        </p>
        <div className="rounded-lg border border-slate-300 bg-white px-3 py-3 focus-within:ring-2 focus-within:ring-brand-600">
          <CardElement
            options={{ hidePostalCode: true, disabled: busy, style: { base: { fontSize: '16px', color: '#0f172a', '::placeholder': { color: '#64748b' } } } }}
          />
        </div>
        <p className="mt-1.5 text-xs text-slate-600">Your card is handled by Stripe and never reaches Mentora&apos;s servers.</p>
      </div>
      <FormError>{error}</FormError>
      <Button type="submit" size="lg" className="w-full" disabled={busy || !stripe} aria-busy={busy}>
        {busy ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden /> : <Lock className="h-4 w-4" aria-hidden />}
        {payLabel}
      </Button>
    </form>
  );
}
