/**
 * What every e-mail about a time shares (docs/product.md "E-mail"): who receives it in which zone, where its links
 * point, and the time written in the recipient's zone, named. Used by the sessions' and the workshops' e-mails.
 */
import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';

/** Where links point (`baseUrl`, the site's origin) and who sends (`mailFrom`, MAIL_FROM: the invites' ORGANIZER). */
export type MailSite = { baseUrl: string; mailFrom: string };

/** One recipient: address and IANA zone their times are written in. */
export type Recipient = { email: string; zone: string };

/** How long before the start a reminder goes out (docs/product.md "Sessions", "Workshops"). */
export type ReminderLead = 'day' | 'hour';

/** 'Mon, Nov 23, 2026 at 9:00 AM PST (America/Los_Angeles)': `instant` in `zone` (US English, 12-hour), the zone named. */
export function formatInZone(instant: Date, zone: string): string {
  return `${format(new TZDate(instant, zone), "EEE, MMM d, yyyy 'at' h:mm a zzz")} (${zone})`;
}
