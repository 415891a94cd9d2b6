/**
 * /dev/mailbox: the .eml files the file transport wrote to DATA_DIR/mail, newest first, with their
 * links clickable; /dev/mailbox/:name serves one raw message. Never registered in production.
 */
import type { FastifyInstance } from 'fastify';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const linkify = (text: string) =>
  escape(text).replace(/https?:\/\/[^\s<>"']+/g, (url) => `<a href="${url}">${url}</a>`);

async function listMessages(dir: string): Promise<string[]> {
  try {
    return (await readdir(dir)).filter((f) => f.endsWith('.eml')).sort().reverse();
  } catch {
    return [];
  }
}

export async function mailboxRoutes(app: FastifyInstance, opts: { dir: string }) {
  app.get('/dev/mailbox', { schema: { hide: true } }, async (_request, reply) => {
    const names = (await listMessages(opts.dir)).slice(0, 100);
    const items = await Promise.all(
      names.map(async (name) => {
        const { simpleParser } = await import('mailparser'); // loaded on first use, not at start-up (issue 2 §7)
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
