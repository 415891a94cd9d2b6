/** Better Auth's browser client, talking to /api/auth on the same origin. */
import { createAuthClient } from 'better-auth/react';

export const authClient = createAuthClient({ basePath: '/api/auth' });
