/** What the team console's routes need (src/server/modules/routes.ts): the database, the payment processor, and the e-mails' links and sender. */
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import type { PaymentProvider } from '../../infra/payments/provider.js';

export type AdminDeps = { db: Db; provider: PaymentProvider; baseUrl: string; mailFrom: string };

/** Optional on the console's money-moving actions (docs/security.md "Idempotency-Key replayed with another body"); 8–200 characters when sent. */
export const idempotencyHeader = z.object({ 'idempotency-key': z.string().trim().min(8).max(200).optional() });
