/** Better Auth's browser client, talking to /api/auth on the same origin, with two-factor sign-in (authClient.twoFactor). */
import { twoFactorClient } from 'better-auth/client/plugins';
import { createAuthClient } from 'better-auth/react';

// The sign-in form shows the code step itself when a sign-in answers `twoFactorRedirect` (email-form.tsx).
export const authClient = createAuthClient({ basePath: '/api/auth', plugins: [twoFactorClient()] });
