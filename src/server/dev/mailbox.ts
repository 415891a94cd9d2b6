/**
 * /dev/mailbox: the .eml files the file transport wrote to DATA_DIR/mail, newest first (the 100 newest; with
 * `?to=<address>`, those of them naming that address), with their links clickable; /dev/mailbox/:name serves one
 * raw message. Never registered in production, and answered only to a request from the machine itself
 * (`fromThisMachine`): the messages hold password-reset and verification links, so anyone else reading them would
 * take over accounts (docs/security.md "Dev mailbox").
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { messages } from '../../shared/messages.js';
import type { ErrorBody } from '../errors.js';

/** True for a loopback address: 127.0.0.0/8, ::1, or 127.x.y.z as an IPv4-mapped IPv6 address. */
const loopback = (address: string | undefined): boolean =>
  address !== undefined && (address === '::1' || /^(::ffff:)?127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/i.test(address));

/**
 * True when `request` comes from the machine the server runs on: the TCP peer is a loopback address and so is the
 * client address (`request.ip`: the peer itself, or the address trusted proxies forwarded, TRUST_PROXY). A proxy on
 * the same machine forwarding a remote visitor is therefore not "this machine".
 */
export function fromThisMachine(request: FastifyRequest): boolean {
  return loopback(request.socket.remoteAddress) && loopback(request.ip);
}

/** GET /dev/mailbox's query: `to`, an address (or part of one) the messages listed must name. */
const mailboxQuery = z.object({ to: z.string().min(1).max(320).optional() });

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const linkify = (text: string) => escape(text).replace(/https?:\/\/[^\s<>"']+/g, (url) => `<a href="${url}">${url}</a>`);

async function listMessages(dir: string): Promise<string[]> {
  try {
    return (await readdir(dir))
      .filter((f) => f.endsWith('.eml'))
      .sort()
      .reverse();
  } catch {
    return [];
  }
}

/**
 * The mailbox routes. `dir` is DATA_DIR/mail. A request from anywhere but this
 * machine gets the API's ordinary 404 (not 403, which would tell a scanner there is something to find).
 */
export async function mailboxRoutes(app: FastifyInstance, opts: { dir: string }) {
  // Scoped to this plugin (not fastify-plugin wrapped): runs for the two mailbox routes only, before their handlers.
  app.addHook('onRequest', (request, reply, done) => {
    if (fromThisMachine(request)) return done();
    reply.status(404).send({ error: { code: 'NOT_FOUND', message: messages.common.notFound } } satisfies ErrorBody);
  });
  // `?to=<address>`: of the 100 newest, only the messages whose raw text names that address, so that a reader
  // waiting for one person's mail does not have every other message parsed.
  app.get('/dev/mailbox', { schema: { hide: true, querystring: mailboxQuery } }, async (request, reply) => {
    const recipient = (request.query as z.infer<typeof mailboxQuery>).to?.toLowerCase();
    const newest = (await listMessages(opts.dir)).slice(0, 100);
    const names = recipient
      ? (
          await Promise.all(newest.map(async (name) => ((await readFile(path.join(opts.dir, name), 'latin1')).toLowerCase().includes(recipient) ? name : null)))
        ).filter((name): name is string => name !== null)
      : newest;
    const items = await Promise.all(
      names.map(async (name) => {
        const { simpleParser } = await import('mailparser'); // loaded on first use, not at start-up
        const mail = await simpleParser(await readFile(path.join(opts.dir, name)));
        const to = Array.isArray(mail.to) ? mail.to.map((a) => a.text).join(', ') : (mail.to?.text ?? '');
        const attachments = mail.attachments.map((a) => escape(a.filename ?? 'attachment')).join(', ');
        return `<article><h2>${escape(mail.subject ?? '(no subject)')}</h2>
<p class="meta">To: ${escape(to)} · ${escape(mail.date?.toISOString() ?? '')} · <a href="/dev/mailbox/${encodeURIComponent(name)}">raw</a>${attachments ? ` · Attachments: ${attachments}` : ''}</p>
<pre>${linkify(mail.text ?? '')}</pre></article>`;
      }),
    );
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Mentora dev mailbox</title>
<style>body{font-family:system-ui,sans-serif;max-width:860px;margin:2rem auto;padding:0 1rem;color:#0f172a}article{border:1px solid #e2e8f0;border-radius:12px;padding:1rem;margin:1rem 0}pre{white-space:pre-wrap;font:inherit}.meta{color:#475569;font-size:.9rem}</style></head>
<body><h1>Dev mailbox</h1><p>${names.length} message(s) in ${escape(opts.dir)}, newest first. Not served in production.</p>${items.join('\n') || '<p>No messages yet.</p>'}</body></html>`;
  });

  app.get<{ Params: { name: string } }>('/dev/mailbox/:name', { schema: { hide: true } }, async (request, reply) => {
    const name = path.basename(request.params.name);
    if (!name.endsWith('.eml')) return reply.status(404).send({ error: { code: 'NOT_FOUND', message: 'Not found' } });
    try {
      const raw = await readFile(path.join(opts.dir, name));
      return reply.type('message/rfc822').header('content-disposition', `attachment; filename="${name}"`).send(raw);
    } catch {
      return reply.status(404).send({ error: { code: 'NOT_FOUND', message: 'Not found' } });
    }
  });
}
