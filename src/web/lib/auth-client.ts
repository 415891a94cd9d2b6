/** Better Auth's browser client, talking to /api/auth on the same origin, with two-factor sign-in (authClient.twoFactor). */
import { twoFactorClient } from 'better-auth/client/plugins';
import { createAuthClient } from 'better-auth/react';

/**
 * The server's own guards in front of Better Auth (same-origin, rate limit, path spelling) refuse in the API's
 * error shape, `{"error":{"code","message"}}`; Better Auth's client reads `{"code","message"}`. Answers in the
 * API's shape are given to the client in its own, so forms show the server's words rather than a fallback.
 */
async function inClientShape(response: Response): Promise<Response> {
  if (response.ok || !response.headers.get('content-type')?.includes('application/json')) return response;
  const body = (await response
    .clone()
    .json()
    .catch(() => null)) as { error?: { code?: unknown; message?: unknown } } | null;
  const error = body?.error;
  if (typeof error?.message !== 'string') return response;
  return new Response(JSON.stringify({ code: error.code, message: error.message }), {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  });
}

// The sign-in form shows the code step itself when a sign-in answers `twoFactorRedirect` (email-form.tsx).
export const authClient = createAuthClient({
  basePath: '/api/auth',
  plugins: [twoFactorClient()],
  fetchOptions: { onResponse: ({ response }) => inClientShape(response) },
});
