/**
 * Whether a session's client was found absent (docs/product.md "No-shows", "Feedback and reviews"): the expert
 * reported the client absent and the report stood — settled uncontested, or contested and decided by the team for
 * the expert — which leaves the session completed. Such a client takes no part in the expert's public rating.
 */
import { sql, type SQL } from 'drizzle-orm';
import { qualified as q } from '../../db/qualified.js';
import { noShowReports, sessions } from '../../db/schema.js';

/**
 * The condition as SQL on a row of `sessions`. Every change of its value changes that session's row too (the report
 * is upheld or contested in the transaction that completes, disputes or cancels the session), so an answer kept
 * for the session's row is kept for this too.
 */
export const clientFoundAbsent: SQL<boolean> = sql<boolean>`(${q(sessions.status)} = 'completed' and exists (select 1 from ${noShowReports} where ${q(noShowReports.sessionId)} = ${q(sessions.id)} and ${q(noShowReports.reportedBy)} = 'expert' and ${q(noShowReports.status)} <> 'open'))`;
