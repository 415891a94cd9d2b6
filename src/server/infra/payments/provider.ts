/**
 * Payment provider interface (docs/architecture.md "Session and payment lifecycles"): money is held at booking, released to the expert at
 * confirmation, refunded (fully or partly) on cancellation or a dispute decided for the client.
 * Amounts are integer cents. Every call carries an idempotency key so a retry never moves money twice.
 */
import type { CardInput } from '../../../shared/cards.js';

export type HoldResult =
  | { ok: true; providerRef: string; cardBrand: string; cardLast4: string }
  | { ok: false; reason: 'declined' | 'insufficient_funds' | 'invalid_card'; message: string }
  /** The card needs extra authentication (3-D Secure) in the browser with `clientSecret` (Stripe only). */
  | { ok: false; reason: 'requires_action'; providerRef: string; clientSecret: string; message: string };

/** Where an authorisation stands after the customer's extra authentication. */
export type HoldState = { state: 'held'; cardBrand: string; cardLast4: string } | { state: 'pending' } | { state: 'failed' };

export interface PaymentProvider {
  readonly name: 'simulated' | 'stripe';
  /**
   * Authorises and holds `amountCents` on the card (`card` for the simulated provider, a Stripe
   * `paymentMethodId` for Stripe). `releaseBy` is the latest moment the money may be released (UTC), which
   * decides whether an authorisation can simply be captured then. Never throws for a declined card: answers ok:false.
   */
  hold(input: {
    amountCents: number;
    currency: string;
    card?: CardInput;
    paymentMethodId?: string;
    releaseBy: Date;
    now: Date;
    idempotencyKey: string;
    description: string;
  }): Promise<HoldResult>;
  /** Asks the processor where a `requires_action` hold stands now (after 3-D Secure). */
  check(providerRef: string): Promise<HoldState>;
  /**
   * Voids an authorisation that never became a booking (abandoned or failed 3-D Secure); `reason` 'abandoned' tells the
   * processor nobody finished paying (Stripe's `cancellation_reason`). Safe to repeat.
   */
  cancel(input: { providerRef: string; idempotencyKey: string; reason?: 'abandoned' }): Promise<void>;
  /**
   * Charges an authorisation in full now, so the money stays held in the platform balance past the card
   * authorisation window (7 days): called when a client opens a dispute, whose decision may come later.
   * Our ledger still shows the payment held; release and refund work as for money charged at booking.
   * No-op when the money is already charged. Safe to repeat.
   */
  secure(input: { providerRef: string; idempotencyKey: string }): Promise<void>;
  /**
   * Releases `amountCents` of a held payment (capture), then transfers `transferCents` of it — the amount less the
   * platform's commission (docs/product.md "Earnings") — to `destinationAccount` when given.
   */
  release(input: {
    providerRef: string;
    amountCents: number;
    transferCents: number;
    idempotencyKey: string;
    destinationAccount?: string | null;
  }): Promise<void>;
  /**
   * Transfers `amountCents` from the platform's balance (money paid to it earlier: an organisation's credit) to
   * `destinationAccount`, grouped under `transferGroup` (the booking). Safe to repeat with the same `idempotencyKey`.
   * Absent from a provider without connected accounts: nothing is paid out there but in our ledger.
   */
  transfer?(input: { amountCents: number; currency: string; destinationAccount: string; transferGroup: string; idempotencyKey: string }): Promise<void>;
  /**
   * Refunds `amountCents` of a held payment to the client; the rest (if any) goes to the expert. With Stripe,
   * `providerRef` may also be a one-off Invoice interrupted mid-payment (PaymentInterrupted): it is deleted or voided
   * while unpaid, and its payment refunded once paid, so it is never left open and never charged twice; or the
   * renewal Invoice of a plan that ended (PlanBilling.cancelNow): voided while unpaid, and once paid left to the
   * renewal's invoice.paid event, which refunds a month of a plan that has ended.
   */
  refund(input: { providerRef: string; amountCents: number; idempotencyKey: string }): Promise<void>;
  /**
   * Keeps a card at the processor for later charges without the client present (a monthly plan's renewals): answers
   * `savedRef`, the only thing Mentora stores of it. Declined or invalid cards answer ok:false. Absent from a provider
   * that cannot renew plans itself (docs/product.md "Plans and packages").
   */
  saveCard?(input: { card?: CardInput; paymentMethodId?: string; idempotencyKey: string }): Promise<SaveCardResult>;
  /** Charges a saved card `amountCents` now, held in the platform balance until `releaseBy` (as `hold`). */
  chargeSaved?(input: {
    savedRef: string;
    amountCents: number;
    currency: string;
    releaseBy: Date;
    idempotencyKey: string;
    description: string;
  }): Promise<HoldResult>;
  /**
   * Present when the processor renews plans itself (Stripe Billing, docs/decisions/039-stripe-billing-for-plans.md):
   * plans are then subscribed through it instead of saveCard/chargeSaved, and its webhooks report each renewal.
   */
  billing?: PlanBilling;
}

/**
 * A processor's subscriptions (docs/product.md "Plans and packages"): its customers, a product per plan and a price
 * per plan price, a monthly subscription charging the saved card, and its invoices. Amounts in integer cents, instants
 * UTC. Every write carries an idempotency key made from our ids, so a retry never makes a second one.
 */
