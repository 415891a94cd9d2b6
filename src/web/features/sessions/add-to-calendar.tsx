import { CalendarPlus } from 'lucide-react';
import { googleCalendarUrl, offersAddToCalendar, sessionCalendarPath, sessionEventText } from '@shared/calendar-event';
import type { SessionView } from '@shared/schemas/sessions';

const linkClass = 'font-medium text-brand-700 hover:underline';

/**
 * "Add to calendar" on the session page (docs/product.md "Sessions"), for a booked session that has not ended: its .ics
 * file (Apple Calendar, Outlook, any calendar program; the invites' event, so it updates rather than duplicates) and
 * Google Calendar's event template, with the event's words the calendar feed uses.
 */
export function AddToCalendar({ session }: { session: SessionView }) {
  if (!offersAddToCalendar(session)) return null;
  const text = sessionEventText({
    otherName: session.viewerRole === 'client' ? session.expertName : session.clientName,
    topic: session.topic,
    meetingUrl: session.meetingUrl,
    // The session page is rendered in the browser only (it needs the signed-in party), so its address is this page's.
    sessionUrl: `${window.location.origin}/session/${session.id}`,
  });
  const google = googleCalendarUrl({ ...text, location: session.meetingUrl, start: new Date(session.startsAt), end: new Date(session.endsAt) });
  return (
    <div className="mt-6 flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
      <span className="flex items-center gap-1.5 font-medium text-slate-700">
        <CalendarPlus className="h-4 w-4 text-brand-600" aria-hidden />
        Add to calendar:
      </span>
      <a href={google} target="_blank" rel="noopener noreferrer" className={linkClass}>
        Google Calendar<span className="sr-only"> (opens in a new tab)</span>
      </a>
      <a href={sessionCalendarPath(session.id)} download className={linkClass}>
        Apple, Outlook or other (.ics)
      </a>
    </div>
  );
}
