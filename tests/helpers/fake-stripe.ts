/**
 * A local stand-in for the Stripe API (no internet in tests; no stripe-mock package exists on npm). The real
 * `stripe` SDK is pointed at it (STRIPE_API_URL). It checks every request — secret key, idempotency key,
 * amount, currency, capture_method — answers like the API for the calls Mentora makes (PaymentIntents create /
 * retrieve / capture / cancel, Refunds, Transfers, Connect Express accounts and their onboarding links; for Stripe
 * Billing Customers, PaymentMethod attach, Products, monthly Prices, Subscriptions — created, moved to another Price
 * with `proration_behavior: none` (prorations are not modelled: asking for them is a problem), cancelled — and their
 * Invoices, including one-off invoices of a subscription: created as drafts, given invoice items, paid off-session
 * with a saved card (a refused card answers a card error and leaves the invoice open), voided (open or uncollectible),
 * or deleted while a draft), replays an idempotent request's first answer, and keeps a log for assertions. A test makes Stripe
 * unreachable for a call (`failNext`: nothing done) or until it says (`unreachable`), or loses its answer
 * (`loseAnswerOfNext`: done, answered 503). Test PaymentMethods behave like Stripe's test cards:
 *   pm_card_visa → authorised; pm_card_threeDSecure2Required → requires_action (3-D Secure);
 *   pm_card_chargeDeclined → card_declined; pm_card_chargeDeclinedInsufficientFunds → insufficient_funds;
 *   pm_card_chargeCustomerFail → attaches to a Customer, but every charge of it is declined.
 * Billing moves on only when a test says so (`cycle`, `retry`): each answers the Stripe events it caused (as
 * Stripe would send them), for the test to sign and deliver; a failed invoice is retried on `retryDays` (smart
 * retries), then the subscription is cancelled as Stripe's "cancel the subscription" setting does. Cancelling a
 * subscription leaves its open invoice open, and `retry` still collects it, as Stripe may. A renewal whose
 * bank asks for 3-D Secure again (`askAuthenticationAgain`) waits `requires_action` (invoice.payment_failed and
 * invoice.payment_action_required) until `completeAction` or the retries run out.
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type LoggedRequest = { method: string; path: string; params: Record<string, string>; idempotencyKey: string | undefined };
type Account = {
  id: string;
  object: 'account';
  type: 'express';
  email: string;
  details_submitted: boolean;
  payouts_enabled: boolean;
  charges_enabled: boolean;
};
type Intent = {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_received: number;
  currency: string;
  status: 'requires_payment_method' | 'requires_confirmation' | 'requires_action' | 'requires_capture' | 'succeeded' | 'canceled';
  capture_method: 'manual' | 'automatic';
  client_secret: string;
  latest_charge: string | null;
  payment_method: string;
  description: string | null;
  /** Unix seconds; set by a cancellation. */
  canceled_at: number | null;
  cancellation_reason: string | null;
};

type SetupIntent = {
  id: string;
  object: 'setup_intent';
  customer: string;
  payment_method: string;
  usage: string;
  status: 'requires_payment_method' | 'requires_action' | 'succeeded' | 'canceled';
  client_secret: string;
  cancellation_reason: string | null;
};

/** The reasons the cancel endpoint accepts (Stripe's API reference, "Cancel a PaymentIntent"). */
const cancellationReasons = ['duplicate', 'fraudulent', 'requested_by_customer', 'abandoned'];

const cards: Record<string, { brand: string; last4: string }> = {
  pm_card_visa: { brand: 'visa', last4: '4242' },
  pm_card_mastercard: { brand: 'mastercard', last4: '4444' },
  pm_card_chargeCustomerFail: { brand: 'visa', last4: '0341' },
  pm_card_threeDSecure2Required: { brand: 'visa', last4: '3155' },
  pm_card_chargeDeclined: { brand: 'visa', last4: '0002' },
  pm_card_chargeDeclinedInsufficientFunds: { brand: 'visa', last4: '9995' },
};

type Price = {
  id: string;
  object: 'price';
  product: string;
  unit_amount: number;
  currency: string;
  recurring: { interval: 'month' };
  metadata: Record<string, string>;
};
type Subscription = {
  id: string;
  object: 'subscription';
  customer: string;
  status: 'incomplete' | 'trialing' | 'active' | 'past_due' | 'canceled';
  default_payment_method: string;
  cancel_at_period_end: boolean;
  canceled_at: number | null;
  ended_at: number | null;
  trial_end: number | null;
  start_date: number;
  currency: string;
  metadata: Record<string, string>;
  latest_invoice: string;
  items: {
    object: 'list';
    data: { id: string; object: 'subscription_item'; price: Price; quantity: 1; current_period_start: number; current_period_end: number }[];
  };
};
type Invoice = {
  id: string;
  object: 'invoice';
  customer: string;
  status: 'draft' | 'paid' | 'open' | 'uncollectible' | 'void';
  billing_reason: 'subscription_create' | 'subscription_cycle' | 'manual';
  description: string | null;
  amount_due: number;
  amount_paid: number;
  amount_remaining: number;
  currency: string;
  attempt_count: number;
  attempted: boolean;
  next_payment_attempt: number | null;
  period_start: number;
  period_end: number;
  parent: { type: 'subscription_details'; subscription_details: { subscription: string; metadata: Record<string, string> } } | null;
  lines: { object: 'list'; data: Record<string, unknown>[] };
  payment_intents: string[];
};
export type FakeEvent = { id: string; object: 'event'; type: string; api_version: string; created: number; data: { object: unknown } };

/** A month after `from` (seconds) on the billing anchor's day, clamped to the month's last day, as Stripe bills. */
function nextMonth(from: number, anchor: number): number {
  const d = new Date(from * 1000);
  const day = new Date(anchor * 1000).getUTCDate();
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 2, 0)).getUTCDate();
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, Math.min(day, last), d.getUTCHours(), d.getUTCMinutes(), d.getUTCSeconds()) / 1000;
}

const newId = (prefix: string) => `${prefix}_${randomBytes(8).toString('hex')}`;

class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: Record<string, unknown>,
  ) {
    super(String(body.message));
  }
}

