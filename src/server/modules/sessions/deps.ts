/** What the session use cases need from the server (src/server/app.ts, src/server/main.ts). */
import type { Db } from '../../db/client.js';
import type { PaymentProvider } from '../../infra/payments/provider.js';

/**
 * `db` the database; `provider` the payment processor; `baseUrl` the site's origin for links in e-mails;
 * `meetingUrlTemplate` MEETING_URL_TEMPLATE with `{room}`. `busyChanged(expertId)` (optional) is told, after the
 * change has committed, when an expert's busy times change here (a booking or reservation, a cancellation, an
 * expired reservation), so cached slot answers of that expert are dropped (src/server/modules/experts/slot-cache.ts).
 */
export type SessionDeps = { db: Db; provider: PaymentProvider; baseUrl: string; meetingUrlTemplate: string; busyChanged?: (expertId: string) => void };
