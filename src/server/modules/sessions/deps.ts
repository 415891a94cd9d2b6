/** What the session use cases need from the server (src/server/app.ts, src/server/main.ts). */
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { FailureReport } from '../../infra/failure-report.js';
import type { PaymentProvider } from '../../infra/payments/provider.js';

/**
 * `db` the database; `provider` the payment processor; `baseUrl` the site's origin for links in e-mails;
 * `mailFrom` MAIL_FROM (the calendar invites' organizer); `meetingUrlTemplate` MEETING_URL_TEMPLATE with `{room}`;
 * `platformFeeBasisPoints` the commission new bookings freeze (PLATFORM_FEE_PERCENT × 100); `report` where a failure
 * handled without an error is told (infra/failure-report.ts; without it such a failure is still queued, never dropped, but not logged). Kept slot answers need no telling: the database's
 * change notifications drop them (src/server/cache/).
 */
export type SessionDeps = {
  db: Db;
  provider: PaymentProvider;
  baseUrl: string;
  mailFrom: string;
  meetingUrlTemplate: string;
  platformFeeBasisPoints: number;
  report?: FailureReport;
};

/** The session use cases' needs on `db` with `provider`, the links, sender and meeting rooms as `config` sets them. */
export function sessionDeps(
  config: Pick<Config, 'baseUrl' | 'mailFrom' | 'meetingUrlTemplate' | 'platformFeeBasisPoints'>,
  db: Db,
  provider: PaymentProvider,
): SessionDeps {
  const { baseUrl, mailFrom, meetingUrlTemplate, platformFeeBasisPoints } = config;
  return { db, provider, baseUrl, mailFrom, meetingUrlTemplate, platformFeeBasisPoints };
}