const invalid = (message: string, extra: Record<string, unknown> = {}) => new ApiError(400, { type: 'invalid_request_error', message, ...extra });

export class FakeStripe {
  readonly requests: LoggedRequest[] = [];
  readonly intents = new Map<string, Intent>();
  readonly refunds: { id: string; payment_intent: string; amount: number }[] = [];
  readonly transfers: { id: string; amount: number; currency: string; destination: string; source_transaction?: string }[] = [];
  /** Connect accounts; a test finishes onboarding by setting details_submitted / payouts_enabled. */
  readonly accounts = new Map<string, Account>();
  readonly problems: string[] = [];
  readonly customers = new Map<string, { id: string; email: string; name: string; paymentMethods: string[] }>();
  readonly products = new Map<string, { id: string; name: string }>();
  readonly prices = new Map<string, Price>();
  readonly subscriptions = new Map<string, Subscription>();
  readonly invoices = new Map<string, Invoice>();
  /** Draft invoices deleted (DELETE /v1/invoices/{id}). */
  readonly deletedInvoices: string[] = [];
  /** Saved cards whose bank declines every charge from now on (a card that stopped working); a test adds them. */
  readonly declining = new Set<string>();
  /** SetupIntents (a trial's card checked, 3-D Secure included, before its subscription). */
  readonly setupIntents = new Map<string, SetupIntent>();
  /** Cards (customer:card) that asked for 3-D Secure and were authenticated once: later charges of them off-session go through. */
  private readonly authenticated = new Set<string>();
  /** Days after a failed renewal's first try that Stripe's smart retries try again; after the last, the subscription is cancelled. */
  retryDays = [3, 5, 7];
  private readonly idempotent = new Map<string, { params: string; status: number; body: unknown }>();
  private readonly outages: { method: string; path: RegExp; times: number }[] = [];
  private readonly lostAnswers: { method: string; path: RegExp; times: number }[] = [];
  private server = http.createServer((req, res) => this.handle(req, res));
  url = '';

  constructor(readonly secretKey: string) {}

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** The requests to `method path-prefix`, e.g. calls('POST', '/v1/refunds'). */
  calls(method: string, pathPrefix: string): LoggedRequest[] {
    return this.requests.filter((r) => r.method === method && r.path.startsWith(pathPrefix));
  }

  /**
   * Stripe is unreachable for the next `times` requests to `method` on a path matching `path`: each answers 503
   * (api_error, Stripe-Should-Retry: false, so the SDK does not retry it itself), does nothing and is not kept for an
   * idempotent replay.
   */
  failNext(method: string, path: RegExp, times = 1) {
    this.outages.push({ method, path, times });
  }

  /**
   * Stripe is unreachable, as failNext says, for every request to `method` on a path matching `path` until the
   * returned function is called: for a test that cannot count the calls (a server's own jobs retry meanwhile).
   */
  unreachable(method: string, path: RegExp): () => void {
    const outage = { method, path, times: Infinity };
    this.outages.push(outage);
    return () => {
      outage.times = 0;
    };
  }

  /**
   * The next `times` requests to `method` on a path matching `path` are done, but their answers are lost: each
   * answers 503 as failNext does (so the SDK does not retry it), after doing what it asked. A replay of its
   * idempotency key answers what it did.
   */
  loseAnswerOfNext(method: string, path: RegExp, times = 1) {
    this.lostAnswers.push({ method, path, times });
  }

  /**
   * The customer finishes (ok) or fails 3-D Secure in the browser. On an intent no longer waiting for it (cancelled,
   * say) the confirmation fails as Stripe.js reports it, and the intent stays as it is.
   */
  completeAction(id: string, ok: boolean): Intent {
    const pi = this.intents.get(id)!;
    if (pi.status !== 'requires_action') throw this.unexpected(pi, 'confirmed');
    if (!ok) pi.status = 'requires_payment_method';
    else {
      this.authorise(pi);
      // A subscription's first invoice paid by it is paid, and its subscription starts.
      const inv = [...this.invoices.values()].find((i) => i.payment_intents.includes(pi.id));
      if (inv) {
        this.authenticated.add(`${inv.customer}:${pi.payment_method}`);
        this.paid(inv);
      }
    }
    return pi;
  }

  /**
   * The bank of `customer`'s card `pm` asks for 3-D Secure again: its next off-session charge (a renewal) waits for
   * the customer's step, as a bank may ask for any payment.
   */
  askAuthenticationAgain(customer: string, pm = 'pm_card_threeDSecure2Required') {
    this.authenticated.delete(`${customer}:${pm}`);
  }

  /** The customer finishes (ok) or fails 3-D Secure of SetupIntent `id` in the browser, as completeAction does. */
  completeSetup(id: string, ok: boolean): SetupIntent {
    const seti = this.setupIntents.get(id)!;
    if (seti.status !== 'requires_action') throw invalid(`This SetupIntent could not be confirmed because it has a status of ${seti.status}.`);
    seti.status = ok ? 'succeeded' : 'requires_payment_method';
    if (ok) this.authenticated.add(`${seti.customer}:${seti.payment_method}`);
    return seti;
  }

  /** An event of `type` about SetupIntent `id`, or (`payment_intent.*`) PaymentIntent `id`, as it stands. */
  intentEvent(type: string, id: string): FakeEvent {
    return this.event(type, type.startsWith('setup_intent.') ? this.setupIntents.get(id)! : this.intents.get(id)!);
  }

  /** Invoice `inv`'s payment went through: it is paid, and its subscription (past due or incomplete) is active. */
  private paid(inv: Invoice) {
    inv.status = 'paid';
    inv.amount_paid = inv.amount_due;
    inv.amount_remaining = 0;
    inv.next_payment_attempt = null;
    const sub = inv.parent ? this.subscriptions.get(inv.parent.subscription_details.subscription) : undefined;
    if (sub && sub.status !== 'canceled') sub.status = 'active';
  }

  /** Whether the bank lets card `pm` of `customer` be charged without its holder (off-session). */
  private chargeable(pm: string, customer: string): boolean {
    return (pm === 'pm_card_visa' || pm === 'pm_card_mastercard' || this.authenticated.has(`${customer}:${pm}`)) && !this.declining.has(pm);
  }

