/** The team refunds a session in full or in part (docs/product.md "Team console", "Sessions and money"). */
import { eq } from 'drizzle-orm';
import { messages } from '../../../shared/messages.js';
import type { AdminSessionDetail, RefundInput } from '../../../shared/schemas/admin-sessions.js';
import type { CurrentUser } from '../../auth/plugin.js';
import type { Db } from '../../db/client.js';
import { sessions } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { enqueueEmail } from '../../infra/mail/outbox.js';
import type { PaymentProvider } from '../../infra/payments/provider.js';
import { requestHash } from '../../infra/request-hash.js';
import { heldCents, refundPayment } from '../payments/service.js';
import { assertUuid, isReplay, recordAudit } from './audit-service.js';
import { teamRefundEmail } from './emails.js';
import { getSessionForTeam } from './session-directory-service.js';

const m = messages.admin;

/**
 * POST /api/admin/sessions/{id}/refund: refunds `refundCents` (1..held) of the money held for session `id` to the
 * client's card, for `reason`, and releases the rest to the expert (the ledger's 'refund' and 'release' events; the
 * expert's earnings count only the release) — the session's status stays as it is. The client gets the refund receipt,
 * both parties the reason; audited. With `idempotencyKey`, a replay with the same body answers the session as it is and
 * changes nothing; the key with another session or body 422. 404 unknown; 409 disputed (decide the dispute) or nothing
 * held; 400 outside 1..held.
 */
export async function refundSession(
  db: Db,
  deps: { provider: PaymentProvider; baseUrl: string },
  admin: CurrentUser,
  id: string,
  input: RefundInput,
  idempotencyKey?: string,
): Promise<AdminSessionDetail> {
  assertUuid(id, m.sessionNotFound);
  const hash = requestHash({ sessionId: id, ...input });
  return db.transaction(async (tx) => {
    const [s] = await tx.select().from(sessions).where(eq(sessions.id, id)).for('update');
    if (!s) throw new AppError('NOT_FOUND', m.sessionNotFound);
    if (await isReplay(tx, 'session.refund', idempotencyKey, id, hash)) return getSessionForTeam(tx, id);
    if (s.status === 'disputed') throw new AppError('CONFLICT', m.refundDisputed);
    const held = await heldCents(tx, id);
    if (held === 0) throw new AppError('CONFLICT', m.nothingHeld);
    if (input.refundCents > held) throw new AppError('VALIDATION', m.refundRange);
    const reason = input.reason.trim();
    const refunded = await refundPayment(tx, deps, id, input.refundCents, admin.id, `refunded by the team: ${reason}`);
    await recordAudit(tx, {
      actorId: admin.id,
      action: 'session.refund',
      targetType: 'session',
      targetId: id,
      detail: { refundCents: refunded, heldCents: held, reason, ...(idempotencyKey ? { idempotencyKey, requestHash: hash } : {}) },
    });
    const view = await getSessionForTeam(tx, id);
    const facts = { sessionId: id, clientName: s.clientName, expertName: s.expertName, refundCents: refunded, amountCents: held, reason };
    for (const to of [view.client.email, view.expert.email]) if (to) await enqueueEmail(tx, teamRefundEmail(to, facts, deps.baseUrl));
    return view;
  });
}
