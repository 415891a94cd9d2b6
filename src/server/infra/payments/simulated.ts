/**
 * The default payment provider: test cards, no real money (docs/product.md "Payments"). 4242 4242 4242 4242 succeeds,
 * 4000 0000 0000 0002 is declined, 4000 0000 0000 9995 has insufficient funds; any other valid card
 * succeeds. Only the brand and last four digits leave this module.
 */
import { randomUUID } from 'node:crypto';
import { cardBrand, cardError, declineMessage } from '../../../shared/cards.js';
import { messages } from '../../../shared/messages.js';
import type { HoldResult, PaymentProvider } from './provider.js';

export const testCards = { success: '4242424242424242', declined: '4000000000000002', insufficientFunds: '4000000000009995' } as const;

export function simulatedProvider(): PaymentProvider {
  return {
    name: 'simulated',
    async hold({ card }): Promise<HoldResult> {
      if (!card) return { ok: false, reason: 'invalid_card', message: messages.payment.cardRequired };
      const problem = cardError(card);
      if (problem) return { ok: false, reason: 'invalid_card', message: problem };
      const number = card.number.replace(/\s+/g, '');
      if (number === testCards.declined) return { ok: false, reason: 'declined', message: declineMessage('generic_decline') };
      if (number === testCards.insufficientFunds) return { ok: false, reason: 'insufficient_funds', message: declineMessage('insufficient_funds') };
      return { ok: true, providerRef: `sim_${randomUUID()}`, cardBrand: cardBrand(number), cardLast4: number.slice(-4) };
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
