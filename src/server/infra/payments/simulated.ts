/**
 * The default payment provider: test cards, no real money (docs/product.md "Payments"). 4242 4242 4242 4242 succeeds,
 * 4000 0000 0000 0002 is declined, 4000 0000 0000 9995 has insufficient funds; 4000 0000 0000 0341 is saved for
 * a plan but every later charge of it fails (as Stripe's card of that number); any other valid card succeeds. Only
 * the brand and last four digits leave this module (a saved card's reference carries its last four digits).
 */
import { randomUUID } from 'node:crypto';
import { cardBrand, cardError, declineMessage } from '../../../shared/cards.js';
import { messages } from '../../../shared/messages.js';
import type { HoldResult, PaymentProvider, SaveCardResult } from './provider.js';

export const testCards = {
  success: '4242424242424242',
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
  chargesFail: '4000000000000341',
} as const;

/** The decline of a card `number` at once, or null. */
function refusal(number: string): HoldResult | null {
  if (number === testCards.declined) return { ok: false, reason: 'declined', message: declineMessage('generic_decline') };
  if (number === testCards.insufficientFunds) return { ok: false, reason: 'insufficient_funds', message: declineMessage('insufficient_funds') };
  return null;
}

export function simulatedProvider(): PaymentProvider {
  return {
    name: 'simulated',
    async hold({ card }): Promise<HoldResult> {
      if (!card) return { ok: false, reason: 'invalid_card', message: messages.payment.cardRequired };
      const problem = cardError(card);
      if (problem) return { ok: false, reason: 'invalid_card', message: problem };
      const number = card.number.replace(/\s+/g, '');
      const refused =
        refusal(number) ?? (number === testCards.chargesFail ? { ok: false, reason: 'declined', message: declineMessage('generic_decline') } : null);
      if (refused) return refused;
      return { ok: true, providerRef: `sim_${randomUUID()}`, cardBrand: cardBrand(number), cardLast4: number.slice(-4) };
    },
    async saveCard({ card }): Promise<SaveCardResult> {
      if (!card) return { ok: false, reason: 'invalid_card', message: messages.payment.cardRequired };
      const problem = cardError(card);
      if (problem) return { ok: false, reason: 'invalid_card', message: problem };
      const number = card.number.replace(/\s+/g, '');
      const refused = refusal(number);
      if (refused && !refused.ok && refused.reason !== 'requires_action') return refused;
      return { ok: true, savedRef: `simcard_${number.slice(-4)}_${randomUUID()}`, cardBrand: cardBrand(number), cardLast4: number.slice(-4) };
    },
    async chargeSaved({ savedRef }): Promise<HoldResult> {
      const [, last4 = ''] = savedRef.split('_');
      if (last4 === testCards.chargesFail.slice(-4)) return { ok: false, reason: 'declined', message: declineMessage('generic_decline') };
      return { ok: true, providerRef: `sim_${randomUUID()}`, cardBrand: 'Card', cardLast4: last4 };
    },
    async check() {
      return { state: 'failed' };
    },
    async cancel() {},
    async secure() {},
    async release() {},
    async refund() {},
  };
}