export interface PlanBilling {
  /** A customer for `user`; answers its id. */
  createCustomer(user: { id: string; email: string; name: string }): Promise<string>;
  /** A product for plan `plan`; answers its id. */
  createProduct(plan: { id: string; expertName: string }): Promise<string>;
  /** A monthly price of `cents` in `currency` for product `productId`, made for plan `planId`; answers its id. */
  createPrice(input: { productId: string; planId: string; cents: number; currency: string }): Promise<string>;
  /**
   * Saves the card `paymentMethodId` to `customerId` and subscribes it to `priceId`, free until `trialEnd` (else the
   * first month charged now). A trial's card is set up for the renewals first (a SetupIntent), unless
   * `cardAuthenticated` says its bank already confirmed it. A refused card answers ok:false and leaves no subscription
   * that can charge; a bank asking for 3-D Secure answers BillingAwaitingBank (nothing charged or started yet).
   */
  subscribe(input: {
    customerId: string;
    priceId: string;
    paymentMethodId?: string;
    trialEnd: Date | null;
    subscriptionId: string;
    idempotencyKey: string;
    cardAuthenticated?: boolean;
  }): Promise<BillingStart | BillingAwaitingBank | Extract<SaveCardResult, { ok: false }>>;
  /** The subscription `ref` whose first month's payment the bank confirmed, as it started. */
  started(ref: string): Promise<BillingStart>;
  /** Where a trial card's SetupIntent `ref` stands after 3-D Secure. */
  setupState(ref: string): Promise<HoldState>;
  /**
   * Gives up a start awaiting the bank (refused, or `reason` 'abandoned'): the SetupIntent cancelled, or the
   * subscription's first invoice voided (its PaymentIntent cancelled) and the subscription cancelled. Answers false
   * when the bank confirmed the payment meanwhile (nothing given up: the start goes on). Safe to repeat.
   */
  abandonStart(wait: { providerRef: string; subscriptionRef: string | null }, idempotencyKey: string, reason?: 'abandoned'): Promise<boolean>;
  /** The subscription `ref` ends with its current period (the client cancelled). Safe to repeat. */
  cancelAtPeriodEnd(ref: string, idempotencyKey: string): Promise<void>;
  /**
   * The subscription `ref` ends now, with no proration or invoice (Mentora refunds what it owes). Safe to repeat.
   * Answers its renewal invoice the processor could still collect (open or uncollectible: a failing renewal, or one
   * awaiting 3-D Secure), which cancelling leaves as it is, for the caller to void (PaymentProvider.refund); else null.
   */
  cancelNow(ref: string, idempotencyKey: string): Promise<{ invoiceRef: string; amountCents: number } | null>;
  /** The payment (a `providerRef` for hold/release/refund) that paid invoice `invoiceId`, or null. */
  invoicePayment(invoiceId: string): Promise<string | null>;
  /**
   * Where a renewal's invoice `invoiceId` stands while its bank asks for 3-D Secure: 'awaiting_bank' with the client
   * secret of its PaymentIntent for the browser's step; 'retrying' when open with no step asked (Stripe retries the
   * card); 'paid'; or 'closed' (void or uncollectible: nothing to confirm).
   */
  invoiceAction(invoiceId: string): Promise<{ state: 'awaiting_bank'; clientSecret: string } | { state: 'paid' | 'closed' | 'retrying' }>;
  /**
   * Charges `customerId`'s saved card `paymentMethodId` `amountCents` now, as an invoice of the subscription `ref`
   * for the time `periodStart`–`periodEnd` (a change of plan's rest of the month), held in the platform balance. A
   * refused card answers ok:false and leaves the invoice void (nothing charged).
   */
  invoiceNow(input: {
    ref: string;
    customerId: string;
    paymentMethodId: string;
    amountCents: number;
    currency: string;
    description: string;
    periodStart: Date;
    periodEnd: Date;
    idempotencyKey: string;
  }): Promise<{ ok: true; providerRef: string; invoiceRef: string } | Extract<SaveCardResult, { ok: false }>>;
  /**
   * The subscription `ref` renews at `priceId` from its next period, with no proration (Mentora charges and refunds a
   * change itself); its billing dates stay. Answers the price it renewed at before. Safe to repeat.
   */
  changePrice(ref: string, priceId: string, idempotencyKey: string): Promise<string>;
}

/**
 * A subscription started: `subscriptionRef` renews it; `savedRef` and the card are the card saved; `firstPaymentRef`
 * paid the first month (null in a trial); the first period runs `periodStart`–`periodEnd` and was paid by `invoiceRef`.
 */
export type BillingStart = {
  ok: true;
  subscriptionRef: string;
  savedRef: string;
  cardBrand: string;
  cardLast4: string;
  firstPaymentRef: string | null;
  invoiceRef: string | null;
  periodStart: Date;
  periodEnd: Date;
};

/**
 * The processor could not be reached after payment `providerRef` (a Stripe one-off Invoice) was made and before it
 * was known to be paid: it may be unpaid, half-way or paid. It is never paid again under a new key; it is given back
 * instead (PaymentProvider.refund: an unpaid invoice deleted or voided, a paid one's payment refunded), now or by the
 * payment retries job. `amountCents` is what it was to charge.
 */
export class PaymentInterrupted extends Error {
  constructor(
    readonly providerRef: string,
    readonly amountCents: number,
    cause: unknown,
  ) {
    super(`payment ${providerRef} interrupted: the processor could not be reached`, { cause });
  }
}

/**
 * A start whose bank asks for 3-D Secure: the browser runs it with `clientSecret` for `providerRef` (the first month's
 * PaymentIntent, or a trial's SetupIntent); `subscriptionRef` is the Stripe Subscription awaiting its first payment
 * (null for a trial, subscribed once the card is confirmed); `savedRef` the card.
 */
export type BillingAwaitingBank = {
  ok: false;
  reason: 'requires_action';
  providerRef: string;
  clientSecret: string;
  subscriptionRef: string | null;
  savedRef: string;
  message: string;
};

export type SaveCardResult =
  | { ok: true; savedRef: string; cardBrand: string; cardLast4: string }
  | { ok: false; reason: 'declined' | 'insufficient_funds' | 'invalid_card'; message: string };
