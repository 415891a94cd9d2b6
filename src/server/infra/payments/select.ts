/** Picks the payment provider from configuration: Stripe when STRIPE_SECRET_KEY is set, else `simulated` (the default). */
import type { Config } from '../../config.js';
import type { PaymentProvider } from './provider.js';
import { simulatedProvider } from './simulated.js';
import { stripeProvider } from './stripe.js';

export function paymentProvider(config: Config): PaymentProvider {
  return config.stripe ? stripeProvider(config.stripe) : simulatedProvider();
}
