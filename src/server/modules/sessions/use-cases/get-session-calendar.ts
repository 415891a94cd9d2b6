/**
 * GET /api/sessions/{id}/calendar.ics (docs/product.md "Sessions", "Calendar feed"): the session as a calendar file for
 * one of its two parties, the event the invites and the calendar feed carry (same UID and SEQUENCE), so importing it
 * next to an invite updates that event instead of adding a second.
 */
import { calendarStatuses } from '../../../../shared/calendar-event.js';
import { messages } from '../../../../shared/messages.js';
import type { CurrentUser } from '../../../auth/plugin.js';
import type { Db } from '../../../db/client.js';
import { AppError } from '../../../errors.js';
import { eventFile, sessionEvent } from '../../../infra/mail/icalendar.js';
import { clock } from '../../../clock.js';
import { loadForParty } from '../load-session.js';

/**
 * Session `sessionId`'s .ics text (METHOD:PUBLISH, one VEVENT, times in UTC) for `user`, titled with the other party,
 * and its file name ('mentora-session-<UTC date>.ics'). Errors: 404 'Session not found' (unknown or malformed id), 403
 * for anyone but its client and its expert, 409 for a session cancelled, expired or awaiting its payment (it has no
 * event: 'This session is not booked, so there is nothing to add to a calendar').
 */
export async function getSessionCalendar(
  db: Db,
  user: CurrentUser,
  sessionId: string,
  baseUrl: string,
  now = clock.now(),
): Promise<{ filename: string; ics: string }> {
  const { row, side } = await loadForParty(db, user, sessionId);
  const s = row.session;
  if (!(calendarStatuses as readonly string[]).includes(s.status)) throw new AppError('CONFLICT', messages.session.notInCalendar);
  return {
    filename: `mentora-session-${s.startsAt.toISOString().slice(0, 10)}.ics`,
    ics: eventFile(sessionEvent(s, side === 'client' ? s.expertName : s.clientName, baseUrl, now)),
  };
}
