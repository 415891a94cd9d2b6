/**
 * Giving back a Stripe one-off Invoice whose payment was interrupted (provider.ts PaymentInterrupted; a change of
 * plan's rest of the month, docs/decisions/039-stripe-billing-for-plans.md): Stripe could not be reached after the
 * invoice was drafted, so it may still be a draft, be open (finalized, its payment not made or refused) or have been
 * paid. It is settled by what Stripe says of it now, never paid again: a draft is deleted, an open invoice voided
 * (which cancels its PaymentIntent), a paid one's payment refunded in full; one void, uncollectible or deleted already
 * is done. Each call carries the idempotency key `keyOf(step)` gives, so the payment retries job may repeat it.
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
  else if (invoice.status === 'open') await stripe.invoices.voidInvoice(invoiceId, {}, keyOf('void'));
  else if (invoice.status === 'paid')
    for (const payment of paidBy(invoice)) await stripe.refunds.create({ payment_intent: payment.id, amount: payment.amount }, keyOf(`refund:${payment.id}`));
}
