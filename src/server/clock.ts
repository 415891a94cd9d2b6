/**
 * The server's one clock for Mentora's rules (docs/decisions/035-a-test-clock-per-request.md): `clock.now()` is the
 * real time, except while a request pinned by a test runs (http/test-clock.ts, only with TEST_HOOKS), when it is the
 * instant that request named. Services take `now = clock.now()` so that their tests may pass any instant; record
 * stamps (updatedAt, sentAt) and security timers (sign-in, authenticator codes, rate limits) keep the real time.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

const pinned = new AsyncLocalStorage<number>();

export const clock = {
  /** The current instant (UTC): the real time, or the instant of the pinned request being handled. */
  now(): Date {
    return new Date(pinned.getStore() ?? Date.now());
  },
  /** Runs `work` (and everything it starts) with `now()` at `at`. */
  pinnedAt<T>(at: Date, work: () => T): T {
    return pinned.run(at.getTime(), work);
  },
};