  /** A Stripe event of `type` about `object` (a snapshot, as Stripe sends it). */
  private event(type: string, object: unknown): FakeEvent {
    return {
      id: newId('evt'),
      object: 'event',
      type,
      api_version: '2026-10-28.endive',
      created: Math.floor(Date.now() / 1000),
      data: { object: structuredClone(object) },
    };
  }

  private invoiceView(inv: Invoice, params: Record<string, string> = {}) {
    const { payment_intents, ...rest } = inv;
    const expanded = Object.entries(params).some(([k, v]) => k.startsWith('expand[') && (v === 'payments' || v === 'latest_invoice.payments'));
    if (!expanded) return rest;
    // A payment still under way (awaiting confirmation or the bank's step) is listed 'open', as Stripe lists it.
    const listed = payment_intents.map((id) => this.intents.get(id)!).filter((pi) => pi.status !== 'canceled' && pi.status !== 'requires_payment_method');
    return {
      ...rest,
      payments: {
        object: 'list',
        data: listed.map((pi) => ({
          id: newId('inpay'),
          object: 'invoice_payment',
          invoice: inv.id,
          status: pi.status === 'succeeded' ? 'paid' : 'open',
          amount_paid: pi.amount,
          currency: pi.currency,
          is_default: true,
          payment: { type: 'payment_intent', payment_intent: pi.id },
        })),
      },
    };
  }

  /** A new attempt at invoice `inv`: its PaymentIntent for card `pm` (automatic capture), in `status`. */
  private attemptIntent(pm: string, inv: Invoice, status: Intent['status']): Intent {
    inv.attempt_count++;
    inv.attempted = true;
    const pi: Intent = {
      id: newId('pi'),
      object: 'payment_intent',
      amount: inv.amount_due,
      amount_received: 0,
      currency: inv.currency,
      status,
      capture_method: 'automatic',
      client_secret: `secret_${randomBytes(8).toString('hex')}`,
      latest_charge: null,
      payment_method: pm,
      description: { manual: 'Payment for Invoice', subscription_create: 'Subscription creation', subscription_cycle: 'Subscription update' }[
        inv.billing_reason
      ],
      canceled_at: null,
      cancellation_reason: null,
    };
    this.intents.set(pi.id, pi);
    inv.payment_intents.push(pi.id);
    return pi;
  }

  /**
   * Charges the card `pm` for `inv` (a PaymentIntent, automatic capture); answers whether it was paid. With
   * `asking`, a card whose bank wants 3-D Secure leaves its PaymentIntent `requires_action` (a subscription's renewal).
   */
  private collect(pm: string, inv: Invoice, asking = false): boolean {
    const step = asking && pm === 'pm_card_threeDSecure2Required' && !this.authenticated.has(`${inv.customer}:${pm}`);
    const pi = this.attemptIntent(pm, inv, step ? 'requires_action' : 'requires_payment_method');
    if (!this.chargeable(pm, inv.customer)) return false;
    this.authorise(pi);
    this.paid(inv);
    return true;
  }

  private newInvoice(sub: Subscription, reason: Invoice['billing_reason'], amount: number, start: number, end: number): Invoice {
    const item = sub.items.data[0]!;
    const inv: Invoice = {
      id: newId('in'),
      object: 'invoice',
      customer: sub.customer,
      status: 'open',
      billing_reason: reason,
      description: null,
      amount_due: amount,
      amount_paid: 0,
      amount_remaining: amount,
      currency: sub.currency,
      attempt_count: 0,
      attempted: false,
      next_payment_attempt: null,
      // A subscription invoice's own period is the one before its lines' (Stripe's convention).
      period_start: item.current_period_start,
      period_end: item.current_period_start,
      parent: { type: 'subscription_details', subscription_details: { subscription: sub.id, metadata: sub.metadata } },
      lines: {
        object: 'list',
        data: [
          {
            id: newId('il'),
            object: 'line_item',
            amount,
            currency: sub.currency,
            period: { start, end },
            subscription: sub.id,
            parent: { type: 'subscription_item_details', subscription_item_details: { subscription: sub.id, subscription_item: item.id } },
            pricing: { type: 'price_details', price_details: { price: item.price.id, product: item.price.product } },
          },
        ],
      },
      payment_intents: [],
    };
    this.invoices.set(inv.id, inv);
    sub.latest_invoice = inv.id;
    return inv;
  }

  /**
   * The subscription `id` reaches the end of its period, as Stripe's clock would: it ends if cancelled at period end
   * (customer.subscription.deleted); otherwise the next month is invoiced and charged (invoice.paid, or
   * invoice.payment_failed with the next smart retry). Answers the events Stripe sends.
   */
  cycle(id: string): FakeEvent[] {
    const sub = this.subscriptions.get(id)!;
    if (sub.status === 'canceled') throw new Error(`${id} is canceled`);
    const item = sub.items.data[0]!;
    if (sub.cancel_at_period_end) return [this.end(sub, item.current_period_end)];
    const start = item.current_period_end;
    const end = nextMonth(start, sub.trial_end ?? sub.start_date);
    item.current_period_start = start;
    item.current_period_end = end;
    const inv = this.newInvoice(sub, 'subscription_cycle', item.price.unit_amount, start, end);
    return this.attempt(sub, inv, start);
  }

  /** Stripe's next smart retry of the open invoice `id`; answers the events Stripe sends. */
  retry(id: string): FakeEvent[] {
    const inv = this.invoices.get(id)!;
    if (inv.status !== 'open' || !inv.next_payment_attempt) throw new Error(`${id} has no retry due`);
    const sub = this.subscriptions.get(inv.parent!.subscription_details.subscription)!;
    return this.attempt(sub, inv, (inv.lines.data[0]!.period as { start: number }).start);
  }

