/**
 * Stripe Billing for monthly plans (docs/product.md "Plans and packages"; docs/decisions/039-stripe-billing-for-plans.md):
 * a Customer per client, a Product per plan and a monthly Price per plan price, a Subscription charging the card saved
 * to the Customer. The Subscription is created with `payment_behavior: default_incomplete` and its first invoice's
 * PaymentIntent confirmed here, as a booking's is: a refused first payment answers a card error and leaves nothing that
 * can charge (the invoice voided, the subscription cancelled); a bank asking for 3-D Secure answers what the browser
 * needs, and the start waits for it. A trial's card is set up first with a SetupIntent (3-D Secure likewise); renewals, Stripe's smart retries and the end of a
 * cancelled plan then come back as webhooks (modules/plans/billing-event-service.ts). Each paid month is an Invoice
 * paid by a PaymentIntent in the platform balance: the provider's release (transfer) and refund work on it as on a
 * package's charge. A change of plan moves the Subscription to the new Price with no proration (Stripe would net the
 * old price's unused time against the new one's and keep a downgrade's credit on the customer's balance, where Mentora
 * caps the credit at the month's unbooked sessions and refunds it to the card): the new price's rest of the month is
 * charged as an invoice of its own, and the credit is refunded through the Refunds API by the plans module. Every
 * write carries an idempotency key made from our ids.
 */
import Stripe from 'stripe';
import { messages } from '../../../shared/messages.js';
import { PaymentInterrupted, type BillingAwaitingBank, type BillingStart, type PlanBilling } from './provider.js';
import { cardOfMethod, declined, idempotencyKeyFor } from './stripe.js';

const key = (k: string) => ({ idempotencyKey: idempotencyKeyFor(k) });
const at = (secs: number) => new Date(secs * 1000);
const seconds = (date: Date) => Math.floor(date.getTime() / 1000);
const idOf = (ref: string | { id: string } | null | undefined): string | null => (typeof ref === 'string' ? ref : (ref?.id ?? null));

/** The PaymentIntent that paid `invoice` (its payments expanded), or null. */
function paymentOf(invoice: Stripe.Invoice | null): string | null {
  const paid = invoice?.payments?.data.find((p) => p.status === 'paid' && p.payment.type === 'payment_intent');
  return idOf(paid?.payment.payment_intent);
}

/** A start awaiting the bank's 3-D Secure step for `providerRef` (see BillingAwaitingBank). */
function awaiting(providerRef: string, clientSecret: string, subscriptionRef: string | null, savedRef: string): BillingAwaitingBank {
  return { ok: false, reason: 'requires_action', providerRef, clientSecret, subscriptionRef, savedRef, message: messages.payment.confirmWithBank };
}

/** The subscription `sub` (its latest invoice's payments expanded) as it started with card `method`, in a `trial` or paid. */
function startOf(sub: Stripe.Subscription, method: Stripe.PaymentMethod, trial: boolean): BillingStart {
  const item = sub.items.data[0]!;
  const invoice = typeof sub.latest_invoice === 'object' ? sub.latest_invoice : null;
  const firstPaymentRef = trial ? null : paymentOf(invoice);
  return {
    ok: true,
    subscriptionRef: sub.id,
    savedRef: method.id,
    ...cardOfMethod(method),
    firstPaymentRef,
    invoiceRef: firstPaymentRef ? (invoice?.id ?? null) : null,
    periodStart: at(item.current_period_start),
    periodEnd: at(item.current_period_end),
  };
}

