/** Contracts of the messages endpoints (docs/product.md "Messages"). Times are ISO-8601 instants (UTC). */
import { z } from 'zod';
import { messages } from '../messages.js';
import { pageQuery } from './common.js';
import { messageMaxLength, messageMinLength, messagePageSize } from '../messaging.js';

const uuid = (message: string) => z.uuid({ error: message });

/** POST /api/conversations: with an expert (from their profile; by uuid or slug), or with the other party of a session. */
export const startConversationInput = z.union([
  z.strictObject({ expertId: z.string().trim().min(1, messages.messaging.expertNotFound).max(200, messages.messaging.expertNotFound) }),
  z.strictObject({ sessionId: uuid(messages.messaging.sessionNotFound) }),
]);
export type StartConversationInput = z.infer<typeof startConversationInput>;

/** The text of a message: trimmed, at most 5 000 characters (the fewest: `messageMinLength`). */
export const messageBody = z.string({ error: messages.messaging.empty }).trim().max(messageMaxLength, messages.messaging.tooLong(messageMaxLength));

/**
 * POST /api/conversations/:id/messages: `id` is made by the sender's browser once per message and sent again on a
 * retry. `body` is 1–5 000 characters once trimmed, or 0–5 000 (may be empty) with an attachment.
 */
export const sendMessageInput = z
  .strictObject({
    id: uuid(messages.messaging.idReused),
    body: messageBody,
    /** A file uploaded with purpose `attachment` (POST /api/files?purpose=attachment) by the sender, not sent before. */
    attachmentId: uuid(messages.messaging.attachmentNotFound).optional(),
  })
  .refine((m) => m.body.length >= messageMinLength(m.attachmentId !== undefined), { path: ['body'], error: messages.messaging.empty });
export type SendMessageInput = z.infer<typeof sendMessageInput>;

/** POST /api/conversations/:id/read: every message up to and including `upTo` is read. */
export const markReadInput = z.strictObject({ upTo: uuid(messages.messaging.messageNotFound) });

/** GET /api/conversations/:id/messages: the page of messages just older than message `before` (the newest without it). */
export const messagePageQuery = z.strictObject({
  before: uuid(messages.messaging.messageNotFound).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(messagePageSize),
});

export const conversationParams = z.object({ id: z.uuid({ error: messages.messaging.notFound }) });

/** A PDF or image sent with a message, downloadable at `url` (GET /api/files/{id}) by the two participants only, and by the team once the conversation is reported. */
const attachmentView = z.object({ id: z.string(), name: z.string(), contentType: z.string(), sizeBytes: z.number().int(), url: z.string() });

/** One message as its reader sees it: `mine` when the reader wrote it. */
export const messageView = z.object({
  id: z.string(),
  conversationId: z.string(),
  body: z.string(),
  sentAt: z.string(),
  mine: z.boolean(),
  attachment: attachmentView.nullable(),
});
export type MessageView = z.infer<typeof messageView>;

/** The other participant, as the reader sees them: the expert's public name and photo, or the client's name (a client's photo is private). */
export const otherParty = z.object({
  role: z.enum(['client', 'expert']),
  name: z.string(),
  imageUrl: z.string().nullable(),
  /** The expert's profile path part, when the other party is an expert. */
  expertSlug: z.string().nullable(),
});

/** Who blocked whom in a conversation, as the reader sees it. */
const blockState = z.object({ byMe: z.boolean(), byOther: z.boolean() });

/** One conversation in the reader's inbox. `otherReadAt`: the send time of the last message the other party has read. */
export const conversationView = z.object({
  id: z.string(),
  other: otherParty,
  lastMessage: z.object({ body: z.string(), sentAt: z.string(), mine: z.boolean() }).nullable(),
  unread: z.number().int(),
  lastActivityAt: z.string(),
  otherReadAt: z.string().nullable(),
  /** Who blocked whom here (docs/product.md "Messages"): `byMe` the reader blocked the other, `byOther` the other blocked the reader. */
  blocked: blockState,
});
export type ConversationView = z.infer<typeof conversationView>;

export const conversationList = z.object({ conversations: z.array(conversationView) });
export type ConversationList = z.infer<typeof conversationList>;

