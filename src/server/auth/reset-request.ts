/**
 * Password-reset requests answered before any account lookup (docs/security.md "Password reset timing"): Better
 * Auth writes a token and e-mails it for a known address and only reads for an unknown one, so the answer's
 * timing told the two apart (about 5 ms). Here the HTTP request is answered with Better Auth's own generic answer
 * as soon as its body is valid, and the request itself runs once that answer has been sent (plugin.ts calls
 * `runAfterAnswer`); both kinds of address therefore do the same work before the answer leaves.
 */
import { z } from 'zod';

/** Better Auth's answer to every valid reset request, word for word (better-auth api/routes/password). */
export const resetRequestAnswer = { status: true, message: 'If this email exists in our system, check your email for the reset link' } as const;

const resetBody = z.object({ email: z.email(), redirectTo: z.string().optional() });
export type ResetRequest = z.infer<typeof resetBody>;

/** Work to start once the answer to an HTTP request (Better Auth's Request object) has been sent. */
const afterAnswer = new WeakMap<Request, () => void>();

/** True when `request`'s answer was given before its work, which waits for `runAfterAnswer`. */
export function defersWork(request: Request): boolean {
  return afterAnswer.has(request);
}

/** Starts the work `request`'s answer deferred, if any, on the next turn of the event loop. */
export function runAfterAnswer(request: Request): void {
  const work = afterAnswer.get(request);
  if (!work) return;
  afterAnswer.delete(request);
  setImmediate(work);
}

type HookContext = { path?: string; request?: Request; body?: unknown; json: (body: typeof resetRequestAnswer) => unknown };

/**
 * A before-hook step for /request-password-reset. `run` makes the real request (Better Auth's endpoint called
 * without an HTTP request, so this step does not see it again); `onError` logs its failure. `baseUrl` is the
 * only origin a `redirectTo` may name (a relative path is fine). A body that fails these checks is left to
 * Better Auth, which refuses it as before.
 */
export function resetRequestAtOnce({
  baseUrl,
  run,
  onError,
}: {
  baseUrl: string;
  run: (body: ResetRequest) => Promise<unknown>;
  onError: (error: unknown) => void;
}) {
  const origin = new URL(baseUrl).origin;
  const allowedRedirect = (to: string | undefined) =>
    to === undefined || (to.startsWith('/') && !to.startsWith('//') && !to.includes('\\')) || (URL.canParse(to) && new URL(to).origin === origin);
  return (ctx: HookContext): unknown => {
    if (ctx.path !== '/request-password-reset' || !ctx.request) return undefined;
    const parsed = resetBody.safeParse(ctx.body);
    if (!parsed.success || !allowedRedirect(parsed.data.redirectTo)) return undefined;
    afterAnswer.set(ctx.request, () => void run(parsed.data).catch(onError));
    return ctx.json(resetRequestAnswer);
  };
}
