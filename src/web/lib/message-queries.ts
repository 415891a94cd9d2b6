/**
 * The one owner of the browser's cached message reads (docs/product.md "Messages"): every query that shows a
 * conversation, its messages or the unread count is keyed under ['messages'], so the live stream
 * (features/messages/use-message-stream.ts) and every write can refresh exactly them.
 */
export const messageKeys = {
  all: ['messages'] as const,
  /** GET /api/conversations: the inbox. */
  inbox: ['messages', 'inbox'] as const,
  /** GET /api/conversations/{id}. */
  conversation: (id: string) => ['messages', 'conversation', id] as const,
  /** GET /api/conversations/{id}/messages, page after page of older messages. */
  pages: (id: string) => ['messages', 'pages', id] as const,
  /** GET /api/messages/unread: the header's count. */
  unread: ['messages', 'unread'] as const,
};
