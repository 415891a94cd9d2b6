/** Display formatting: US English, 12-hour clock, the viewer's time zone (house rule), dollars from cents. */
import { format } from 'date-fns';

/** 'November 22, 2026' */
export function formatLongDate(iso: string | Date): string {
  return format(new Date(iso), 'MMMM d, yyyy');
}

/** 'Sun, Nov 22, 2026 at 3:30 PM' in the browser's zone. */
export function formatDateTime(iso: string | Date): string {
  return format(new Date(iso), "EEE, MMM d, yyyy 'at' h:mm a");
}

/** '15 minutes', '1 hour', '1 hour 30 minutes', '2 hours'. */
export function formatDuration(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  const parts = [h ? `${h} hour${h === 1 ? '' : 's'}` : '', m ? `${m} minute${m === 1 ? '' : 's'}` : ''].filter(Boolean);
  return parts.join(' ') || '0 minutes';
}

/** 'Europe/London (GMT+1)': the zone and its current short name or offset, US English. */
export function zoneLabel(tz: string, at = new Date()): string {
  const short = new Intl.DateTimeFormat('en-US', { timeZone: tz, timeZoneName: 'short' }).formatToParts(at).find((p) => p.type === 'timeZoneName')?.value;
  return short && short !== tz ? `${tz.replace(/_/g, ' ')} (${short})` : tz.replace(/_/g, ' ');
}

/** Calendar date of a local Date as YYYY-MM-DD (the calendar works in the browser's zone, which is the viewer's). */
export const toIsoDate = (d: Date) => format(d, 'yyyy-MM-dd');

/** The viewer's IANA zone, e.g. 'Europe/London'. */
export const viewerTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** The viewer's time zone as a short name, e.g. 'GMT+1' or 'PST', for labelling local times. */
export function localZoneName(at: string | Date = new Date()): string {
  return new Intl.DateTimeFormat('en-US', { timeZoneName: 'short' }).formatToParts(new Date(at)).find((p) => p.type === 'timeZoneName')?.value ?? '';
}
