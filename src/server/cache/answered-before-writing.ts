/**
 * Requests answered before they write anything: their writes run after the answer has been sent (the password
 * reset request, docs/security.md "Password reset timing"). The write barrier (plugin.ts) has nothing to wait for
 * on them, and waiting would make their answer depend on the database after all.
 */
import type { FastifyRequest } from 'fastify';

const answeredFirst = new WeakSet<FastifyRequest>();

/** Marks `request` as answered before its writes. */
export function answerBeforeWriting(request: FastifyRequest): void {
  answeredFirst.add(request);
}

/** True when `request` was marked by `answerBeforeWriting`. */
export function answersBeforeWriting(request: FastifyRequest): boolean {
  return answeredFirst.has(request);
}