/** A page of messages, oldest first; `hasMore` when older ones exist. */
export const messagePage = z.object({ messages: z.array(messageView), hasMore: z.boolean() });
export type MessagePage = z.infer<typeof messagePage>;

/** How many messages the reader has not read, in all their conversations. */
export const unreadCount = z.object({ unread: z.number().int() });

/**
 * The data of one event of GET /api/messages/stream (its SSE `id` is the event's number in the reader's stream):
 * `message` a new message in one of the reader's conversations (theirs or the other party's), `read` one side read up
 * to `readAt` (`byMe`: the reader, on another page), `block` either side blocked or unblocked the other (`blocked`,
 * as the reader sees it), and `hello`, first on a new connection, when the page must
 * re-read what it shows. Each carries the reader's unread count after it.
 */
export const streamEvent = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('message'), conversationId: z.string(), message: messageView, unread: z.number().int() }),
  z.object({ kind: z.literal('read'), conversationId: z.string(), byMe: z.boolean(), readAt: z.string(), unread: z.number().int() }),
  z.object({ kind: z.literal('block'), conversationId: z.string(), blocked: blockState, unread: z.number().int() }),
  z.object({ kind: z.literal('hello'), unread: z.number().int() }),
]);
export type StreamEvent = z.infer<typeof streamEvent>;

/**
 * GET and PUT /api/me/message-emails: whether the account gets an e-mail about messages still unread after a while
 * (docs/product.md "Messages").
 */
export const messageEmailSettings = z.strictObject({ enabled: z.boolean({ error: messages.messaging.emailsSwitch }) });
export type MessageEmailSettings = z.infer<typeof messageEmailSettings>;

/**
 * POST /api/unsubscribe/:token: the one-click body mail programs send, `List-Unsubscribe=One-Click` (RFC 8058 §3.2),
 * as a form or JSON.
 */
export const oneClickUnsubscribe = z.object({ 'List-Unsubscribe': z.literal('One-Click') });

/** POST /api/conversations/:id/report: what is wrong, for the team (1–2 000 characters once trimmed). */
export const reportConversationInput = z.strictObject({
  reason: z.string({ error: messages.messaging.reportReason }).trim().min(1, messages.messaging.reportReason).max(2000, messages.messaging.reportReason),
});
export type ReportConversationInput = z.infer<typeof reportConversationInput>;

/** A report as its author sees it. */
export const conversationReport = z.object({
  id: z.string(),
  conversationId: z.string(),
  status: z.enum(['open', 'dismissed', 'suspended']),
  createdAt: z.string(),
});
export type ConversationReport = z.infer<typeof conversationReport>;

/** GET /api/admin/message-reports: `status` open (the queue, oldest first) or handled (newest first), a page at a time. */
export const messageReportListQuery = pageQuery.extend({ status: z.enum(['open', 'handled']).default('open') });

/** A report in the team console: who reported whom (names and e-mails), why, and what the team did. */
export const messageReportView = z.object({
  id: z.string(),
  conversationId: z.string(),
  status: z.enum(['open', 'dismissed', 'suspended']),
  reason: z.string(),
  createdAt: z.string(),
  handledAt: z.string().nullable(),
  reporter: z.object({ id: z.string(), name: z.string(), email: z.string(), role: z.enum(['client', 'expert']) }),
  reported: z.object({ id: z.string(), name: z.string(), email: z.string(), role: z.enum(['client', 'expert']), messagingSuspended: z.boolean() }),
});
export type MessageReportView = z.infer<typeof messageReportView>;
export const messageReportList = z.object({ items: z.array(messageReportView), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() });
export type MessageReportList = z.infer<typeof messageReportList>;

/** GET /api/admin/message-reports/:id: the report and the reported conversation's messages (oldest first; at most the last 500), read-only. */
export const messageReportDetail = z.object({
  report: messageReportView,
  messages: z.array(
    z.object({ id: z.string(), body: z.string(), sentAt: z.string(), senderRole: z.enum(['client', 'expert']), attachment: attachmentView.nullable() }),
  ),
});
export type MessageReportDetail = z.infer<typeof messageReportDetail>;
