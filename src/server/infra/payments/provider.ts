/**
 * Payment provider interface (DESIGN.md "payments"): money is held at booking, released to the expert at
 * confirmation, refunded (fully or partly) on cancellation or a dispute decided for the client.
 * Amounts are integer cents. Every call carries an idempotency key so a retry never moves money twice.
 */
import type { CardInput } from '../../../shared/cards.js';

export type HoldResult =
  | { ok: true; providerRef: string; cardBrand: string; cardLast4: string }
  | { ok: false; reason: 'declined' | 'insufficient_funds' | 'invalid_card'; message: string };

export interface PaymentProvider {
  readonly name: 'simulated' | 'stripe';
  /** Authorises and holds `amountCents` on the card. Never throws for a declined card: answers ok:false. */
  hold(input: { amountCents: number; currency: string; card: CardInput; idempotencyKey: string; description: string }): Promise<HoldResult>;
  /** Releases a held payment to the expert (capture). */
  release(input: { providerRef: string; amountCents: number; idempotencyKey: string }): Promise<void>;
  /** Refunds `amountCents` of a held payment to the client; the rest (if any) goes to the expert. */
  refund(input: { providerRef: string; amountCents: number; idempotencyKey: string }): Promise<void>;
}