  /** Tries to collect `inv`, due at `due` (seconds); a failure schedules the next smart retry, or ends the subscription. */
  private attempt(sub: Subscription, inv: Invoice, due: number): FakeEvent[] {
    // A subscription cancelled meanwhile stays cancelled, paid or not (paid() activates only a live one).
    if (this.collect(sub.default_payment_method, inv, true)) return [this.event('invoice.paid', this.invoiceView(inv))];
    const days = this.retryDays[inv.attempt_count - 1];
    inv.next_payment_attempt = days === undefined ? null : due + days * 86_400;
    const live = sub.status !== 'canceled';
    if (live) sub.status = 'past_due';
    const events = [this.event('invoice.payment_failed', this.invoiceView(inv))];
    // Stripe tells a payment awaiting the bank's step by both events.
    if (this.intents.get(inv.payment_intents.at(-1)!)!.status === 'requires_action')
      events.push(this.event('invoice.payment_action_required', this.invoiceView(inv)));
    if (days === undefined) {
      inv.status = 'uncollectible';
      if (live) events.push(this.end(sub, Math.floor(Date.now() / 1000)));
    }
    return events;
  }

  private end(sub: Subscription, at: number): FakeEvent {
    sub.status = 'canceled';
    sub.canceled_at = sub.canceled_at ?? at;
    sub.ended_at = at;
    return this.event('customer.subscription.deleted', sub);
  }

  /** The event Stripe sends about invoice `id` as it stands (invoice.paid when paid, else invoice.payment_failed). */
  invoiceEvent(id: string): FakeEvent {
    const inv = this.invoices.get(id)!;
    return this.event(inv.status === 'paid' ? 'invoice.paid' : 'invoice.payment_failed', this.invoiceView(inv));
  }

  /** An event of `type` about subscription `id` as it stands. */
  subscriptionEvent(type: string, id: string): FakeEvent {
    return this.event(type, this.subscriptions.get(id)!);
  }

  /** Someone cancels subscription `id` in Stripe's dashboard (not through the API Mentora calls). */
  cancelAtStripe(id: string): void {
    this.end(this.subscriptions.get(id)!, Math.floor(Date.now() / 1000));
  }

  /** A card dispute of PaymentIntent `id`'s charge, as charge.dispute.created sends it. */
  dispute(id: string, reason = 'fraudulent'): FakeEvent {
    const pi = this.intent(id);
    return this.event('charge.dispute.created', {
      id: newId('dp'),
      object: 'dispute',
      amount: pi.amount,
      currency: pi.currency,
      charge: pi.latest_charge,
      payment_intent: pi.id,
      reason,
      status: 'needs_response',
    });
  }

  private authorise(pi: Intent) {
    pi.latest_charge = `ch_${randomBytes(8).toString('hex')}`;
    if (pi.capture_method === 'manual') pi.status = 'requires_capture';
    else {
      pi.status = 'succeeded';
      pi.amount_received = pi.amount;
    }
  }

  private view(pi: Intent, params: Record<string, string>) {
    const expand = Object.entries(params)
      .filter(([k]) => k.startsWith('expand['))
      .map(([, v]) => v);
    const method = expand.includes('payment_method')
      ? { id: pi.payment_method, object: 'payment_method', type: 'card', card: cards[pi.payment_method] }
      : pi.payment_method;
    return { ...pi, payment_method: method };
  }

  private intent(id: string): Intent {
    const pi = this.intents.get(id);
    if (!pi) throw new ApiError(404, { type: 'invalid_request_error', code: 'resource_missing', message: `No such payment_intent: '${id}'` });
    return pi;
  }

  private amount(value: string | undefined, name: string): number {
    const n = Number(value);
    if (!value || !Number.isInteger(n) || n <= 0) throw invalid(`Invalid integer: ${name}`);
    return n;
  }

  private unexpected(pi: Intent, action: string) {
    return invalid(`This PaymentIntent could not be ${action} because it has a status of ${pi.status}.`, {
      code: 'payment_intent_unexpected_state',
      payment_intent: pi,
    });
  }

  /** POST /v1/payment_intents/{id}/confirm (a subscription's first invoice): paid, the bank's step asked, or declined. */
  private confirm(pi: Intent, params: Record<string, string>): Intent {
    if (pi.status !== 'requires_confirmation' && pi.status !== 'requires_payment_method') throw this.unexpected(pi, 'confirmed');
    pi.payment_method = params.payment_method ?? pi.payment_method;
    const inv = [...this.invoices.values()].find((i) => i.payment_intents.includes(pi.id));
    const customer = inv?.customer ?? '';
    if (pi.payment_method === 'pm_card_threeDSecure2Required' && !this.authenticated.has(`${customer}:${pi.payment_method}`)) {
      pi.status = 'requires_action';
      return pi;
    }
    if (!this.chargeable(pi.payment_method, customer)) {
      pi.status = 'requires_payment_method';
      const decline = pi.payment_method === 'pm_card_chargeDeclinedInsufficientFunds' ? 'insufficient_funds' : 'generic_decline';
      throw new ApiError(402, { type: 'card_error', code: 'card_declined', decline_code: decline, message: 'Your card was declined.', payment_intent: pi });
    }
    this.authorise(pi);
    if (inv) this.paid(inv);
    return pi;
  }

  /** POST /v1/setup_intents (confirmed at once) and the SetupIntent's own routes. */
  private setupRoute(method: string, path: string, params: Record<string, string>): unknown {
    if (method === 'POST' && path === '/v1/setup_intents') {
      const customer = this.customers.get(params.customer ?? '');
      if (!customer) throw invalid(`No such customer: '${params.customer}'`, { code: 'resource_missing' });
      const pm = params.payment_method ?? '';
      if (!customer.paymentMethods.includes(pm)) throw invalid(`The PaymentMethod ${pm} is not attached to ${customer.id}`);
      if (params.confirm !== 'true' || params.usage !== 'off_session') throw invalid('Expected a SetupIntent confirmed for off_session use');
      const seti: SetupIntent = {
        id: newId('seti'),
        object: 'setup_intent',
        customer: customer.id,
        payment_method: pm,
        usage: 'off_session',
        status: pm === 'pm_card_threeDSecure2Required' && !this.authenticated.has(`${customer.id}:${pm}`) ? 'requires_action' : 'succeeded',
        client_secret: `seti_secret_${randomBytes(8).toString('hex')}`,
        cancellation_reason: null,
      };
      this.setupIntents.set(seti.id, seti);
      return this.setupView(seti, params);
    }
    let m = /^\/v1\/setup_intents\/(seti_\w+)$/.exec(path);
    const seti = () => {
      const found = this.setupIntents.get(m![1]!);
      if (!found) throw new ApiError(404, { type: 'invalid_request_error', code: 'resource_missing', message: `No such setupintent: '${m![1]}'` });
      return found;
    };
    if (method === 'GET' && m) return this.setupView(seti(), params);
    m = /^\/v1\/setup_intents\/(seti_\w+)\/cancel$/.exec(path);
    if (method === 'POST' && m) {
      const found = seti();
      if (found.status === 'succeeded' || found.status === 'canceled')
        throw invalid(`This SetupIntent could not be canceled because it has a status of ${found.status}.`, {
          code: 'setup_intent_unexpected_state',
          setup_intent: found,
        });
      found.status = 'canceled';
      found.cancellation_reason = params.cancellation_reason ?? null;
      return this.setupView(found, params);
    }
    return undefined;
  }

