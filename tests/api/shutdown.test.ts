/**
 * Graceful shutdown of a real server process: on SIGTERM it stops accepting connections,
 * finishes the request in flight and exits 0 within 10 s.
 */
import http from 'node:http';
import { describe, expect, it, vi } from 'vitest';
import { startServer } from '../helpers/server-process.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** GET on a new connection (no keep-alive agent); resolves with the status or rejects when refused. */
function getFresh(port: number, path: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path, agent: false }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      })
      .once('error', reject);
  });
}

describe('graceful shutdown', () => {
  it('on SIGTERM stops accepting, finishes the request in flight, closes kept-alive connections and exits 0 within 10 s', async () => {
    const server = await startServer({});
    expect(await getFresh(server.port, '/healthz')).toBe(200);

    // A sign-up whose body is only half sent when SIGTERM arrives, on a kept-alive connection (as nginx keeps them).
    const agent = new http.Agent({ keepAlive: true });
    const body = JSON.stringify({ email: 'in-flight@example.com', password: 'in-flight-password', name: '' });
    const request = http.request({
      host: '127.0.0.1',
      port: server.port,
      method: 'POST',
      path: '/api/auth/sign-up/email',
      agent,
      headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), origin: 'http://localhost:3000' },
    });
    const response = new Promise<{ status: number; connection?: string; body: string }>((resolve, reject) => {
      request.once('response', (res) => {
        let text = '';
        res.on('data', (d) => (text += d));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, body: text }));
      });
      request.once('error', reject);
    });
    request.write(body.slice(0, 20));
    await sleep(300);

    const signalledAt = Date.now();
    server.child.kill('SIGTERM');
    // New connections are refused once the signal is handled: asked until then, however slowly the machine runs it.
    await vi.waitFor(() => expect(getFresh(server.port, '/healthz')).rejects.toThrow(/ECONNREFUSED/), { timeout: 5_000, interval: 50 });

    request.end(body.slice(20));
    const answer = await response;
    expect(answer.status).toBe(200);
    expect(answer.connection).toBe('close');
    expect(JSON.parse(answer.body).user.email).toBe('in-flight@example.com');

    expect(await server.exited).toBe(0);
    expect(Date.now() - signalledAt).toBeLessThan(10_000);
  }, 150_000);
});
