/** What the team console's routes need (src/server/modules/routes.ts): the database, the payment processor, and the e-mails' links and sender. */
import type { Db } from '../../db/client.js';
import type { PaymentProvider } from '../../infra/payments/provider.js';

export type AdminDeps = { db: Db; provider: PaymentProvider; baseUrl: string; mailFrom: string };
