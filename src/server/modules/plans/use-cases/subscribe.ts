/**
 * POST /api/plans/{id}/subscriptions (docs/product.md "Plans and packages"): a client subscribes to an expert's open
 * plan by card. The terms are frozen with the subscription — name, price, sessions, length, chat and the platform's
 * commission. The card is kept at the processor for the renewals; with the plan's free trial (the client's first
 * with this expert) nothing is charged until it ends, otherwise the first month is charged now and held until the
 * month ends plus the dispute window. With Stripe Billing a Stripe Subscription does the charging and renews itself
 * (billing-service.ts). The subscription, its first period with its prepaid sessions, the ledger's
 * 'charge' and the e-mails to both sides are written in one transaction.
 */
import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { messages } from '../../../../shared/messages.js';
import { planMessages as m } from '../../../../shared/plans.js';
import { formatMoney } from '../../../../shared/pricing.js';
import { hasClientProfile } from '../../../../shared/roles.js';
import { purchaseInput, type PurchaseInput } from '../../../../shared/schemas/packages.js';
import type { SubscriptionView } from '../../../../shared/schemas/plans.js';
import { isUuid } from '../../../../shared/ids.js';
import type { CurrentUser } from '../../../auth/plugin.js';
import { pgError } from '../../../db/errors.js';
import { experts, plans, subscriptions } from '../../../db/schema.js';
import { AppError } from '../../../errors.js';
import { assertSameRequest, requestHash } from '../../../infra/request-hash.js';
import { giveBackOrQueue } from '../../payments/payment-retry-service.js';
import type { SessionDeps } from '../../sessions/booking-service.js';
import { expertPlanEmail, periodReceiptEmail, trialStartedEmail } from '../emails.js';
import { startPayments } from '../billing-service.js';
import { emailBothSides, grantPeriod } from '../period-service.js';
import { oneOfClient, subscriptionViews } from '../subscription-views.js';
import { clock } from '../../../clock.js';
import { cardRefusal } from '../../../infra/payments/card-refusal.js';

async function previousSubscription(deps: SessionDeps, clientId: string, key: string) {
  const [row] = await deps.db
    .select({ id: subscriptions.id, requestHash: subscriptions.requestHash })
    .from(subscriptions)
    .where(and(eq(subscriptions.clientId, clientId), eq(subscriptions.idempotencyKey, key)));
  return row ?? null;
}

async function answer(deps: SessionDeps, id: string, clientId: string, now: Date): Promise<SubscriptionView> {
  const [view] = await subscriptionViews(deps.db, oneOfClient(id, clientId), now, 1);
  return view!;
}

/**
 * Subscribes `client` to plan `planId` with `rawInput` (a card) under `idempotencyKey`. Returns `{ subscription,
 * replayed }`: the same key with the same body answers the first subscription and charges nothing (422 with another
 * body). Errors: 403 not a client with a complete profile, or the expert's own plan; 404 unknown plan or expert not
 * published; 409 closed to new subscribers, already subscribed to this expert; 400 invalid card; 402 declined. If the database refuses the subscription after a charge, the
 * charge is given back (or queued for the payment retries job).
 */
