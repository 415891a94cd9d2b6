/**
 * The security headers' options for `config` (security-headers.ts; docs/security.md): a content security policy
 * allowing this origin only, plus Stripe's scripts, frames and API when Stripe payments are on (docs/product.md
 * "Payments"), and HSTS on an https BASE_URL.
 */
import type { HelmetOptions } from 'helmet';
import type { Config } from '../config.js';

export function securityPolicy(config: Config): HelmetOptions {
  const https = config.baseUrl.startsWith('https://');
  const stripe = config.stripe?.publishableKey
    ? {
        script: ['https://js.stripe.com', 'https://*.js.stripe.com'],
        frame: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
        connect: ['https://api.stripe.com'],
      }
    : null;
  return {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...(stripe?.script ?? [])],
        ...(stripe ? { frameSrc: ["'self'", ...stripe.frame] } : {}),
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'", 'blob:'],
        connectSrc: ["'self'", ...(stripe?.connect ?? [])],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: https ? [] : null,
      },
    },
    hsts: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
  };
}
