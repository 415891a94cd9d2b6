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
  /** Voids an authorisation that never became a booking (abandoned or failed 3-D Secure). Safe to repeat. */
  cancel(input: { providerRef: string; idempotencyKey: string }): Promise<void>;
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
  /** Refunds `amountCents` of a held payment to the client; the rest (if any) goes to the expert. */
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
}

export type SaveCardResult =
  | { ok: true; savedRef: string; cardBrand: string; cardLast4: string }
  | { ok: false; reason: 'declined' | 'insufficient_funds' | 'invalid_card'; message: string };
