/** What the session use cases need from the server (src/server/app.ts, src/server/main.ts). */
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { PaymentProvider } from '../../infra/payments/provider.js';

/**
 * `db` the database; `provider` the payment processor; `baseUrl` the site's origin for links in e-mails;
 * `mailFrom` MAIL_FROM (the calendar invites' organizer); `meetingUrlTemplate` MEETING_URL_TEMPLATE with `{room}`. Kept slot answers need no telling: the database's
 * change notifications drop them (src/server/cache/).
 */
export type SessionDeps = { db: Db; provider: PaymentProvider; baseUrl: string; mailFrom: string; meetingUrlTemplate: string };

/** The session use cases' needs on `db` with `provider`, the links, sender and meeting rooms as `config` sets them. */
export function sessionDeps(config: Pick<Config, 'baseUrl' | 'mailFrom' | 'meetingUrlTemplate'>, db: Db, provider: PaymentProvider): SessionDeps {
  return { db, provider, baseUrl: config.baseUrl, mailFrom: config.mailFrom, meetingUrlTemplate: config.meetingUrlTemplate };
}
