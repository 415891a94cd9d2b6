/**
 * Slow clients (docs/security.md "Slow requests"): a client that drips its headers or its body a byte at a time is
 * cut off after HEADERS_TIMEOUT_MS / REQUEST_TIMEOUT_MS while the server goes on answering everyone else, and an
 * answer that takes longer than those limits to download is not cut. Real listening server, raw sockets; the limits
 * are shortened through the environment (1.5 s for headers, 3 s for a whole request: long enough that a busy
 * machine's ordinary answer is not mistaken for one held up).
 */
import { connect, type Socket } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../src/server/app.js';
import { loadConfig } from '../../src/server/config.js';
import { openPglite, type Database } from '../../src/server/db/client.js';
import { runMigrations } from '../../src/server/db/migrate.js';

const downloadBytes = 16 * 2 ** 20;

/** A socket to `port`, with what it received and when the server closed it (ms after `opened`). */
function rawClient(port: number) {
  const socket: Socket = connect(port, '127.0.0.1');
  const opened = Date.now();
  let received = '';
  socket.setEncoding('latin1');
  socket.on('data', (d: string) => (received += d));
  socket.on('error', () => undefined);
  const closed = new Promise<number>((resolve) => socket.once('close', () => resolve(Date.now() - opened)));
  return { socket, closed, received: () => received };
}

/** Writes `text` one character every `everyMs` until the socket closes or the text ends. */
async function drip(socket: Socket, text: string, everyMs: number) {
  for (const char of text) {
    if (socket.destroyed || socket.writableEnded) return;
    socket.write(char);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

describe('slow requests', () => {
  let app: App;
  let database: Database;
  let port: number;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'mentora-slow-'));

  beforeAll(async () => {
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      BASE_URL: 'http://localhost:3000',
      AUTH_SECRET: 'test-secret-test-secret-test-secret-0123',
      SEED_DEMO: '0',
      HEADERS_TIMEOUT_MS: '1500',
      REQUEST_TIMEOUT_MS: '3000',
    });
    database = await openPglite('memory://');
    await runMigrations(database);
    app = await buildApp({ config, database });
    // An answer streamed for much longer than the limits, like a large video read over a slow link.
    app.get('/slow-download', (_request, reply) => {
      let sent = 0;
      const chunk = Buffer.alloc(64 * 1024, 120);
      const body = new Readable({
        read() {
          this.push(sent < downloadBytes ? chunk : null);
          sent += chunk.length;
        },
      });
      return reply.header('content-length', downloadBytes).type('application/octet-stream').send(body);
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as { port: number }).port;
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('cuts off ten clients dripping a body, and answers others meanwhile', async () => {
    const body = JSON.stringify({ firstName: 'Slow', lastName: 'Loris', role: 'client', padding: 'x'.repeat(200) });
    const clients = Array.from({ length: 10 }, () => rawClient(port));
    for (const c of clients) {
      c.socket.write(`PUT /api/me/profile HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`);
      void drip(c.socket, body, 50);
    }
    // Meanwhile the server answers, before the 3 s the drippers are given: a server they held up would answer only
    // once they are cut off (a loaded machine has taken 552 ms for an answer not held up).
    for (let i = 0; i < 5; i++) {
      const started = Date.now();
      expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
      expect(Date.now() - started).toBeLessThan(2500);
      await new Promise((r) => setTimeout(r, 200));
    }
    const closedAfter = await Promise.all(clients.map((c) => c.closed));
    // 3 s to send the request, checked every 125 ms: closed well before the 13 s the body would have taken.
    for (const ms of closedAfter) expect(ms).toBeLessThan(6000);
    for (const c of clients) expect(c.received()).toMatch(/^HTTP\/1\.1 408/);
  });

  it('cuts off a client dripping its headers, and one that connects and sends nothing', async () => {
    const dripping = rawClient(port);
    void drip(dripping.socket, 'GET /healthz HTTP/1.1\r\nHost: localhost\r\nX-Slow: ' + 'y'.repeat(200) + '\r\n\r\n', 50);
    const silent = rawClient(port);
    expect(await dripping.closed).toBeLessThan(6000);
    expect(await silent.closed).toBeLessThan(6000);
    expect(dripping.received()).not.toContain('"status":"ok"');
  });

  it('does not cut an answer that takes longer than the limits to download', async () => {
    const socket = connect(port, '127.0.0.1');
    socket.write('GET /slow-download HTTP/1.1\r\nHost: localhost\r\nAccept-Encoding: identity\r\nConnection: close\r\n\r\n');
    const started = Date.now();
    let head = '';
    let bodyBytes = 0;
    // At most one read (up to 64 KB, the socket's buffer) every 20 ms: 16 MB take some 5 s, over the 3 s limit.
    await new Promise<void>((resolve) => {
      const reader = setInterval(() => {
        const chunk = socket.read() as Buffer | null;
        if (chunk === null) return;
        if (!head.includes('\r\n\r\n')) {
          const text = chunk.toString('latin1');
          const end = text.indexOf('\r\n\r\n');
          head += end === -1 ? text : text.slice(0, end + 4);
          bodyBytes += end === -1 ? 0 : chunk.length - (end + 4);
        } else bodyBytes += chunk.length;
      }, 20);
      socket.once('close', () => {
        clearInterval(reader);
        resolve();
      });
      socket.once('end', () => {
        let rest: Buffer | null;
        while ((rest = socket.read() as Buffer | null) !== null) bodyBytes += rest.length;
      });
    });
    expect(head).toMatch(/^HTTP\/1\.1 200/);
    expect(bodyBytes).toBe(downloadBytes);
    expect(Date.now() - started).toBeGreaterThan(3000);
  });
});
