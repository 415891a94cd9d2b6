/**
 * Whom a rate limit counts (docs/security.md "Rate limits"): the signed-in account when the request has one, else
 * the client's address (`request.ip`, which `TRUST_PROXY` decides). Many people share one address — a campus, an
 * office, a mobile carrier's NAT — so counting a signed-in request by address would let one of them use up the
 * limit of all the others; an account is what each limit is meant for. A visitor has only the address.
 */
import type { FastifyRequest } from 'fastify';

/** The key a rate-limited route counts `request` under: `account:{user id}` or `address:{ip}`. */
export async function rateLimitKey(request: FastifyRequest): Promise<string> {
  const user = await request.getUser();
  return user ? `account:${user.id}` : `address:${request.ip}`;
}
