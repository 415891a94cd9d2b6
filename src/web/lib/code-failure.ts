import { messages } from '@shared/messages';

/**
 * What a person is told when a two-factor code is not accepted, from the HTTP status
 * of Better Auth's answer (0: no answer). Only a 4xx refusal is about what they typed (`refused`); too many tries
 * and a failure of the server or the connection say so, so a working code is never called wrong.
 */
export function codeFailure(status: number | undefined, refused: string): string {
  if (status === 429) return messages.common.rateLimited;
  if (status !== undefined && status >= 400 && status < 500) return refused;
  return messages.common.internal;
}
