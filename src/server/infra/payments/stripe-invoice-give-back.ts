/**
 * Giving back a Stripe Invoice nobody should pay any more (docs/decisions/039-stripe-billing-for-plans.md): a one-off
 * invoice whose payment was interrupted (provider.ts PaymentInterrupted; a change of plan's rest of the month) —
 * Stripe could not be reached after it was drafted, so it may still be a draft, be open (finalized, its payment not
 * made or refused) or have been paid — or the renewal invoice of a plan that ended while it was failing or awaiting
 * the bank's 3-D Secure step (PlanBilling.cancelNow), which cancelling the subscription leaves open. It is settled by
 * what Stripe says of it now, never paid again: a draft is deleted, an open or uncollectible invoice voided (which
 * cancels its PaymentIntent), a paid one-off invoice's payment refunded in full; a renewal paid meanwhile is the
 * renewal's invoice.paid event's to refund (modules/plans/billing-event-service.ts), so it is not refunded twice; one
 * void or deleted already is done. Each call carries the idempotency key `keyOf(step)` gives, so the payment retries
 * job may repeat it.
 */
import Stripe from 'stripe';

/** The PaymentIntents that paid `invoice` (its payments expanded). */
function paidBy(invoice: Stripe.Invoice): { id: string; amount: number }[] {
  return (invoice.payments?.data ?? []).flatMap((p) => {
    const intent = p.payment.type === 'payment_intent' ? p.payment.payment_intent : null;
    const id = typeof intent === 'string' ? intent : intent?.id;
    return p.status === 'paid' && id ? [{ id, amount: p.amount_paid ?? 0 }] : [];
  });
}

/** Settles invoice `invoiceId` as the file comment says. Throws when Stripe cannot be reached (the job asks again). */
export async function giveBackInvoice(stripe: Stripe, invoiceId: string, keyOf: (step: string) => Stripe.RequestOptions): Promise<void> {
  let invoice: Stripe.Invoice;
  try {
    invoice = await stripe.invoices.retrieve(invoiceId, { expand: ['payments'] });
  } catch (err) {
    // Deleted already (a draft given back before): nothing is owed.
    if (err instanceof Stripe.errors.StripeInvalidRequestError && err.code === 'resource_missing') return;
    throw err;
  }
  if (invoice.status === 'draft') await stripe.invoices.del(invoiceId, {}, keyOf('delete'));
  else if (invoice.status === 'open' || invoice.status === 'uncollectible') await stripe.invoices.voidInvoice(invoiceId, {}, keyOf('void'));
  else if (invoice.status === 'paid' && invoice.billing_reason !== 'subscription_cycle')
    for (const payment of paidBy(invoice)) await stripe.refunds.create({ payment_intent: payment.id, amount: payment.amount }, keyOf(`refund:${payment.id}`));
}
