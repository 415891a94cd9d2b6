/**
 * GET /api/config: public client configuration, which optional integrations are switched on.
 * `{ googleEnabled, devMailbox, stripePublishableKey }`: `devMailbox` is true only when this very request could
 * open /dev/mailbox (mail goes to files, not production, and it comes from this machine), so the sign-up page never
 * links a remote visitor to a mailbox that answers them 404; `stripePublishableKey` is set when Stripe payments are on
 * (docs/product.md "Payments"), null for the simulated card form; `socialLinks` are Mentora's own accounts for the
 * footer (SOCIAL_LINKS), empty when none are set.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { socialNetworks } from '../../shared/social-links.js';
import type { Config } from '../config.js';
import { fromThisMachine } from '../dev/mailbox.js';

export const clientConfigRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  app.get(
    '/api/config',
    {
      schema: {
        tags: ['meta'],
        response: {
          200: z.object({
            googleEnabled: z.boolean(),
            devMailbox: z.boolean(),
            stripePublishableKey: z.string().nullable(),
            socialLinks: z.array(z.object({ network: z.enum(Object.values(socialNetworks)), url: z.string() })),
          }),
        },
      },
    },
    async (request) => ({
      googleEnabled: Boolean(config.google),
      devMailbox: config.env !== 'production' && !config.smtpUrl && fromThisMachine(request),
      stripePublishableKey: (config.stripe && config.stripe.publishableKey) ?? null,
      socialLinks: config.socialLinks,
    }),
  );
};
