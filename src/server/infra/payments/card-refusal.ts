/**
 * How a card the processor refused is answered (docs/product.md "Payments"): an invalid card is the client's input
 * (400 VALIDATION), any other refusal 402 PAYMENT_DECLINED, each with the processor's message in the product's words.
 */
import { AppError } from '../../errors.js';

export function cardRefusal(failure: { reason: string; message: string }): AppError {
  return new AppError(failure.reason === 'invalid_card' ? 'VALIDATION' : 'PAYMENT_DECLINED', failure.message);
}
