/** How the session jobs handle the rows they claim (docs/architecture.md "Jobs"). */
import type { Db, Tx } from '../../db/client.js';

/**
 * In one transaction, `claim` takes the due sessions (FOR UPDATE SKIP LOCKED, so several servers can run the job at
 * once) and `handle` changes each in a savepoint of its own: one the provider refuses (e.g. a lapsed card
 * authorisation) is rolled back alone and the others still go through. Throws an AggregateError naming the refused
 * sessions (`job` names the job in its message), which the job runner logs. Returns how many were handled.
 */
export async function handleEachClaimed<T>(
  db: Db,
  job: string,
  claim: (tx: Tx) => Promise<T[]>,
  sessionIdOf: (row: T) => string,
  handle: (item: Tx, row: T) => Promise<void>,
): Promise<number> {
  const refused: { sessionId: string; err: unknown }[] = [];
  const handled = await db.transaction(async (tx) => {
    const due = await claim(tx);
    for (const row of due) {
      try {
        await tx.transaction((item) => handle(item, row));
      } catch (err) {
        refused.push({ sessionId: sessionIdOf(row), err });
      }
    }
    return due.length - refused.length;
  });
  if (refused.length > 0)
    throw new AggregateError(
      refused.map((r) => r.err),
      `${job} refused for sessions ${refused.map((r) => r.sessionId).join(', ')}`,
    );
  return handled;
}
