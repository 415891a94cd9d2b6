/**
 * Fetch wrapper for /api: JSON in and out, cookies included, and errors thrown as ApiError carrying the
 * server's `{"error":{"code","message"}}` (the product's words).
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** How a request reaches the API: the browser's fetch, or in-process answers while the server renders a page. */
export type ApiFetch = (path: string, init: RequestInit) => Promise<Response>;
let apiFetch: ApiFetch = (path, init) => fetch(path, init);

/** Replaces the browser's fetch for API reads; only the server renderer (src/web/entry-server.tsx) calls it. */
export function setApiFetch(fetcher: ApiFetch): void {
  apiFetch = fetcher;
}

/** Calls the API at `path` (e.g. '/api/experts?query=design'); throws ApiError (status 0 when unreachable). */
export async function api<T>(path: string, init: { method?: string; body?: unknown; headers?: Record<string, string> } = {}): Promise<T> {
  const headers: Record<string, string> = { ...init.headers };
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  let response: Response;
  try {
    response = await apiFetch(path, {
      method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
      headers,
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      credentials: 'same-origin',
    });
  } catch {
    throw new ApiError(0, 'NETWORK', 'Could not reach Mentora. Check your connection and try again.');
  }
  const text = await response.text();
  const data = text ? safeJson(text) : null;
  if (!response.ok) {
    const err = (data as { error?: { code?: string; message?: string } } | null)?.error;
    throw new ApiError(response.status, err?.code ?? 'HTTP_ERROR', err?.message ?? (text || response.statusText));
  }
  return data as T;
}

/**
 * TanStack Query's `retry` for reads whose refusal is final: a 4xx answer (bad input, not allowed, not found) comes
 * again on a retry, so it shows at once; other failures are tried up to 3 times, as by default.
 */
export function retryUnlessRefused(failureCount: number, error: Error): boolean {
  const refused = error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 408 && error.status !== 429;
  return !refused && failureCount < 3;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
