/**
 * The page of an unsubscribe link opened in a browser (docs/product.md "Messages"): opening it changes nothing —
 * link checkers and mail filters open links too (RFC 8058 §1) — it asks, and its button sends the same one-click
 * POST a mail program sends; the answer to that POST says it is done.
 */
import { messages } from '../../../shared/messages.js';
import { escapeHtml } from '../../infra/mail/templates.js';

const words = messages.messaging;

/** The page as HTML: `ask` (before, with the button posting to the page's own address) or `done` (after). */
export function unsubscribePage(state: 'ask' | 'done'): string {
  const body =
    state === 'ask'
      ? `<p>${escapeHtml(words.unsubscribeAsk)}</p>
<form method="post"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">${escapeHtml(words.unsubscribeButton)}</button></form>`
      : `<p>${escapeHtml(words.unsubscribed)}</p>`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(words.unsubscribeTitle)} · Mentora</title></head>
<body><main><h1>${escapeHtml(words.unsubscribeTitle)}</h1>
${body}
<p><a href="/account">${escapeHtml(words.unsubscribeUndo)}</a></p></main></body></html>`;
}
