/**
 * The one owner of the viewer's time zone in the browser (docs/product.md "Time zones on the website"): the zone of the
 * signed-in account when it has one (the zone its e-mails, reminders and invites are written in), else the browser's.
 * The auth provider hands the account's zone over as soon as the account is read; every time the web app shows, and
 * every date its calendars call today, is in this zone. Times render only once the page has hydrated (use-hydrated.ts),
 * so the server, which never learns a zone, writes none.
 */
import { tz } from '@date-fns/tz';
import { parseISO } from 'date-fns';
import { dateInZone, isValidTimeZone } from '@shared/slots';

let accountZone: string | null = null;

/**
 * Called by the auth provider with the signed-in account's zone (null when signed out or none is set). Ignored on the
 * server, where one process renders for every visitor.
 */
export function setAccountTimeZone(zone: string | null | undefined): void {
  if (typeof window === 'undefined') return;
  accountZone = zone && isValidTimeZone(zone) ? zone : null;
}

/** The viewer's IANA zone, e.g. 'Europe/London': the account's when set, else the browser's. */
export function viewerTimeZone(): string {
  return accountZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** date-fns's context option for the viewer's zone: `format(d, 'h:mm a', inViewerZone())`. */
export const inViewerZone = () => ({ in: tz(viewerTimeZone()) });

/** Today's date in the viewer's zone, as a local Date at midnight (what the calendars count days with). */
export const viewerToday = (): Date => parseISO(dateInZone(new Date(), viewerTimeZone()));

/** The date (YYYY-MM-DD) of UTC instant `at` in the viewer's zone. */
export const viewerDate = (at: string | Date): string => dateInZone(new Date(at), viewerTimeZone());
