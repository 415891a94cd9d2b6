/**
 * A local stand-in for the Stripe API (no internet in tests; no stripe-mock package exists on npm). The real
 * `stripe` SDK is pointed at it (STRIPE_API_URL). It checks every request — secret key, idempotency key,
 * amount, currency, capture_method — answers like the API for the calls Mentora makes (PaymentIntents create /
 * retrieve / capture / cancel, Refunds, Transfers, Connect Express accounts and their onboarding links), replays an idempotent request's first answer, and keeps a
 * log for assertions. Test PaymentMethods behave like Stripe's test cards:
 *   pm_card_visa → authorised; pm_card_threeDSecure2Required → requires_action (3-D Secure);
 *   pm_card_chargeDeclined → card_declined; pm_card_chargeDeclinedInsufficientFunds → insufficient_funds.
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
  status: 'requires_payment_method' | 'requires_action' | 'requires_capture' | 'succeeded' | 'canceled';
  capture_method: 'manual' | 'automatic';
  client_secret: string;
  latest_charge: string | null;
  payment_method: string;
  description: string | null;
};

const cards: Record<string, { brand: string; last4: string }> = {
  pm_card_visa: { brand: 'visa', last4: '4242' },
  pm_card_threeDSecure2Required: { brand: 'visa', last4: '3155' },
  pm_card_chargeDeclined: { brand: 'visa', last4: '0002' },
  pm_card_chargeDeclinedInsufficientFunds: { brand: 'visa', last4: '9995' },
};

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
  private readonly idempotent = new Map<string, { params: string; status: number; body: unknown }>();
  private readonly outages: { method: string; path: RegExp; times: number }[] = [];
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

  /** The customer finishes (ok) or fails 3-D Secure in the browser. */
  completeAction(id: string, ok: boolean): Intent {
    const pi = this.intents.get(id)!;
    if (pi.status !== 'requires_action') throw new Error(`${id} is ${pi.status}`);
    if (!ok) pi.status = 'requires_payment_method';
    else this.authorise(pi);
    return pi;
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

  private route(method: string, path: string, params: Record<string, string>): unknown {
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
      pi.status = 'canceled';
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
    throw new ApiError(404, { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path})` });
  }

  private handle(req: http.IncomingMessage, res: http.ServerResponse) {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', this.url);
      const params = Object.fromEntries(new URLSearchParams(req.method === 'GET' ? url.search : raw));
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
      if (method === 'POST' && (!idempotencyKey || idempotencyKey.startsWith('stripe-node-retry-')))
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
      send(status, body);
    });
  }
}
