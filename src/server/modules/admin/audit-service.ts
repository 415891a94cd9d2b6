/**
 * The team's audit trail (every admin action is recorded — who, when, what; docs/product.md "Team console"). `recordAudit`
 * writes inside the transaction of the action it records, so an action and its audit row land together.
 */
import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { AuditAction } from '../../../shared/audit-actions.js';
import type { AuditEntry } from '../../../shared/schemas/admin.js';
import type { Db, Tx } from '../../db/client.js';
import { adminAuditLog, user as userTable } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { assertSameRequest } from '../../infra/request-hash.js';
import { messages } from '../../../shared/messages.js';

export type Page<T> = { items: T[]; total: number; page: number; pageSize: number };
export type PageQuery = { page: number; pageSize: number };

/** 404 with `message` unless `id` is a uuid (malformed ids are unknown ids). */
export function assertUuid(id: string, message: string): void {
  if (!z.uuid().safeParse(id).success) throw new AppError('NOT_FOUND', message);
}

/** Appends one audit row: `actorId` did `action` (one of shared/audit-actions.ts, each with its words) to `targetType` `targetId`. */
export async function recordAudit(
  tx: Tx,
  entry: { actorId: string; action: AuditAction; targetType: string; targetId: string; detail?: Record<string, unknown> },
): Promise<void> {
  await tx.insert(adminAuditLog).values({ ...entry, detail: entry.detail ?? null });
}

/**
 * Whether this request replays the console action `action` recorded with `idempotencyKey` (in its audit detail, with
 * the request's fingerprint `hash`, request-hash.ts): true for the same target and body (the caller answers the record
 * as it is now and changes nothing), false without a key or a record; 422 for the key with another target or body
 * (docs/security.md "Idempotency-Key replayed with another body").
 */
export async function isReplay(tx: Tx, action: AuditAction, idempotencyKey: string | undefined, targetId: string, hash: string): Promise<boolean> {
  if (!idempotencyKey) return false;
  const [first] = await tx
    .select({ targetId: adminAuditLog.targetId, requestHash: sql<string | null>`${adminAuditLog.detail}->>'requestHash'` })
    .from(adminAuditLog)
    .where(and(eq(adminAuditLog.action, action), sql`${adminAuditLog.detail}->>'idempotencyKey' = ${idempotencyKey}`))
    .limit(1);
  if (!first) return false;
  if (first.targetId !== targetId) throw new AppError('UNPROCESSABLE', messages.common.idempotencyKeyReused);
  assertSameRequest(first.requestHash, hash);
  return true;
}

/**
 * GET /api/admin/audit: every console action newest first, with the actor's name and e-mail; `about` narrows it to the
 * actions about one subject (a person's, an organisation's), a page at a time all the same.
 */
export async function listAudit(db: Db, { page, pageSize }: PageQuery, about?: SQL): Promise<Page<AuditEntry>> {
  const [rows, [total]] = await Promise.all([
    db
      .select({ entry: adminAuditLog, actorName: userTable.name, actorEmail: userTable.email })
      .from(adminAuditLog)
      .leftJoin(userTable, eq(userTable.id, adminAuditLog.actorId))
      .where(about)
      .orderBy(desc(adminAuditLog.createdAt), desc(adminAuditLog.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(adminAuditLog).where(about),
  ]);
  return {
    items: rows.map(({ entry: e, actorName, actorEmail }) => ({
      id: e.id,
      actor: { id: e.actorId, name: actorName, email: actorEmail },
      action: e.action,
      targetType: e.targetType,
      targetId: e.targetId,
      detail: e.detail ?? null,
      createdAt: e.createdAt.toISOString(),
    })),
    total: total?.n ?? 0,
    page,
    pageSize,
  };
}
