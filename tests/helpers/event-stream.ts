/**
 * A Server-Sent Events client for tests (what a browser's EventSource does, without reconnecting by itself):
 * GET `url` with a cookie and an optional Last-Event-ID, events parsed by eventsource-parser.
 */
import { createParser, type EventSourceMessage } from 'eventsource-parser';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';

export type StreamEvent = { id: string | undefined; event: string | undefined; data: Record<string, unknown> };

export type EventStream = {
  status: number;
  /** The next event; rejects after `timeoutMs` without one. */
  next: (timeoutMs?: number) => Promise<StreamEvent>;
  /** Every event received so far and not yet taken by next(). */
  pending: () => StreamEvent[];
  /** Resolves when the server ends the stream; rejects after `timeoutMs` while it is still open. */
  ended: (timeoutMs?: number) => Promise<void>;
  close: () => void;
};

/** The bodies of the `message` events among `events`. */
export const messageBodies = (events: StreamEvent[]): string[] =>
  events.flatMap((e) => (e.data.kind === 'message' ? [(e.data.message as { body: string }).body] : []));

export async function openEventStream(url: string, cookie: string, lastEventId?: string): Promise<EventStream> {
  const abort = new AbortController();
  const res = await fetch(url, {
    headers: { cookie, accept: 'text/event-stream', ...(lastEventId ? { 'last-event-id': lastEventId } : {}) },
    signal: abort.signal,
  });
  const queue: StreamEvent[] = [];
  let waiter: (() => void) | null = null;
  const parser = createParser({
    onEvent: (message: EventSourceMessage) => {
      queue.push({ id: message.id, event: message.event, data: JSON.parse(message.data) as Record<string, unknown> });
      waiter?.();
    },
  });
  let serverEnded!: () => void;
  const endedByServer = new Promise<void>((resolve) => (serverEnded = resolve));
  if (res.ok && res.body) {
    const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
    void (async () => {
      try {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) return serverEnded();
          parser.feed(value);
        }
      } catch {
        // aborted by close()
      }
    })();
  }
  return {
    status: res.status,
    pending: () => queue.splice(0),
    next: async (timeoutMs = 5000) => {
      const deadline = Date.now() + timeoutMs;
      while (!queue.length) {
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`no event within ${timeoutMs} ms`);
        await new Promise<void>((resolve) => {
          waiter = resolve;
          setTimeout(resolve, left);
        });
        waiter = null;
      }
      return queue.shift()!;
    },
    ended: async (timeoutMs = 5000) => {
      let timer: NodeJS.Timeout | undefined;
      const open = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`stream still open after ${timeoutMs} ms`)), timeoutMs)));
      try {
        await Promise.race([endedByServer, open]);
      } finally {
        clearTimeout(timer);
      }
    },
    close: () => abort.abort(),
  };
}

/**
 * `app.inject(request)`, for a route that may answer an event stream (which never ends by itself): a 200 is read up
 * to its first event and then dropped, as a browser leaving the page would; any other answer is read whole.
 */
export async function injectFirstEvent(
  app: { inject: (request: InjectOptions) => Promise<LightMyRequestResponse> },
  request: InjectOptions,
): Promise<{ statusCode: number; headers: Record<string, unknown>; body: string }> {
  const abort = new AbortController();
  const res = await app.inject({ ...request, payloadAsStream: true, signal: abort.signal });
  let body = '';
  for await (const chunk of res.stream()) {
    body += String(chunk);
    if (res.statusCode === 200 && body.includes('\n\n')) break;
  }
  abort.abort();
  return { statusCode: res.statusCode, headers: res.headers, body };
}
