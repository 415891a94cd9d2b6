/**
 * Stripe Billing for monthly plans (docs/product.md "Plans and packages"; docs/decisions/039-stripe-billing-for-plans.md):
 * a Customer per client, a Product per plan and a monthly Price per plan price, a Subscription charging the card saved
 * to the Customer. The Subscription is created with `payment_behavior: error_if_incomplete`, so a refused first
 * payment answers a card error and leaves nothing at Stripe; renewals, Stripe's smart retries and the end of a
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
import { PaymentInterrupted, type BillingStart, type PlanBilling } from './provider.js';
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

export function stripeBilling(stripe: Stripe): PlanBilling {
  /** Cancelling what Stripe already cancelled is done (a webhook, the dashboard or a retry got there first). */
  async function unlessCancelled(ref: string, cancel: () => Promise<unknown>): Promise<void> {
    const sub = await stripe.subscriptions.retrieve(ref);
    if (sub.status !== 'canceled' && sub.status !== 'incomplete_expired') await cancel();
  }

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

    async subscribe({ customerId, priceId, paymentMethodId, trialEnd, subscriptionId, idempotencyKey }) {
      if (!paymentMethodId) return { ok: false, reason: 'invalid_card', message: messages.payment.cardRequired };
      try {
        const method = await stripe.paymentMethods.attach(paymentMethodId, { customer: customerId }, key(`${idempotencyKey}:attach:${paymentMethodId}`));
        const sub = await stripe.subscriptions.create(
          {
            customer: customerId,
            items: [{ price: priceId }],
            default_payment_method: method.id,
            payment_behavior: 'error_if_incomplete',
            off_session: true,
            ...(trialEnd ? { trial_end: seconds(trialEnd) } : {}),
            metadata: { subscriptionId },
            expand: ['latest_invoice.payments'],
          },
          key(`${idempotencyKey}:subscribe:${paymentMethodId}`),
        );
        const item = sub.items.data[0]!;
        const invoice = typeof sub.latest_invoice === 'object' ? sub.latest_invoice : null;
        const firstPaymentRef = trialEnd ? null : paymentOf(invoice);
        const start: BillingStart = {
          ok: true,
          subscriptionRef: sub.id,
          savedRef: method.id,
          ...cardOfMethod(method),
          firstPaymentRef,
          invoiceRef: firstPaymentRef ? (invoice?.id ?? null) : null,
          periodStart: at(item.current_period_start),
          periodEnd: at(item.current_period_end),
        };
        return start;
      } catch (err) {
        if (err instanceof Stripe.errors.StripeCardError) return declined(err.decline_code ?? err.code);
        throw err;
      }
    },

    async cancelAtPeriodEnd(ref, idempotencyKey) {
      await unlessCancelled(ref, () => stripe.subscriptions.update(ref, { cancel_at_period_end: true }, key(idempotencyKey)));
    },

    async cancelNow(ref, idempotencyKey) {
      await unlessCancelled(ref, () => stripe.subscriptions.cancel(ref, { prorate: false, invoice_now: false }, key(idempotencyKey)));
    },

    async invoicePayment(invoiceId) {
      return paymentOf(await stripe.invoices.retrieve(invoiceId, { expand: ['payments'] }));
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
