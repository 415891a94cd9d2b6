/** The e-mail about messages left unread (docs/product.md "Messages", "When the other person is away"). */
import { actionEmail } from '../../infra/mail/templates.js';
import type { OutgoingEmail } from '../../infra/mail/outbox.js';

/** At most this many lines and characters of the unread messages are quoted; the rest is read on Mentora. */
const excerptLines = 5;
const excerptChars = 400;

/**
 * "New message from {name}" to `to`: the first lines of `bodies` (the unread messages, oldest first), how many are
 * unread, a link to conversation `conversationId` and how to turn these e-mails off: on the account page, or in one
 * click from the mail program through `unsubscribeUrl` (unsubscribe-link.ts). `baseUrl` is the site's origin.
 */
export function unreadMessagesEmail(opts: {
  to: string;
  senderName: string;
  bodies: string[];
  unread: number;
  conversationId: string;
  baseUrl: string;
  unsubscribeUrl: string;
}): OutgoingEmail {
  const lines = opts.bodies.join('\n').split('\n').slice(0, excerptLines).join('\n');
  const excerpt = lines.length > excerptChars ? `${lines.slice(0, excerptChars - 1)}…` : lines;
  const email = actionEmail({
    to: opts.to,
    subject: `New message from ${opts.senderName}`,
    paragraphs: [
      `${opts.senderName} wrote to you on Mentora${opts.unread > 1 ? ` (${opts.unread} unread messages)` : ''}:`,
      excerpt,
      `You get this e-mail because a message was still unread after a while. You can turn these e-mails off on your account page: ${opts.baseUrl}/account`,
    ],
    actionLabel: 'Open the conversation',
    url: `${opts.baseUrl}/messages/${opts.conversationId}`,
  });
  return { ...email, unsubscribeUrl: opts.unsubscribeUrl };
}