export async function subscribe(
  deps: SessionDeps,
  client: CurrentUser,
  planId: string,
  rawInput: PurchaseInput,
  idempotencyKey: string,
  now = clock.now(),
): Promise<{ subscription: SubscriptionView; replayed: boolean }> {
  const input = purchaseInput.parse(rawInput);
  if (client.role !== 'client') throw new AppError('FORBIDDEN', 'Only client accounts can subscribe to plans');
  if (!hasClientProfile(client)) throw new AppError('FORBIDDEN', messages.booking.completeProfile);
  // A digest of a card number is card data (PCI DSS 3.5.1): its last four digits still tell two cards apart.
  const hash = requestHash({ planId, card: input.card?.number.replace(/\D/g, '').slice(-4) ?? input.paymentMethodId });
  const previous = await previousSubscription(deps, client.id, idempotencyKey);
  if (previous) {
    assertSameRequest(previous.requestHash, hash);
    return { subscription: await answer(deps, previous.id, client.id, now), replayed: true };
  }
  if (!isUuid(planId)) throw new AppError('NOT_FOUND', m.notFound);
  const [offer] = await deps.db
    .select({ p: plans, expert: { name: experts.name, userId: experts.userId, currency: experts.currency, status: experts.status } })
    .from(plans)
    .innerJoin(experts, eq(experts.id, plans.expertId))
    .where(eq(plans.id, planId));
  if (!offer || offer.expert.status !== 'published') throw new AppError('NOT_FOUND', m.notFound);
  if (offer.expert.userId === client.id) throw new AppError('FORBIDDEN', m.ownPlan);
  if (!offer.p.open) throw new AppError('CONFLICT', m.closed);
  const { p, expert } = offer;
  const mine = and(eq(subscriptions.clientId, client.id), eq(subscriptions.expertId, p.expertId));
  const [live] = await deps.db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(and(mine, isNull(subscriptions.endedAt)))
    .limit(1);
  if (live) throw new AppError('CONFLICT', m.alreadySubscribed);
  const [trialHad] = await deps.db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(and(mine, isNotNull(subscriptions.trialEndsAt)))
    .limit(1);
  const trialDays = trialHad ? 0 : p.trialDays;
  const id = randomUUID();
  const key = `plan:${client.id}:${idempotencyKey}`;
  const clientName = `${client.firstName} ${client.lastName}`.trim();
  const started = await startPayments(deps.db, deps.provider, {
    client: { id: client.id, email: client.email, name: clientName },
    plan: p,
    expert,
    card: input.card,
    paymentMethodId: input.paymentMethodId,
    trialDays,
    subscriptionId: id,
    idempotencyKey: key,
    now,
  });
  if (!started.ok) throw cardRefusal(started);
  const { providerRef, periodEnd: end } = started;
  const sub = {
    id,
    planId,
    clientId: client.id,
    expertId: p.expertId,
    expertName: expert.name,
    clientName,
    name: p.name,
    priceCents: p.priceCents,
    sessionCount: p.sessionCount,
    durationMinutes: p.durationMinutes,
    chatPromise: p.chatPromise,
    platformFeeBps: deps.platformFeeBasisPoints,
    currency: expert.currency,
    status: trialDays > 0 ? ('trialing' as const) : ('active' as const),
    trialEndsAt: trialDays > 0 ? end : null,
    currentPeriodStart: now,
    currentPeriodEnd: end,
    provider: deps.provider.name,
    savedCardRef: started.savedRef,
    providerSubscriptionRef: started.providerSubscriptionRef,
    cardBrand: started.cardBrand,
    cardLast4: started.cardLast4,
    idempotencyKey,
    requestHash: hash,
    createdAt: now,
    updatedAt: now,
  };
  try {
    await deps.db.transaction(async (tx) => {
      await tx.insert(subscriptions).values(sub);
      const period = await grantPeriod(
        tx,
        sub,
        {
          number: 1,
          kind: trialDays > 0 ? 'trial' : 'paid',
          startsAt: now,
          endsAt: end,
          amountCents: trialDays > 0 ? 0 : p.priceCents,
          providerRef,
          providerInvoiceRef: started.invoiceRef,
        },
        now,
      );
      const what =
        trialDays > 0
          ? `${sub.clientName} started a ${trialDays}-day free trial of ${p.name}.`
          : `${sub.clientName} subscribed to ${p.name} and paid ${formatMoney(p.priceCents, expert.currency)} for the first month.`;
      await emailBothSides(tx, sub, {
        client: (to) =>
          trialDays > 0
            ? trialStartedEmail(sub, end, to, deps.baseUrl)
            : periodReceiptEmail(sub, { receiptNumber: period.receiptNumber!, amountCents: p.priceCents, startsAt: now, endsAt: end }, to, now, deps.baseUrl),
        expert: (to) => expertPlanEmail(sub, `New subscriber: ${sub.clientName}`, what, to, deps.baseUrl),
      });
    });
  } catch (err) {
    const constraint = pgError(err).constraint;
    // The same key at once from two requests: the processor charged once (same idempotency key) and the first wrote it.
    if (constraint === 'subscriptions_client_idempotency_key') {
      const first = await previousSubscription(deps, client.id, idempotencyKey);
      if (first) {
        assertSameRequest(first.requestHash, hash);
        return { subscription: await answer(deps, first.id, client.id, now), replayed: true };
      }
    }
    // A Stripe Subscription would renew a plan that does not exist: it ends now, before its charge is given back.
    if (started.providerSubscriptionRef) await deps.provider.billing!.cancelNow(started.providerSubscriptionRef, `${key}:refused`);
    if (providerRef)
      await giveBackOrQueue(
        deps.db,
        deps,
        { providerRef, amountCents: p.priceCents, idempotencyKey: `${key}:refund`, why: 'plan subscription refused by the database' },
        now,
      );
    if (constraint === 'subscriptions_one_live') throw new AppError('CONFLICT', m.alreadySubscribed);
    if (constraint === 'subscriptions_one_trial') throw new AppError('CONFLICT', m.trialUsed);
    throw err;
  }
  return { subscription: await answer(deps, id, client.id, now), replayed: false };
}
