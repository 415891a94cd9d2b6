/**
 * The page where a client confirms, with their bank's 3-D Secure step, a renewal Stripe could not charge off-session
 * (docs/product.md "Plans and packages", "With Stripe"; docs/decisions/039-stripe-billing-for-plans.md). It reads what
 * Stripe says of the renewal's invoice now; the month itself is granted by Stripe's `invoice.paid` webhook
 * (billing-event-service.ts), never from what the browser says.
 */
import { planMessages as m } from '../../../../shared/plans.js';
import type { RenewalConfirmation } from '../../../../shared/schemas/plans.js';
import { isUuid } from '../../../../shared/ids.js';
import type { CurrentUser } from '../../../auth/plugin.js';
import { clock } from '../../../clock.js';
import type { Db } from '../../../db/client.js';
import { subscriptions } from '../../../db/schema.js';
import { AppError } from '../../../errors.js';
import type { PaymentProvider } from '../../../infra/payments/provider.js';
import { oneOfClient, subscriptionViews } from '../subscription-views.js';

/**
 * The subscription `id` of `client` and, while its renewal awaits the bank, the client secret of the invoice's
 * PaymentIntent for Stripe.js and the amount in cents (`payment`, null once paid, retried without the step, or ended).
 * 404 when it is not the client's.
 */
export async function renewalConfirmation(
  deps: { db: Db; provider: PaymentProvider },
  client: CurrentUser,
  id: string,
  now = clock.now(),
): Promise<RenewalConfirmation> {
  if (!isUuid(id)) throw new AppError('NOT_FOUND', m.subscriptionNotFound);
  const [subscription] = await subscriptionViews(deps.db, oneOfClient(id, client.id), now, 1);
  if (!subscription) throw new AppError('NOT_FOUND', m.subscriptionNotFound);
  const [row] = subscription.awaitingBank
    ? await deps.db.select({ invoiceRef: subscriptions.actionInvoiceRef }).from(subscriptions).where(oneOfClient(id, client.id))
    : [];
  const invoiceRef = row?.invoiceRef ?? null;
  const action = invoiceRef && deps.provider.billing ? await deps.provider.billing.invoiceAction(invoiceRef) : null;
  return {
    subscription,
    payment: action?.state === 'awaiting_bank' ? { clientSecret: action.clientSecret, amountCents: subscription.priceCents } : null,
  };
}
