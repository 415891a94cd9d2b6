/** No-show e-mails (docs/product.md "No-shows"): the report to the party named absent, the contest to the team and the reporter, the settlement to both. */
import { formatMoney } from '../../../shared/pricing.js';
import type { Party } from '../../../shared/no-shows.js';
import type { OutgoingEmail } from '../../infra/mail/outbox.js';
import { actionEmail } from '../../infra/mail/templates.js';

/** What the no-show e-mails say about a session. `amountCents` is the held payment (0 for a free intro). */
export type NoShowMailFacts = {
  sessionId: string;
  clientName: string;
  expertName: string;
  topic: string;
  reportedBy: Party;
  statement: string;
  amountCents: number;
};

const nameOf = (f: NoShowMailFacts, side: Party) => (side === 'client' ? f.clientName : f.expertName);
const other = (side: Party): Party => (side === 'client' ? 'expert' : 'client');
const statementLine = (label: string, statement: string) => `${label}: ${statement || '(no statement given)'}`;

/** What an uncontested report does with the money, in words. */
function outcome(f: NoShowMailFacts): string {
  if (f.amountCents === 0) return f.reportedBy === 'client' ? 'the session is cancelled' : 'the session is closed';
  const amount = formatMoney(f.amountCents, 'USD');
  return f.reportedBy === 'client' ? `${f.clientName} is refunded ${amount} in full` : `the payment of ${amount} is released to ${f.expertName}`;
}

/** To the party reported absent: what was said, the 48 hours to contest, and what happens otherwise. */
export function noShowReportedEmail(to: string, f: NoShowMailFacts, baseUrl: string): OutgoingEmail {
  const absent = other(f.reportedBy);
  return actionEmail({
    to,
    subject: `No-show reported for your session with ${nameOf(f, f.reportedBy)}`,
    paragraphs: [
      `${nameOf(f, f.reportedBy)} reported that you did not attend your session "${f.topic}".`,
      statementLine(`Statement from ${nameOf(f, f.reportedBy)}`, f.statement),
      `If you did attend, contest the report on the session page within 48 hours and tell us what happened; our team will then review both sides. If it is not contested, ${outcome(f)}.`,
    ],
    actionLabel: absent === 'expert' ? 'Contest on the session page' : 'Open the session page',
    url: `${baseUrl}/session/${f.sessionId}`,
  });
}

/** To the team and the reporter: the report was contested and is now a dispute with both statements. */
export function noShowContestedEmail(to: string, f: NoShowMailFacts & { contestStatement: string }, url: string, forTeam: boolean): OutgoingEmail {
  const absent = other(f.reportedBy);
  return actionEmail({
    to,
    subject: forTeam ? `No-show contested: ${f.clientName} with ${f.expertName}` : `${nameOf(f, absent)} contested your no-show report`,
    paragraphs: [
      `${nameOf(f, f.reportedBy)} reported that ${nameOf(f, absent)} did not attend the session "${f.topic}"; ${nameOf(f, absent)} contested it.`,
      statementLine(`Report by ${nameOf(f, f.reportedBy)}`, f.statement),
      statementLine(`Answer from ${nameOf(f, absent)}`, f.contestStatement),
      forTeam ? 'Please review within 24 hours.' : 'Our team will review both statements and contact you within 24 hours. The payment stays held until then.',
    ],
    actionLabel: forTeam ? 'Open the team console' : 'Open the session page',
    url,
  });
}

/** To both parties: nobody contested within 48 hours, so the report was settled for its reporter. */
export function noShowSettledEmail(to: string, f: NoShowMailFacts, baseUrl: string): OutgoingEmail {
  return actionEmail({
    to,
    subject: `No-show report settled: ${f.topic}`,
    paragraphs: [
      `${nameOf(f, f.reportedBy)} reported that ${nameOf(f, other(f.reportedBy))} did not attend the session, and the report was not contested within 48 hours.`,
      `As a result, ${outcome(f)}.`,
    ],
    actionLabel: 'Open the session page',
    url: `${baseUrl}/session/${f.sessionId}`,
  });
}
