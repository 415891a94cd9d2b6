/** Reschedule proposal e-mails (docs/product.md "Reschedule proposals"): the expert's proposed new time, to the client. */
import type { OutgoingEmail } from '../../infra/mail/outbox.js';
import { actionEmail } from '../../infra/mail/templates.js';
import { formatInZone, type Recipient } from './emails.js';

/** What the proposal e-mail says: the session, its current and proposed starts, and the expert's message. */
export type ProposalMailFacts = {
  sessionId: string;
  expertName: string;
  topic: string;
  startsAt: Date;
  proposedStartsAt: Date;
  message: string | null;
};

/**
 * To the client: the expert proposes to move the session, both times in the client's zone, what accepting and
 * declining do, and that the booking stands if they do not answer before the session's start.
 */
export function proposalEmail(to: Recipient, f: ProposalMailFacts, baseUrl: string): OutgoingEmail {
  return actionEmail({
    to: to.email,
    subject: `${f.expertName} proposes a new time for your session`,
    paragraphs: [
      `${f.expertName} proposes to move your session "${f.topic}" from ${formatInZone(f.startsAt, to.zone)} to ${formatInZone(f.proposedStartsAt, to.zone)}.`,
      ...(f.message ? [`Message from ${f.expertName}: ${f.message}`] : []),
      'Accept on the session page and the session moves; your payment stays as it is. Decline and the session is cancelled with a full refund.',
      'If you do not answer before the session starts, the proposal expires and your booking stands as it is.',
    ],
    actionLabel: 'Answer on the session page',
    url: `${baseUrl}/session/${f.sessionId}`,
  });
}
