/** Display formatting: US English, 12-hour clock, the viewer's time zone (house rule; ./viewer-zone.ts), dollars from cents. */
import { format } from 'date-fns';
import { inViewerZone, viewerTimeZone } from './viewer-zone';

/** 'November 22, 2026' in the viewer's zone. */
export function formatLongDate(iso: string | Date): string {
  return format(new Date(iso), 'MMMM d, yyyy', inViewerZone());
}

/** 'Sun, Nov 22, 2026 at 3:30 PM' in the viewer's zone. */
export function formatDateTime(iso: string | Date): string {
  return format(new Date(iso), "EEE, MMM d, yyyy 'at' h:mm a", inViewerZone());
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

/**
 * Calendar date of a calendar's local Date as YYYY-MM-DD. The calendars count days with local Dates whose year, month
 * and day are the viewer's (viewer-zone.ts `viewerToday`), so this is the viewer's date.
 */
export const toIsoDate = (d: Date) => format(d, 'yyyy-MM-dd');

/** The viewer's time zone as a short name, e.g. 'GMT+1' or 'PST', for labelling times shown in it. */
export function localZoneName(at: string | Date = new Date()): string {
  return (
    new Intl.DateTimeFormat('en-US', { timeZone: viewerTimeZone(), timeZoneName: 'short' }).formatToParts(new Date(at)).find((p) => p.type === 'timeZoneName')
      ?.value ?? ''
  );
}
