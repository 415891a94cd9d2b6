/**
 * Mail transports: SMTP through nodemailer when SMTP_URL is set, otherwise .eml files written to
 * DATA_DIR/mail (listed at /dev/mailbox outside production).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { MailTransport, OutgoingEmail } from './outbox.js';

function toNodemailer(from: string, mail: OutgoingEmail) {
  return {
    from,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    attachments: mail.attachments?.map((a) => ({ filename: a.filename, contentType: a.contentType, content: a.content })),
  };
}

export function smtpTransport(smtpUrl: string, from: string): MailTransport {
  const transporter = nodemailer.createTransport(smtpUrl);
  return {
    send: async (mail) => {
      await transporter.sendMail(toNodemailer(from, mail));
    },
  };
}

/** Writes each message as `<ISO time>-<random>.eml` in `dir`. */
export function fileTransport(dir: string, from: string): MailTransport {
  const transporter = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    send: async (mail) => {
      const info = await transporter.sendMail(toNodemailer(from, mail));
      await mkdir(dir, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${Math.random().toString(36).slice(2, 8)}.eml`;
      await writeFile(path.join(dir, name), info.message as Buffer);
    },
  };
}
