/**
 * POST /api/plans/{id}/subscriptions (docs/product.md "Plans and packages"): a client subscribes to an expert's open
 * plan by card. The terms are frozen with the subscription — name, price, sessions, length, chat and the platform's
 * commission. The card is kept at the processor for the renewals; with the plan's free trial (the client's first
 * with this expert) nothing is charged until it ends, otherwise the first month is charged now and held until the
 * month ends plus the dispute window. With Stripe Billing a Stripe Subscription does the charging and renews itself
 * (billing-service.ts). The subscription, its first period with its prepaid sessions, the ledger's
 * 'charge' and the e-mails to both sides are written in one transaction (new-subscription.ts). With Stripe, a card
 * whose bank asks for 3-D Secure starts nothing yet: the terms wait in `card_confirmations` until the bank confirms
 * (settle-plan-start.ts), as a package's purchase waits.
 */
import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { messages } from '../../../../shared/messages.js';
import { planMessages as m } from '../../../../shared/plans.js';
import { hasClientProfile } from '../../../../shared/roles.js';
import { purchaseInput, type PurchaseInput } from '../../../../shared/schemas/packages.js';
import type { SubscriptionView } from '../../../../shared/schemas/plans.js';
import { isUuid } from '../../../../shared/ids.js';
import type { CurrentUser } from '../../../auth/plugin.js';
import { pgError } from '../../../db/errors.js';
import { cardConfirmations, experts, plans, subscriptions } from '../../../db/schema.js';
import { AppError } from '../../../errors.js';
import { assertSameRequest, requestHash } from '../../../infra/request-hash.js';
import type { SessionDeps } from '../../sessions/booking-service.js';
import { awaitsBank, startPayments, undoStart } from '../billing-service.js';
import { writeSubscription, type PlanTerms } from '../new-subscription.js';
import { oneOfClient, subscriptionViews } from '../subscription-views.js';
import { clock } from '../../../clock.js';
import { cardRefusal } from '../../../infra/payments/card-refusal.js';
import { settlePendingStart } from './settle-plan-start.js';

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

/** A start of `clientId`'s awaiting (or done awaiting) the bank: under Idempotency-Key `idempotencyKey`, or still pending with expert `expertId`. */
async function awaitingBank(deps: SessionDeps, w: { clientId: string } & ({ idempotencyKey: string } | { expertId: string })) {
  const [row] = await deps.db
    .select({ id: cardConfirmations.id, requestHash: cardConfirmations.requestHash })
    .from(cardConfirmations)
    .innerJoin(plans, eq(plans.id, cardConfirmations.planId))
    .where(
      and(
        eq(cardConfirmations.clientId, w.clientId),
        'idempotencyKey' in w
          ? eq(cardConfirmations.idempotencyKey, w.idempotencyKey)
          : and(eq(plans.expertId, w.expertId), eq(cardConfirmations.status, 'pending')),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** What subscribing answers: the subscription, or (3-D Secure) the bank's step still to run in the browser for `subscriptionId`. */
export type SubscribeOutcome = { subscription: SubscriptionView; replayed: boolean } | { awaitingBank: { subscriptionId: string; clientSecret: string } };

/**
 * Subscribes `client` to plan `planId` with `rawInput` (a card) under `idempotencyKey`. Returns `{ subscription,
 * replayed }`: the same key with the same body answers the first subscription and charges nothing (422 with another
 * body). A card needing 3-D Secure answers `awaitingBank` (nothing started yet; the browser runs the bank's step and
 * then asks settle-plan-start.ts); the same key asked again meanwhile answers as that does (409 while the bank
 * confirms, 402 refused or abandoned). Errors: 403 not a client with a complete profile, or the expert's own plan; 404
 * unknown plan or expert not published; 409 closed to new subscribers, already subscribed to this expert (or a start
 * with them still awaiting the bank); 400 invalid card; 402 declined. If the database refuses the subscription after a charge, the
 * charge is given back (or queued for the payment retries job).
 */
export async function subscribe(
  deps: SessionDeps,
  client: CurrentUser,
  planId: string,
  rawInput: PurchaseInput,
  idempotencyKey: string,
  now = clock.now(),
): Promise<SubscribeOutcome> {
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
  const waiting = await awaitingBank(deps, { clientId: client.id, idempotencyKey });
  if (waiting) {
    assertSameRequest(waiting.requestHash, hash);
    return { subscription: await settlePendingStart(deps, waiting.id, client.id, now), replayed: true };
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
  // A start of this plan's expert still awaiting the bank: one at a time, so two cannot both start.
  if (await awaitingBank(deps, { clientId: client.id, expertId: p.expertId })) throw new AppError('CONFLICT', messages.payment.awaitingPayment);
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
  const terms: PlanTerms = {
    planId,
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
    trialDays,
  };
  if (awaitsBank(started)) {
    // Nothing starts until the bank confirms: the terms wait with what the processor is asked about.
    const [written] = await deps.db
      .insert(cardConfirmations)
      .values({
        id,
        clientId: client.id,
        planId,
        terms,
        amountCents: trialDays > 0 ? 0 : p.priceCents,
        provider: deps.provider.name,
        providerRef: started.providerRef,
        providerSubscriptionRef: started.subscriptionRef,
        savedCardRef: started.savedRef,
        idempotencyKey,
        requestHash: hash,
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: cardConfirmations.id });
    // The same key at once from two requests: the processor answered both alike, the first row stays.
    if (!written) return subscribe(deps, client, planId, rawInput, idempotencyKey, now);
    return { awaitingBank: { subscriptionId: id, clientSecret: started.clientSecret } };
  }
  if (!started.ok) throw cardRefusal(started);
  try {
    await deps.db.transaction((tx) =>
      writeSubscription(
        tx,
        deps.baseUrl,
        { id, clientId: client.id, terms, provider: deps.provider.name, started, request: { idempotencyKey, requestHash: hash } },
        now,
      ),
    );
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
    await undoStart(deps.db, deps, started, { amountCents: p.priceCents, key, why: 'plan subscription refused by the database' }, now);
    if (constraint === 'subscriptions_one_live') throw new AppError('CONFLICT', m.alreadySubscribed);
    if (constraint === 'subscriptions_one_trial') throw new AppError('CONFLICT', m.trialUsed);
    throw err;
  }
  return { subscription: await answer(deps, id, client.id, now), replayed: false };
}
