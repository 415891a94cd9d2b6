/**
 * No-show rules shared by server and web (docs/product.md "No-shows"): when a party may report that the other did
 * not attend, when the other may contest, and when an uncontested report is settled. Pure: times are Date/UTC.
 */

/** A no-show may be reported from a session's end until this many hours after it (docs/product.md "No-shows"). */
export const noShowReportHours = 48;
/** The reported party may contest for this many hours after the report (docs/product.md "No-shows"). */
export const noShowContestHours = 48;

export type Party = 'client' | 'expert';
export type NoShowStatus = 'open' | 'contested' | 'upheld';

const hour = 3_600_000;

/** Either party of a booked session may report a no-show from its end until 48 hours after it. */
export function canReportNoShow(s: { status: string; endsAt: Date }, now = new Date()): boolean {
  const sinceEnd = now.getTime() - s.endsAt.getTime();
  return s.status === 'booked' && sinceEnd >= 0 && sinceEnd < noShowReportHours * hour;
}

/** Until when the reported party may contest a report made at `reportedAt`: 48 hours later. */
export function contestDeadline(reportedAt: Date): Date {
  return new Date(reportedAt.getTime() + noShowContestHours * hour);
}

/** The party a report made by `reportedBy` says was absent: the other one. */
export function absentParty(reportedBy: Party): Party {
  return reportedBy === 'client' ? 'expert' : 'client';
}

/** Only the reported (absent) party contests, while the report is open and before its deadline. */
export function canContestNoShow(r: { status: NoShowStatus; reportedBy: Party; respondBy: Date }, side: Party, now = new Date()): boolean {
  return r.status === 'open' && side === absentParty(r.reportedBy) && now.getTime() < r.respondBy.getTime();
}

/** An open report nobody contested by its deadline is settled for its reporter. */
export function isNoShowDue(r: { status: NoShowStatus; respondBy: Date }, now = new Date()): boolean {
  return r.status === 'open' && now.getTime() >= r.respondBy.getTime();
}

/** What settling a report for its reporter does with the money: the client reported → refund; the expert → release. */
export function uncontestedOutcome(reportedBy: Party): 'refund' | 'release' {
  return reportedBy === 'client' ? 'refund' : 'release';
}

/** The product's words for the no-show rules (docs/product.md "No-shows"). */
export const noShowMessages = {
  reported: 'No-show reported. The other party has 48 hours to contest it.',
  contested: 'Your answer was sent. Our team will review both statements and contact you within 24 hours.',
  notNow: 'A no-show can be reported from the end of the session until 48 hours after it.',
  already: 'A no-show has already been reported for this session.',
  contestNotYours: 'Only the party reported absent can contest this no-show report.',
  contestClosed: 'This no-show report can no longer be contested.',
  noReport: 'No no-show has been reported for this session.',
  /** To a party who tries to confirm or report an issue while a report waits for an answer or the deadline. */
  reportOpen: 'A no-show report on this session is waiting for an answer. It is settled when contested or after 48 hours.',
} as const;