  private setupView(seti: SetupIntent, params: Record<string, string>) {
    const expand = Object.entries(params).some(([k, v]) => k.startsWith('expand[') && v === 'payment_method');
    return {
      ...seti,
      payment_method: expand ? { id: seti.payment_method, object: 'payment_method', type: 'card', card: cards[seti.payment_method] } : seti.payment_method,
    };
  }

  private route(method: string, path: string, params: Record<string, string>): unknown {
    const setup = path.startsWith('/v1/setup_intents') ? this.setupRoute(method, path, params) : undefined;
    if (setup) return setup;
    if (method === 'POST' && path === '/v1/payment_intents') {
      const amount = this.amount(params.amount, 'amount');
      if (params.currency !== 'usd') throw invalid('Invalid currency');
      if (params.capture_method !== 'manual' && params.capture_method !== 'automatic') throw invalid('Invalid capture_method');
      if (params.confirm !== 'true' || params['allowed_payment_method_types[0]'] !== 'card') throw invalid('Expected a server-side confirmed card payment');
      const card = cards[params.payment_method ?? ''];
      if (!card) throw invalid(`No such PaymentMethod: '${params.payment_method}'`, { code: 'resource_missing' });
      const id = `pi_${randomBytes(8).toString('hex')}`;
      const pi: Intent = {
        id,
        object: 'payment_intent',
        amount,
        amount_received: 0,
        currency: params.currency,
        status: 'requires_payment_method',
        capture_method: params.capture_method,
        client_secret: `${id}_secret_${randomBytes(8).toString('hex')}`,
        latest_charge: null,
        payment_method: params.payment_method!,
        description: params.description ?? null,
        canceled_at: null,
        cancellation_reason: null,
      };
      this.intents.set(id, pi);
      if (params.payment_method === 'pm_card_chargeDeclined' || params.payment_method === 'pm_card_chargeDeclinedInsufficientFunds') {
        const decline = params.payment_method === 'pm_card_chargeDeclined' ? 'generic_decline' : 'insufficient_funds';
        throw new ApiError(402, { type: 'card_error', code: 'card_declined', decline_code: decline, message: 'Your card was declined.', payment_intent: pi });
      }
      if (params.payment_method === 'pm_card_threeDSecure2Required') pi.status = 'requires_action';
      else this.authorise(pi);
      return this.view(pi, params);
    }
    let m = /^\/v1\/payment_intents\/([\w]+)$/.exec(path);
    if (method === 'GET' && m) return this.view(this.intent(m[1]!), params);
    m = /^\/v1\/payment_intents\/([\w]+)\/confirm$/.exec(path);
    if (method === 'POST' && m) return this.view(this.confirm(this.intent(m[1]!), params), params);
    m = /^\/v1\/payment_intents\/([\w]+)\/capture$/.exec(path);
    if (method === 'POST' && m) {
      const pi = this.intent(m[1]!);
      if (pi.status !== 'requires_capture') throw this.unexpected(pi, 'captured');
      const amount = params.amount_to_capture ? this.amount(params.amount_to_capture, 'amount_to_capture') : pi.amount;
      if (amount > pi.amount) throw invalid('amount_to_capture is greater than the authorised amount');
      pi.status = 'succeeded';
      pi.amount_received = amount;
      return this.view(pi, params);
    }
    m = /^\/v1\/payment_intents\/([\w]+)\/cancel$/.exec(path);
    if (method === 'POST' && m) {
      const pi = this.intent(m[1]!);
      if (pi.status === 'succeeded' || pi.status === 'canceled') throw this.unexpected(pi, 'canceled');
      const reason = params.cancellation_reason;
      if (reason !== undefined && !cancellationReasons.includes(reason))
        throw invalid(`Invalid cancellation_reason: must be one of ${cancellationReasons.join(', ')}`);
      // A cancelled intent charges nothing more; an authorisation it held is released to the card.
      pi.status = 'canceled';
      pi.canceled_at = Math.floor(Date.now() / 1000);
      pi.cancellation_reason = reason ?? null;
      return this.view(pi, params);
    }
    if (method === 'POST' && path === '/v1/refunds') {
      const pi = this.intent(params.payment_intent ?? '');
      const amount = this.amount(params.amount, 'amount');
      const refunded = this.refunds.filter((r) => r.payment_intent === pi.id).reduce((a, r) => a + r.amount, 0);
      if (pi.status !== 'succeeded' || amount > pi.amount_received - refunded) throw invalid('Refund amount is greater than the unrefunded amount');
      const refund = { id: `re_${randomBytes(8).toString('hex')}`, object: 'refund', payment_intent: pi.id, amount, status: 'succeeded' };
      this.refunds.push(refund);
      return refund;
    }
    if (method === 'POST' && path === '/v1/transfers') {
      const amount = this.amount(params.amount, 'amount');
      if (!/^acct_\w+$/.test(params.destination ?? '')) throw invalid('No such destination');
      const transfer = {
        id: `tr_${randomBytes(8).toString('hex')}`,
        object: 'transfer',
        amount,
        currency: params.currency!,
        destination: params.destination!,
        source_transaction: params.source_transaction,
      };
      this.transfers.push(transfer);
      return transfer;
    }
    if (method === 'POST' && path === '/v1/accounts') {
      if (params.type !== 'express' || params['capabilities[transfers][requested]'] !== 'true')
        throw invalid('Expected an Express account requesting transfers');
      if (!/^[^@\s]+@[^@\s]+$/.test(params.email ?? '')) throw invalid('Invalid email address');
      const account: Account = {
        id: `acct_${randomBytes(8).toString('hex')}`,
        object: 'account',
        type: 'express',
        email: params.email!,
        details_submitted: false,
        payouts_enabled: false,
        charges_enabled: false,
      };
      this.accounts.set(account.id, account);
      return account;
    }
    m = /^\/v1\/accounts\/(acct_\w+)$/.exec(path);
    if (method === 'GET' && m) {
      const account = this.accounts.get(m[1]!);
      if (!account) throw new ApiError(404, { type: 'invalid_request_error', code: 'resource_missing', message: `No such account: '${m[1]}'` });
      return account;
    }
    if (method === 'POST' && path === '/v1/account_links') {
      if (!this.accounts.has(params.account ?? '')) throw invalid(`No such account: '${params.account}'`);
      if (params.type !== 'account_onboarding' || !/^https?:\/\//.test(params.refresh_url ?? '') || !/^https?:\/\//.test(params.return_url ?? ''))
        throw invalid('Invalid account link');
      return {
        object: 'account_link',
        url: `${this.url}/setup/e/${params.account}/${randomBytes(6).toString('hex')}`,
        created: Math.floor(Date.now() / 1000),
        expires_at: Math.floor(Date.now() / 1000) + 300,
      };
    }
    return this.billingRoute(method, path, params);
  }

  private subscription(id: string): Subscription {
    const sub = this.subscriptions.get(id);
    if (!sub) throw new ApiError(404, { type: 'invalid_request_error', code: 'resource_missing', message: `No such subscription: '${id}'` });
    return sub;
  }

  private subscriptionView(sub: Subscription, params: Record<string, string>) {
    const expandInvoice = Object.entries(params).some(([k, v]) => k.startsWith('expand[') && (v === 'latest_invoice' || v === 'latest_invoice.payments'));
    return { ...sub, latest_invoice: expandInvoice ? this.invoiceView(this.invoices.get(sub.latest_invoice)!, params) : sub.latest_invoice };
  }

  private billingRoute(method: string, path: string, params: Record<string, string>): unknown {
    if (method === 'POST' && path === '/v1/customers') {
      if (!/^[^@\s]+@[^@\s]+$/.test(params.email ?? '')) throw invalid('Invalid email address');
      const customer = { id: newId('cus'), email: params.email!, name: params.name ?? '', paymentMethods: [] as string[] };
      this.customers.set(customer.id, customer);
      return { id: customer.id, object: 'customer', email: customer.email, name: customer.name, metadata: { userId: params['metadata[userId]'] } };
    }
    let m = /^\/v1\/payment_methods\/(pm_\w+)$/.exec(path);
    if (method === 'GET' && m) {
      const card = cards[m[1]!];
      if (!card) throw new ApiError(404, { type: 'invalid_request_error', code: 'resource_missing', message: `No such PaymentMethod: '${m[1]}'` });
      const customer = [...this.customers.values()].find((c) => c.paymentMethods.includes(m![1]!));
      return { id: m[1], object: 'payment_method', type: 'card', customer: customer?.id ?? null, card };
    }
    m = /^\/v1\/payment_methods\/(\w+)\/attach$/.exec(path);
    if (method === 'POST' && m) {
      const card = cards[m[1]!];
      const customer = this.customers.get(params.customer ?? '');
      if (!card) throw invalid(`No such PaymentMethod: '${m[1]}'`, { code: 'resource_missing' });
      if (!customer) throw invalid(`No such customer: '${params.customer}'`, { code: 'resource_missing' });
      // Attaching checks the card with the bank: a card that is declined outright cannot be saved.
      if (m[1] === 'pm_card_chargeDeclined' || m[1] === 'pm_card_chargeDeclinedInsufficientFunds') {
        const decline = m[1] === 'pm_card_chargeDeclined' ? 'generic_decline' : 'insufficient_funds';
        throw new ApiError(402, { type: 'card_error', code: 'card_declined', decline_code: decline, message: 'Your card was declined.' });
      }
      customer.paymentMethods.push(m[1]!);
      return { id: m[1], object: 'payment_method', type: 'card', customer: customer.id, card };
    }
    if (method === 'POST' && path === '/v1/products') {
      if (!params.name) throw invalid('Missing required param: name.');
      const product = { id: newId('prod'), name: params.name };
      this.products.set(product.id, product);
      return { ...product, object: 'product', metadata: { planId: params['metadata[planId]'] } };
    }
    if (method === 'POST' && path === '/v1/prices') {
      if (!this.products.has(params.product ?? '')) throw invalid(`No such product: '${params.product}'`);
      if (params.currency !== 'usd') throw invalid('Invalid currency');
      if (params['recurring[interval]'] !== 'month') throw invalid('Expected a monthly recurring price');
      const price: Price = {
        id: newId('price'),
        object: 'price',
        product: params.product!,
        unit_amount: this.amount(params.unit_amount, 'unit_amount'),
        currency: params.currency,
        recurring: { interval: 'month' },
        metadata: { planId: params['metadata[planId]'] ?? '' },
      };
      this.prices.set(price.id, price);
      return price;
    }
    if (method === 'POST' && path === '/v1/subscriptions') {
      const customer = this.customers.get(params.customer ?? '');
      if (!customer) throw invalid(`No such customer: '${params.customer}'`, { code: 'resource_missing' });
      const price = this.prices.get(params['items[0][price]'] ?? '');
      if (!price || params['items[1][price]']) throw invalid('Expected one item with a known price');
      const pm = params.default_payment_method ?? '';
      if (!customer.paymentMethods.includes(pm)) throw invalid(`The PaymentMethod ${pm} is not attached to ${customer.id}`);
      if (params.payment_behavior !== 'default_incomplete') throw invalid('Expected payment_behavior default_incomplete');
      const now = Math.floor(Date.now() / 1000);
      const trialEnd = params.trial_end ? Number(params.trial_end) : null;
      if (trialEnd !== null && !(trialEnd > now + 60)) throw invalid('Invalid timestamp: must be at least 1 minute in the future');
      const sub: Subscription = {
        id: newId('sub'),
        object: 'subscription',
        customer: customer.id,
        status: trialEnd ? 'trialing' : 'incomplete',
        default_payment_method: pm,
        cancel_at_period_end: false,
        canceled_at: null,
        ended_at: null,
        trial_end: trialEnd,
        start_date: now,
        currency: price.currency,
        metadata: Object.fromEntries(Object.entries(params).flatMap(([k, v]) => (/^metadata\[(\w+)\]$/.exec(k) ? [[k.slice(9, -1), v]] : []))),
        latest_invoice: '',
        items: {
          object: 'list',
          data: [
            {
              id: newId('si'),
              object: 'subscription_item',
              price,
              quantity: 1,
              current_period_start: now,
              current_period_end: trialEnd ?? nextMonth(now, now),
            },
          ],
        },
      };
      const item = sub.items.data[0]!;
      const inv = this.newInvoice(sub, 'subscription_create', trialEnd ? 0 : price.unit_amount, now, item.current_period_end);
      if (trialEnd) {
        // A trial's card must have been set up first: Stripe would charge it without its holder at the trial's end.
        if (!this.chargeable(pm, customer.id) && pm !== 'pm_card_chargeCustomerFail') this.problems.push(`trial subscribed with ${pm} never set up`);
        inv.status = 'paid';
        inv.period_end = now;
      } else {
        // default_incomplete: the first invoice waits, open, for its PaymentIntent to be confirmed.
        this.attemptIntent(pm, inv, 'requires_confirmation');
      }
      this.subscriptions.set(sub.id, sub);
      return this.subscriptionView(sub, params);
    }
    m = /^\/v1\/subscriptions\/(sub_\w+)$/.exec(path);
    if (m && method === 'GET') return this.subscriptionView(this.subscription(m[1]!), params);
    if (m && method === 'POST') {
      const sub = this.subscription(m[1]!);
      if (sub.status === 'canceled') throw invalid('A canceled subscription can only update its cancellation_details and metadata.');
      if (params.cancel_at_period_end !== undefined) sub.cancel_at_period_end = params.cancel_at_period_end === 'true';
      if (params['items[0][price]'] !== undefined) this.changeItem(sub, params);
      return this.subscriptionView(sub, params);
    }
    if (m && method === 'DELETE') {
      const sub = this.subscription(m[1]!);
      if (sub.status === 'canceled') throw invalid('This subscription has already been canceled.');
      this.end(sub, Math.floor(Date.now() / 1000));
      return this.subscriptionView(sub, params);
    }
    m = /^\/v1\/invoices\/(in_\w+)$/.exec(path);
    if (m && method === 'GET') return this.invoiceView(this.invoice(m[1]!), params);
    if (m && method === 'DELETE') {
      const inv = this.invoice(m[1]!);
      if (inv.status !== 'draft') throw invalid(`You can only delete draft invoices. This invoice is ${inv.status}.`);
      this.invoices.delete(inv.id);
      this.deletedInvoices.push(inv.id);
      return { id: inv.id, object: 'invoice', deleted: true };
    }
    if (method === 'POST' && path === '/v1/invoices') return this.invoiceView(this.draftInvoice(params), params);
    if (method === 'POST' && path === '/v1/invoiceitems') return this.invoiceItem(params);
    m = /^\/v1\/invoices\/(in_\w+)\/pay$/.exec(path);
    if (m && method === 'POST') return this.invoiceView(this.pay(this.invoice(m[1]!), params), params);
    m = /^\/v1\/invoices\/(in_\w+)\/void$/.exec(path);
    if (m && method === 'POST') {
      const inv = this.invoice(m[1]!);
      // A finalized invoice not paid yet: open, or uncollectible (which the customer can still pay).
      if (inv.status !== 'open' && inv.status !== 'uncollectible')
        throw invalid(`You can only void open or uncollectible invoices. This invoice is ${inv.status}.`);
      inv.status = 'void';
      inv.next_payment_attempt = null;
      for (const id of inv.payment_intents) {
        const pi = this.intents.get(id)!;
        if (pi.status !== 'succeeded') pi.status = 'canceled';
      }
      return this.invoiceView(inv, params);
    }
    throw new ApiError(404, { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path})` });
  }

  private invoice(id: string): Invoice {
    const inv = this.invoices.get(id);
    if (!inv) throw new ApiError(404, { type: 'invalid_request_error', code: 'resource_missing', message: `No such invoice: '${id}'` });
    return inv;
  }

  /** The subscription's item moves to another Price of the same currency and interval; its billing dates stay. */
  private changeItem(sub: Subscription, params: Record<string, string>) {
    const item = sub.items.data[0]!;
    if (params['items[0][id]'] !== item.id || params['items[1][price]']) throw invalid('Expected the subscription’s one item by its id');
    const price = this.prices.get(params['items[0][price]']!);
    if (!price) throw invalid(`No such price: '${params['items[0][price]']}'`, { code: 'resource_missing' });
    if (price.currency !== sub.currency) throw invalid('The price’s currency does not match the subscription’s');
    // Stripe's default (create_prorations) would leave pending invoice items for the next invoice, which this fake does not keep.
    if (params.proration_behavior !== 'none')
      this.problems.push(`POST /v1/subscriptions/${sub.id} with prorations (${params.proration_behavior ?? 'create_prorations'})`);
    item.price = price;
  }

  /** POST /v1/invoices: a one-off draft invoice of a customer (and of one of its subscriptions). */
  private draftInvoice(params: Record<string, string>): Invoice {
    const customer = this.customers.get(params.customer ?? '');
    if (!customer) throw invalid(`No such customer: '${params.customer}'`, { code: 'resource_missing' });
    const sub = params.subscription ? this.subscription(params.subscription) : null;
    if (sub && sub.customer !== customer.id) throw invalid('The subscription does not belong to this customer');
    if (params.collection_method && params.collection_method !== 'charge_automatically') throw invalid('Expected collection_method charge_automatically');
    const now = Math.floor(Date.now() / 1000);
    const inv: Invoice = {
      id: newId('in'),
      object: 'invoice',
      customer: customer.id,
      status: 'draft',
      billing_reason: 'manual',
      description: params.description ?? null,
      amount_due: 0,
      amount_paid: 0,
      amount_remaining: 0,
      currency: sub?.currency ?? params.currency ?? 'usd',
      attempt_count: 0,
      attempted: false,
      next_payment_attempt: null,
      period_start: now,
      period_end: now,
      parent: sub ? { type: 'subscription_details', subscription_details: { subscription: sub.id, metadata: sub.metadata } } : null,
      lines: { object: 'list', data: [] },
      payment_intents: [],
    };
    this.invoices.set(inv.id, inv);
    return inv;
  }

  /** POST /v1/invoiceitems onto a draft invoice of the same customer. */
  private invoiceItem(params: Record<string, string>) {
    const inv = this.invoice(params.invoice ?? '');
    if (params.customer !== inv.customer) throw invalid('The invoice belongs to another customer');
    if (inv.status !== 'draft') throw invalid('You can only add invoice items to draft invoices.');
    const amount = this.amount(params.amount, 'amount');
    if (params.currency !== inv.currency) throw invalid('The invoice item’s currency must match the invoice’s');
    const period = { start: Number(params['period[start]']), end: Number(params['period[end]']) };
    if (!Number.isInteger(period.start) || !Number.isInteger(period.end) || period.end < period.start) throw invalid('Invalid period');
    const item = {
      id: newId('ii'),
      object: 'invoiceitem',
      amount,
      currency: inv.currency,
      customer: inv.customer,
      invoice: inv.id,
      description: params.description ?? null,
      period,
    };
    inv.lines.data.push({
      id: newId('il'),
      object: 'line_item',
      amount,
      currency: inv.currency,
      description: item.description,
      period,
      parent: { type: 'invoice_item_details', invoice_item_details: { invoice_item: item.id, proration: false } },
    });
    inv.amount_due += amount;
    inv.amount_remaining += amount;
    return item;
  }

  /** POST /v1/invoices/{id}/pay: a draft is finalized, then charged to `payment_method` (a card of its customer). */
  private pay(inv: Invoice, params: Record<string, string>): Invoice {
    if (inv.status === 'paid') throw invalid('Invoice is already paid');
    if (inv.status !== 'draft' && inv.status !== 'open') throw invalid(`This invoice can no longer be paid: it is ${inv.status}.`);
    const sub = inv.parent ? this.subscriptions.get(inv.parent.subscription_details.subscription) : undefined;
    const pm = params.payment_method ?? sub?.default_payment_method ?? '';
    if (!this.customers.get(inv.customer)!.paymentMethods.includes(pm)) throw invalid(`The PaymentMethod ${pm} is not attached to ${inv.customer}`);
    inv.status = 'open';
    if (inv.amount_due === 0) {
      inv.status = 'paid';
      return inv;
    }
    if (!this.collect(pm, inv)) {
      // Off-session, a card that asks for authentication is declined as such; any other refusal is a decline.
      const decline = pm === 'pm_card_threeDSecure2Required' ? 'authentication_required' : 'generic_decline';
      throw new ApiError(402, { type: 'card_error', code: 'card_declined', decline_code: decline, message: 'Your card was declined.' });
    }
    return inv;
  }

  private handle(req: http.IncomingMessage, res: http.ServerResponse) {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', this.url);
      const params = Object.fromEntries(new URLSearchParams(req.method === 'GET' || req.method === 'DELETE' ? url.search : raw));
      const idempotencyKey = req.headers['idempotency-key'] as string | undefined;
      const method = req.method ?? 'GET';
      this.requests.push({ method, path: url.pathname, params, idempotencyKey });
      const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
        res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${randomBytes(6).toString('hex')}`, ...headers });
        res.end(JSON.stringify(body));
      };
      if (req.headers.authorization !== `Bearer ${this.secretKey}`)
        return send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
      // The SDK invents a key (stripe-node-retry-…) when the caller gave none: ours must always come from our ids.
      if ((method === 'POST' || method === 'DELETE') && (!idempotencyKey || idempotencyKey.startsWith('stripe-node-retry-')))
        this.problems.push(`${method} ${url.pathname} without our idempotency key`);
      if (idempotencyKey && idempotencyKey.length > 255)
        return send(400, { error: { type: 'invalid_request_error', message: 'Idempotency-Key is too long (255 characters at most).' } });
      const outage = this.outages.find((o) => o.times > 0 && o.method === method && o.path.test(url.pathname));
      if (outage) {
        outage.times--;
        return send(503, { error: { type: 'api_error', message: 'Stripe is unavailable' } }, { 'stripe-should-retry': 'false' });
      }
      const cacheKey = idempotencyKey && method === 'POST' ? `${url.pathname}|${idempotencyKey}` : null;
      const seen = cacheKey ? this.idempotent.get(cacheKey) : undefined;
      if (seen) {
        if (seen.params !== JSON.stringify(params))
          return send(400, {
            error: { type: 'idempotency_error', message: 'Keys for idempotent requests can only be used with the same parameters they were first used with.' },
          });
        return send(seen.status, seen.body);
      }
      let status = 200;
      let body: unknown;
      try {
        body = this.route(method, url.pathname, params);
      } catch (err) {
        if (!(err instanceof ApiError)) throw err;
        status = err.status;
        body = { error: err.body };
      }
      if (cacheKey) this.idempotent.set(cacheKey, { params: JSON.stringify(params), status, body });
      const lost = this.lostAnswers.find((o) => o.times > 0 && o.method === method && o.path.test(url.pathname));
      if (lost) {
        lost.times--;
        return send(503, { error: { type: 'api_error', message: 'Stripe is unavailable' } }, { 'stripe-should-retry': 'false' });
      }
      send(status, body);
    });
  }
}