export function stripeBilling(stripe: Stripe): PlanBilling {
  const retrieveStarted = (ref: string) => stripe.subscriptions.retrieve(ref, { expand: ['latest_invoice.payments'] });

  /** The first invoice `invoiceId` voided (its PaymentIntent cancelled with it) and the subscription `subRef` cancelled, each when given. */
  async function giveUp(invoiceId: string | null, subRef: string | null, idempotencyKey: string): Promise<void> {
    if (invoiceId) await stripe.invoices.voidInvoice(invoiceId, {}, key(`${idempotencyKey}:void`));
    if (subRef) await stripe.subscriptions.cancel(subRef, { prorate: false, invoice_now: false }, key(`${idempotencyKey}:cancel`));
  }

  /** Whether Stripe has ended `sub`: cancelling it again is done (a webhook, the dashboard or a retry got there first). */
  const over = (sub: Stripe.Subscription) => sub.status === 'canceled' || sub.status === 'incomplete_expired';

  return {
    async createCustomer(user) {
      const customer = await stripe.customers.create({ email: user.email, name: user.name, metadata: { userId: user.id } }, key(`customer:${user.id}`));
      return customer.id;
    },

    async createProduct(plan) {
      const product = await stripe.products.create(
        { name: `Mentora plan with ${plan.expertName}`, metadata: { planId: plan.id } },
        key(`plan-product:${plan.id}`),
      );
      return product.id;
    },

    async createPrice({ productId, planId, cents, currency }) {
      const price = await stripe.prices.create(
        { product: productId, unit_amount: cents, currency: currency.toLowerCase(), recurring: { interval: 'month' }, metadata: { planId } },
        key(`plan-price:${planId}:${cents}:${currency}`),
      );
      return price.id;
    },

    async subscribe({ customerId, priceId, paymentMethodId, trialEnd, subscriptionId, idempotencyKey, cardAuthenticated }) {
      if (!paymentMethodId) return { ok: false, reason: 'invalid_card', message: messages.payment.cardRequired };
      try {
        const method = await stripe.paymentMethods.attach(paymentMethodId, { customer: customerId }, key(`${idempotencyKey}:attach:${paymentMethodId}`));
        if (trialEnd && !cardAuthenticated) {
          // Nothing is charged in a trial: the card is set up now, with its bank's 3-D Secure if asked, for the renewals.
          const setup = await stripe.setupIntents.create(
            { customer: customerId, payment_method: method.id, usage: 'off_session', confirm: true, use_stripe_sdk: true },
            key(`${idempotencyKey}:setup:${paymentMethodId}`),
          );
          if (setup.status === 'requires_action' && setup.client_secret) return awaiting(setup.id, setup.client_secret, null, method.id);
          if (setup.status !== 'succeeded') return declined(setup.last_setup_error?.decline_code ?? setup.last_setup_error?.code);
        }
        // default_incomplete: the first invoice waits for its PaymentIntent, confirmed here as a booking's is.
        const sub = await stripe.subscriptions.create(
          {
            customer: customerId,
            items: [{ price: priceId }],
            default_payment_method: method.id,
            payment_behavior: 'default_incomplete',
            ...(trialEnd ? { trial_end: seconds(trialEnd) } : {}),
            metadata: { subscriptionId },
            expand: ['latest_invoice.payments'],
          },
          key(`${idempotencyKey}:subscribe:${paymentMethodId}`),
        );
        if (trialEnd) return startOf(sub, method, true);
        const invoice = typeof sub.latest_invoice === 'object' ? sub.latest_invoice : null;
        const intentId = idOf(invoice?.payments?.data.find((p) => p.payment.type === 'payment_intent')?.payment.payment_intent);
        if (!invoice || !intentId) throw new Error(`Stripe subscription ${sub.id} has no first payment to confirm`);
        try {
          const intent = await stripe.paymentIntents.confirm(
            intentId,
            { payment_method: method.id, use_stripe_sdk: true },
            key(`${idempotencyKey}:confirm:${paymentMethodId}`),
          );
          if (intent.status === 'succeeded') return startOf(await retrieveStarted(sub.id), method, false);
          if (intent.status === 'requires_action' && intent.client_secret) return awaiting(intent.id, intent.client_secret, sub.id, method.id);
          await giveUp(invoice.id, sub.id, `${idempotencyKey}:refused`);
          return declined(intent.last_payment_error?.decline_code ?? intent.last_payment_error?.code);
        } catch (err) {
          if (!(err instanceof Stripe.errors.StripeCardError)) throw err;
          // A refused first payment leaves nothing that could charge: the invoice voided, the subscription cancelled.
          await giveUp(invoice.id, sub.id, `${idempotencyKey}:refused`);
          return declined(err.decline_code ?? err.code);
        }
      } catch (err) {
        if (err instanceof Stripe.errors.StripeCardError) return declined(err.decline_code ?? err.code);
        throw err;
      }
    },

    async started(ref) {
      const sub = await retrieveStarted(ref);
      const method = await stripe.paymentMethods.retrieve(idOf(sub.default_payment_method)!);
      return startOf(sub, method, false);
    },

    async setupState(ref) {
      const setup = await stripe.setupIntents.retrieve(ref, { expand: ['payment_method'] });
      if (setup.status === 'succeeded') return { state: 'held', ...cardOfMethod(typeof setup.payment_method === 'object' ? setup.payment_method : null) };
      return { state: setup.status === 'canceled' || setup.status === 'requires_payment_method' ? 'failed' : 'pending' };
    },

    async abandonStart({ providerRef, subscriptionRef }, idempotencyKey, reason) {
      if (!subscriptionRef) {
        const setup = await stripe.setupIntents.retrieve(providerRef);
        if (setup.status === 'succeeded') return false;
        if (setup.status !== 'canceled')
          await stripe.setupIntents.cancel(providerRef, reason ? { cancellation_reason: reason } : {}, key(`${idempotencyKey}:cancel`));
        return true;
      }
      const sub = await retrieveStarted(subscriptionRef);
      const invoice = typeof sub.latest_invoice === 'object' ? sub.latest_invoice : null;
      if (invoice?.status === 'paid') return false;
      await giveUp(invoice?.status === 'open' ? invoice.id : null, over(sub) ? null : sub.id, idempotencyKey);
      return true;
    },

    async cancelAtPeriodEnd(ref, idempotencyKey) {
      if (!over(await stripe.subscriptions.retrieve(ref))) await stripe.subscriptions.update(ref, { cancel_at_period_end: true }, key(idempotencyKey));
    },

    async cancelNow(ref, idempotencyKey) {
      const sub = await stripe.subscriptions.retrieve(ref, { expand: ['latest_invoice'] });
      if (!over(sub)) await stripe.subscriptions.cancel(ref, { prorate: false, invoice_now: false }, key(idempotencyKey));
      // Cancelling leaves a failing renewal's invoice open (or uncollectible, which can still be paid): Stripe could
      // still collect it after the plan ended, so the caller voids it.
      const invoice = typeof sub.latest_invoice === 'object' ? sub.latest_invoice : null;
      const collectable = invoice?.status === 'open' || invoice?.status === 'uncollectible';
      return invoice && collectable && invoice.billing_reason === 'subscription_cycle' && invoice.amount_due > 0
        ? { invoiceRef: invoice.id, amountCents: invoice.amount_due }
        : null;
    },

    async invoicePayment(invoiceId) {
      return paymentOf(await stripe.invoices.retrieve(invoiceId, { expand: ['payments'] }));
    },

    async invoiceAction(invoiceId) {
      const invoice = await stripe.invoices.retrieve(invoiceId, { expand: ['payments'] });
      if (invoice.status === 'paid') return { state: 'paid' };
      if (invoice.status !== 'open') return { state: 'closed' };
      // The invoice's payment still under way; Stripe lists it 'open' while the bank's step waits.
      const open = invoice.payments?.data.find((p) => p.status === 'open' && p.payment.type === 'payment_intent');
      const intentId = idOf(open?.payment.payment_intent);
      const intent = intentId ? await stripe.paymentIntents.retrieve(intentId) : null;
      return intent?.status === 'requires_action' && intent.client_secret
        ? { state: 'awaiting_bank', clientSecret: intent.client_secret }
        : { state: 'retrying' };
    },

    async invoiceNow({ ref, customerId, paymentMethodId, amountCents, currency, description, periodStart, periodEnd, idempotencyKey }) {
      // A draft of its own (no pending items swept in), never advanced by Stripe: it is paid below or voided.
      const draft = await stripe.invoices.create(
        {
          customer: customerId,
          subscription: ref,
          collection_method: 'charge_automatically',
          auto_advance: false,
          pending_invoice_items_behavior: 'exclude',
          description,
        },
        key(`${idempotencyKey}:invoice`),
      );
      try {
        await stripe.invoiceItems.create(
          {
            customer: customerId,
            invoice: draft.id,
            amount: amountCents,
            currency: currency.toLowerCase(),
            description,
            period: { start: seconds(periodStart), end: seconds(periodEnd) },
          },
          key(`${idempotencyKey}:item`),
        );
        const paid = await stripe.invoices.pay(
          draft.id,
          { payment_method: paymentMethodId, off_session: true, expand: ['payments'] },
          key(`${idempotencyKey}:pay`),
        );
        const providerRef = paymentOf(paid);
        if (!providerRef) throw new Error(`Stripe invoice ${draft.id} is paid but names no payment`);
        return { ok: true, providerRef, invoiceRef: draft.id };
      } catch (err) {
        // Stripe unreachable mid-payment: the invoice may be a draft, open or even paid. The caller gives it back
        // (PaymentProvider.refund) rather than leave it to be paid later or pay it again.
        if (!(err instanceof Stripe.errors.StripeCardError)) throw new PaymentInterrupted(draft.id, amountCents, err);
        // A refused invoice stays open for the customer to pay: void it, so the change leaves nothing owed at Stripe.
        await stripe.invoices.voidInvoice(draft.id, {}, key(`${idempotencyKey}:void`));
        return declined(err.decline_code ?? err.code);
      }
    },

    async changePrice(ref, priceId, idempotencyKey) {
      const sub = await stripe.subscriptions.retrieve(ref);
      const item = sub.items.data[0]!;
      if (item.price.id !== priceId)
        await stripe.subscriptions.update(ref, { items: [{ id: item.id, price: priceId }], proration_behavior: 'none' }, key(idempotencyKey));
      return item.price.id;
    },
  };
}
