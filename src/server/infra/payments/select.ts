/** Picks the payment provider from configuration: `simulated` (default) until the Stripe provider lands. */
import type { Config } from '../../config.js';
import type { PaymentProvider } from './provider.js';
import { simulatedProvider } from './simulated.js';

export function paymentProvider(_config: Config): PaymentProvider {
  return simulatedProvider();
}
