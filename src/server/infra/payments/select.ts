/**
 * Picks the payment provider from configuration: Stripe when STRIPE_SECRET_KEY is set — PaymentIntents for sessions,
 * seats and packages, Stripe Billing for plans — else `simulated` (the default).
 */
import type { Config } from '../../config.js';
import type { PaymentProvider } from './provider.js';
import { simulatedProvider } from './simulated.js';
import { stripeClient, stripeProvider } from './stripe.js';
import { stripeBilling } from './stripe-billing.js';

export function paymentProvider(config: Config): PaymentProvider {
  return config.stripe ? { ...stripeProvider(config.stripe), billing: stripeBilling(stripeClient(config.stripe)) } : simulatedProvider();
}
