/** Plain, accessible e-mail bodies (text + HTML) for Mentora's transactional messages. */
import type { OutgoingEmail } from './outbox.js';

/** `s` as HTML text or attribute value: the five characters HTML gives a meaning escaped. */
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A message with one call to action: a heading, paragraphs, and a button linking to `url`. */
export function actionEmail(opts: { to: string; subject: string; paragraphs: string[]; actionLabel: string; url: string }): OutgoingEmail {
  const { to, subject, paragraphs, actionLabel, url } = opts;
  const text = [...paragraphs, '', `${actionLabel}: ${url}`, '', '— The Mentora team'].join('\n');
  const html = `<!doctype html><html lang="en"><body style="font-family:system-ui,sans-serif;color:#0f172a;max-width:560px;margin:auto;padding:24px">
<h1 style="font-size:20px">${escapeHtml(subject)}</h1>
${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
<p><a href="${escapeHtml(url)}" style="display:inline-block;background:#4f46e5;color:#fff;padding:10px 18px;border-radius:8px;text-decoration:none">${escapeHtml(actionLabel)}</a></p>
<p style="font-size:13px;color:#475569">Or paste this link into your browser: <a href="${escapeHtml(url)}">${escapeHtml(url)}</a></p>
<p>— The Mentora team</p></body></html>`;
  return { to, subject, text, html };
}
