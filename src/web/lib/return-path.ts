/**
 * Where a visitor sent to sign in comes back to (docs/product.md "Accounts and sign-in": "Return after sign-in"):
 * the page carries its own path in `/signup?next=…`, which also rides through the e-mail confirmation link and
 * Google's callback. Only a path on this site is followed — never another origin — so the parameter cannot be
 * used to send someone elsewhere after they sign in (docs/security.md "Open redirect").
 */
import { useSearchParams } from 'react-router';

/** Longer `next` values are ignored: no page of Mentora has a path this long. */
const maxLength = 512;
const base = 'https://return.invalid';

/**
 * `raw` as a path on this site (path, query and hash), or null when it is missing, too long, not a path starting
 * with one '/', names another origin once resolved ('//evil', '/\evil'), holds control characters, or is the
 * sign-in page itself (a loop).
 */
export function safeReturnPath(raw: string | null | undefined): string | null {
  if (!raw || raw.length > maxLength || !raw.startsWith('/') || /[\\\u0000-\u001f\u007f]/.test(raw)) return null;
  let url: URL;
  try {
    url = new URL(raw, base);
  } catch {
    return null;
  }
  if (url.origin !== base || url.pathname === '/signup' || url.pathname === '/login') return null;
  return url.pathname + url.search + url.hash;
}

/** The sign-in page that comes back to `returnTo` (a path on this site) afterwards; plain /signup when it is not safe. */
export function signInPath(returnTo: string | null | undefined): string {
  const next = safeReturnPath(returnTo);
  return next ? `/signup?${new URLSearchParams({ next }).toString()}` : '/signup';
}

/** The safe `next` of the current page's query, or null. */
export function useReturnPath(): string | null {
  const [params] = useSearchParams();
  return safeReturnPath(params.get('next'));
}
