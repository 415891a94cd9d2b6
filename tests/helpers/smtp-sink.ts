/**
 * A real SMTP server for tests (`smtp-server`), listening on 127.0.0.1. Every message it accepts is parsed
 * with `mailparser` and kept in `messages`. It can be stopped and started again on the same port (an SMTP
 * outage), and can refuse chosen recipients with a permanent 550.
 */
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { freePort } from './server-process.js';

export type SmtpSink = {
  port: number;
  /** smtp://127.0.0.1:port — a value for SMTP_URL. */
  url: string;
  messages: ParsedMail[];
  start: () => Promise<void>;
  stop: () => Promise<void>;
  /** Resolves once `count` messages arrived; rejects after `timeoutMs`. */
  waitFor: (count: number, timeoutMs?: number) => Promise<void>;
};

export async function smtpSink(opts: { refuse?: (address: string) => boolean } = {}): Promise<SmtpSink> {
  const port = await freePort();
  const messages: ParsedMail[] = [];
  let server: SMTPServer | null = null;
  const sink: SmtpSink = {
    port,
    url: `smtp://127.0.0.1:${port}`,
    messages,
    start: async () => {
      server = new SMTPServer({
        authOptional: true,
        disabledCommands: ['STARTTLS'],
        logger: false,
        onRcptTo(address, _session, callback) {
          if (opts.refuse?.(address.address)) return callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }));
          callback();
        },
        onData(stream, _session, callback) {
          simpleParser(stream).then(
            (mail) => {
              messages.push(mail);
              callback();
            },
            (err: Error) => callback(err),
          );
        },
      });
      await new Promise<void>((resolve, reject) => {
        server!.once('error', reject);
        server!.listen(port, '127.0.0.1', () => resolve());
      });
    },
    stop: async () => {
      const s = server;
      server = null;
      if (s) await new Promise<void>((resolve) => s.close(() => resolve()));
    },
    waitFor: async (count, timeoutMs = 20_000) => {
      const deadline = Date.now() + timeoutMs;
      while (messages.length < count) {
        if (Date.now() > deadline) throw new Error(`expected ${count} messages, got ${messages.length}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
  };
  await sink.start();
  return sink;
}
