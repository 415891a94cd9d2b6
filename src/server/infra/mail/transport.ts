/**
 * Mail transports: SMTP through nodemailer when SMTP_URL is set, otherwise .eml files written to
 * DATA_DIR/mail (listed at /dev/mailbox outside production). A message with an outbox id gets the
 * Message-ID `<id@sender's domain>`, the same on every try.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Transporter } from 'nodemailer';
import type { MailTransport, OutgoingEmail } from './outbox.js';

/**
 * A nodemailer transporter made on the first message: nodemailer is loaded then, not at start-up, since
 * most runs send no mail early.
 */
function lazyTransporter(options: Parameters<typeof import('nodemailer').createTransport>[0]): () => Promise<Transporter> {
  let transporter: Promise<Transporter> | undefined;
  return () => (transporter ??= import('nodemailer').then((m) => m.default.createTransport(options)));
}

function toNodemailer(from: string, mail: OutgoingEmail) {
  const domain = /@([^\s>]+)>?\s*$/.exec(from)?.[1] ?? 'mentora.invalid';
  return {
    from,
    messageId: mail.id ? `<${mail.id}@${domain}>` : undefined,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    attachments: mail.attachments?.map((a) => ({ filename: a.filename, contentType: a.contentType, content: a.content, encoding: a.encoding })),
    // `List-Unsubscribe: <url>` (RFC 2369) and the one-click POST to it (RFC 8058 §3.1).
    list: mail.unsubscribeUrl ? { unsubscribe: mail.unsubscribeUrl } : undefined,
    headers: mail.unsubscribeUrl ? { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } : undefined,
  };
}

/**
 * SMTP through nodemailer (`smtp://user:pass@host:port`, `smtps://` for implicit TLS). Short timeouts: an
 * unreachable or stalled server fails the try quickly and the outbox retries later, instead of holding a
 * database connection and delaying shutdown.
 */
export function smtpTransport(smtpUrl: string, from: string): MailTransport {
  const transporter = lazyTransporter({ url: smtpUrl, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 });
  return {
    send: async (mail) => {
      await (await transporter()).sendMail(toNodemailer(from, mail));
    },
  };
}

/**
 * Writes each message as `<ISO time>-<random>.eml` in `dir` (made when missing), in the wire format the SMTP transport
 * sends: every line, the bodies' included, ended by CRLF (RFC 5322 §2.3; nodemailer's stream transport otherwise keeps
 * a body's bare LFs beside its CRLF headers). Written through the thread pool, not synchronously: a synchronous write cost less
 * CPU but held the event loop, requests included, while the disk was busy (docs/performance.md "Booking cost with its
 * e-mails").
 */
export function fileTransport(dir: string, from: string): MailTransport {
  const transporter = lazyTransporter({ streamTransport: true, buffer: true, newline: 'windows' });
  return {
    send: async (mail) => {
      const info = await (await transporter()).sendMail(toNodemailer(from, mail));
      const file = path.join(dir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${Math.random().toString(36).slice(2, 8)}.eml`);
      try {
        await writeFile(file, info.message as Buffer);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
        await mkdir(dir, { recursive: true });
        await writeFile(file, info.message as Buffer);
      }
    },
  };
}
