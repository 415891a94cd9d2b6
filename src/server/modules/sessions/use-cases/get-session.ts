/** GET /api/sessions/{id} (docs/product.md "Sessions"). */
import type { SessionView } from '../../../../shared/schemas/sessions.js';
import type { CurrentUser } from '../../../auth/plugin.js';
import type { Db } from '../../../db/client.js';
import { viewForParty } from '../load-session.js';

/** The session as its client or expert sees it. 404 'Session not found'; 403 "You don't have permission to view this session". */
export async function getSession(db: Db, user: CurrentUser, sessionId: string): Promise<SessionView> {
  return viewForParty(db, user, sessionId);
}
