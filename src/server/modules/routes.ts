/**
 * Every module's endpoints (src/server/modules/*), with what each needs: the database, payments, storage and the
 * configuration. The Stripe webhook only when its secret is set; the development mailbox never in production.
 */
import type { FastifyInstance } from 'fastify';
import path from 'node:path';
import type { Config } from '../config.js';
import type { ChangeFeed } from '../db/change-feed.js';
import type { Database } from '../db/client.js';
import { mailboxRoutes } from '../dev/mailbox.js';
import { stripePayoutAccounts } from '../infra/payments/payout-accounts.js';
import type { PaymentProvider } from '../infra/payments/provider.js';
import { stripeWebhookVerifier } from '../infra/payments/stripe.js';
import { storageDriver } from '../infra/storage/select.js';
import { accountRoutes } from './me/account-routes.js';
import { adminRoutes } from './admin/routes.js';
import { applicationRoutes } from './applications/routes.js';
import { calendarFeedRoutes } from './calendar-feed/routes.js';
import { enquiryRoutes } from './enquiries/routes.js';
import { publishingRoutes } from './experts/publishing-routes.js';
import { expertRoutes } from './experts/routes.js';
import { feedbackRoutes } from './feedback/routes.js';
import { fileRoutes } from './files/routes.js';
import { meRoutes } from './me/routes.js';
import { messageRoutes } from './messages/routes.js';
import { messageReportRoutes } from './messages/report-routes.js';
import { messageStreamRoutes } from './messages/stream-routes.js';
import { unsubscribeRoutes } from './messages/unsubscribe-routes.js';
import { packageAdminRoutes } from './packages/admin-routes.js';
import { packageRoutes } from './packages/routes.js';
import { planAdminRoutes } from './plans/admin-routes.js';
import { planRoutes } from './plans/routes.js';
import { receiptRoutes } from './payments/receipt-routes.js';
import { partnerAdminRoutes } from './partners/admin-routes.js';
import { partnerRoutes } from './partners/routes.js';
import { programmeRoutes } from './partners/programme-routes.js';
import { payoutRoutes } from './payouts/routes.js';
import { stripeWebhookRoutes } from './payments/stripe-webhook-routes.js';
import { noShowRoutes } from './sessions/no-show-routes.js';
import { proposalRoutes } from './sessions/proposal-routes.js';
import { rescheduleRoutes } from './sessions/reschedule-routes.js';
import { sessionRoutes } from './sessions/routes.js';
import { busyIntervalsSql } from './sessions/busy-intervals.js';
import { sessionDeps } from './sessions/deps.js';
import { sitemapRoutes } from './sitemap/routes.js';
import { workshopRoutes } from './workshops/routes.js';

export async function moduleRoutes(
  app: FastifyInstance,
  { config, database, provider, changeFeed }: { config: Config; database: Database; provider: PaymentProvider; changeFeed: ChangeFeed },
) {
  const db = database.db;
  await app.register(meRoutes, { db });
  await app.register(enquiryRoutes, { db, baseUrl: config.baseUrl });
  const deps = sessionDeps(config, db, provider);
  await app.register(expertRoutes, { db, busyIntervals: busyIntervalsSql });
  await app.register(publishingRoutes, { db, provider, baseUrl: config.baseUrl });
  await app.register(sessionRoutes, { ...deps, testHooks: config.testHooks });
  await app.register(noShowRoutes, { ...deps, testHooks: config.testHooks });
  await app.register(proposalRoutes, deps);
  await app.register(rescheduleRoutes, deps);
  await app.register(workshopRoutes, deps);
  await app.register(packageRoutes, deps);
  await app.register(planRoutes, { ...deps, testHooks: config.testHooks });
  if (config.stripe?.webhookSecret)
    await app.register(stripeWebhookRoutes, { deps, verify: stripeWebhookVerifier(config.stripe, config.stripe.webhookSecret) });
  await app.register(receiptRoutes, { db });
  await app.register(payoutRoutes, { db, accounts: config.stripe ? stripePayoutAccounts(config.stripe) : null, baseUrl: config.baseUrl });
  await app.register(feedbackRoutes, { db });
  await app.register(messageRoutes, { db });
  await app.register(unsubscribeRoutes, { db, secret: config.authSecret });
  await app.register(messageStreamRoutes, { db, changeFeed, testHooks: config.testHooks });
  await app.register(messageReportRoutes, { db });
  await app.register(calendarFeedRoutes, { db, baseUrl: config.baseUrl });
  await app.register(adminRoutes, { db, provider, baseUrl: config.baseUrl, mailFrom: config.mailFrom });
  await app.register(partnerAdminRoutes, { db, baseUrl: config.baseUrl });
  await app.register(packageAdminRoutes, { db, provider, baseUrl: config.baseUrl });
  await app.register(planAdminRoutes, { db, provider, baseUrl: config.baseUrl });
  await app.register(partnerRoutes, { db, provider, baseUrl: config.baseUrl });
  await app.register(programmeRoutes, { db, baseUrl: config.baseUrl });
  const storage = storageDriver(config);
  await app.register(fileRoutes, { db, storage });
  await app.register(accountRoutes, { db, storage });
  await app.register(applicationRoutes, { db, storage, baseUrl: config.baseUrl, adminEmails: config.adminEmails });
  await app.register(sitemapRoutes, { db, baseUrl: config.baseUrl });
  if (config.env !== 'production') await app.register(mailboxRoutes, { dir: path.join(config.dataDir, 'mail') });
}
