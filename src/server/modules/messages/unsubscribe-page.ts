/**
 * The page of an unsubscribe link opened in a browser (docs/product.md "Messages"): opening it changes nothing —
 * link checkers and mail filters open links too (RFC 8058 §1) — it asks, and its button sends the same one-click
 * POST a mail program sends; the answer to that POST says it is done. A page of its own, without the web app: it
 * carries Mentora's look in one inline style sheet, which its Content-Security-Policy allows by hash and nothing else.
 */
import { createHash } from 'node:crypto';
import { messages } from '../../../shared/messages.js';
import { escapeHtml } from '../../infra/mail/templates.js';

const words = messages.messaging;

// The web app's colours and type (src/web/styles.css): brand indigo on slate, a white card on a light page.
const style = `*{box-sizing:border-box}body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;padding:1rem;background:#f8fafc;color:#0f172a;font:16px/1.5 ui-sans-serif,system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}main{width:100%;max-width:28rem;background:#fff;border:1px solid #e2e8f0;border-radius:.75rem;box-shadow:0 1px 2px rgb(0 0 0/.05);padding:2rem}.brand{margin:0 0 1rem;font-weight:700;font-size:1.25rem;color:#4338ca}h1{margin:0 0 .75rem;font-size:1.375rem;line-height:1.3}p{margin:0 0 1rem;color:#334155}button{display:inline-flex;min-height:2.75rem;align-items:center;border:0;border-radius:.5rem;background:#4f46e5;color:#fff;padding:.625rem 1.25rem;font:inherit;font-weight:600;cursor:pointer}button:hover{background:#4338ca}button:focus-visible,a:focus-visible{outline:2px solid #4f46e5;outline-offset:2px}a{color:#4338ca;font-weight:500}.done{border-radius:.5rem;background:#f0fdf4;color:#166534;padding:.75rem 1rem}.small{margin:1.5rem 0 0;font-size:.875rem;color:#475569}`;

/**
 * The page's Content-Security-Policy: nothing loads or runs; its one style sheet (by hash); its form posts only to
 * this site.
 */
export const unsubscribePagePolicy = `default-src 'none';style-src 'sha256-${createHash('sha256').update(style).digest('base64')}';form-action 'self';base-uri 'none';frame-ancestors 'none'`;

/** The page as HTML: `ask` (before, with the button posting to the page's own address) or `done` (after). */
export function unsubscribePage(state: 'ask' | 'done'): string {
  const body =
    state === 'ask'
      ? `<p>${escapeHtml(words.unsubscribeAsk)}</p>
<form method="post"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">${escapeHtml(words.unsubscribeButton)}</button></form>`
      : `<p class="done" role="status">${escapeHtml(words.unsubscribed)}</p>`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(words.unsubscribeTitle)} · Mentora</title><style>${style}</style></head>
<body><main><p class="brand">Mentora</p><h1>${escapeHtml(words.unsubscribeTitle)}</h1>
${body}
<p class="small"><a href="/account">${escapeHtml(words.unsubscribeUndo)}</a></p></main></body></html>`;
}
