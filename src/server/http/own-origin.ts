/**
 * Which browser origins count as Mentora's own for writes (docs/security.md "Opened at another address").
 *
 * With BASE_URL set, only its origin. Without it (a local or trial run), the address the browser used is the
 * server's own: `http://127.0.0.1:3000`, a LAN address or `localhost` alike. That widens nothing an attacker
 * can use: a foreign page posting to this server sends its own origin, which differs from the Host it posts to,
 * and a page that makes the two agree (DNS rebinding) has its own cookie jar, so it acts only as a signed-out
 * client, which non-browser clients already are.
 */
import type { FastifyRequest } from 'fastify';

export type OwnOrigins = {
  /** BASE_URL's origin, or the default `http://localhost:PORT` when BASE_URL is unset. */
  base: string;
  /** True when BASE_URL was set: then `base` is the only origin accepted. */
  fixed: boolean;
};

/** The origin `request` was sent to, from its protocol and Host header (`http://127.0.0.1:3000`); null without a Host. */
export function requestOrigin(request: Pick<FastifyRequest, 'protocol' | 'host'>): string | null {
  if (!request.host) return null;
  try {
    return new URL(`${request.protocol}://${request.host}`).origin;
  } catch {
    return null;
  }
}

/** True when a browser at `origin` may write to this server through `request`. */
export function isOwnOrigin(own: OwnOrigins, origin: string, request: Pick<FastifyRequest, 'protocol' | 'host'>): boolean {
  return origin === own.base || (!own.fixed && origin === requestOrigin(request));
}

/** The same decision for a Fetch API request (Better Auth's `trustedOrigins`): `base`, and without BASE_URL the Host's origin. */
export function trustedOriginsOf(own: OwnOrigins, request: Request | undefined): string[] {
  if (own.fixed || !request) return [own.base];
  const url = new URL(request.url);
  const host = request.headers.get('host');
  const here = host ? requestOrigin({ protocol: url.protocol === 'https:' ? 'https' : 'http', host }) : null;
  return here && here !== own.base ? [own.base, here] : [own.base];
}
