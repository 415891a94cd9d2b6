/** Messages endpoints (docs/product.md "Messages"). Rules live in conversation-service.ts and message-service.ts. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponse } from '../../../shared/schemas/common.js';
import {
  conversationList,
  conversationParams,
  conversationView,
  conversationReport,
  markReadInput,
  reportConversationInput,
  messageEmailSettings as messageEmailSettingsSchema,
  messagePage as messagePageSchema,
  messagePageQuery,
  messageView,
  sendMessageInput,
  startConversationInput,
  unreadCount,
} from '../../../shared/schemas/conversations.js';
import { z } from 'zod';
import { requireUser } from '../../auth/guards.js';
import type { Db } from '../../db/client.js';
import { getConversation, listConversations, startConversation } from './conversation-service.js';
import { setBlocked } from './block-service.js';
import { messageEmailSettings, saveMessageEmailSettings } from './email-settings-service.js';
import { reportConversation } from './report-service.js';
import { markRead, messagePage, sendMessage } from './message-service.js';
import { unreadTotal } from './stream-events.js';

const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse, 429: errorResponse };

export const messageRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const tags = ['messages'];

  /**
   * Starts the conversation with an expert (`{ expertId }`: uuid or slug, clients only) or with the other party of a
   * session (`{ sessionId }`): 201 `{ conversation }`, or 200 with the pair's existing one. 403 / 404 / 429 — see
   * startConversation; 429 also past 10 starts a minute.
   */
  app.post(
    '/api/conversations',
    {
      config: { signIn: 'required', rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        tags,
        body: startConversationInput,
        response: { 200: z.object({ conversation: conversationView }), 201: z.object({ conversation: conversationView }), ...errors },
      },
    },
    async (request, reply) => {
      const { conversation, created } = await startConversation(db, await requireUser(request), request.body);
      return reply.status(created ? 201 : 200).send({ conversation });
    },
  );

  /** The caller's conversations, the most recent first (at most 100), each with the other person, the last message and its unread count. */
  app.get(
    '/api/conversations',
    { config: { signIn: 'required' }, schema: { tags, response: { 200: conversationList, 401: errorResponse } } },
    async (request) => ({ conversations: await listConversations(db, (await requireUser(request)).id) }),
  );

  /** One of the caller's conversations; 404 for anyone but its two participants. */
  app.get(
    '/api/conversations/:id',
    {
      config: { signIn: 'required' },
      schema: { tags, params: conversationParams, response: { 200: z.object({ conversation: conversationView }), ...errors } },
    },
    async (request) => ({ conversation: await getConversation(db, (await requireUser(request)).id, request.params.id) }),
  );

  /** A page of messages, oldest first: the newest `limit` (30), or those just older than message `before`. */
  app.get(
    '/api/conversations/:id/messages',
    {
      config: { signIn: 'required' },
      schema: { tags, params: conversationParams, querystring: messagePageQuery, response: { 200: messagePageSchema, ...errors } },
    },
    async (request) => messagePage(db, (await requireUser(request)).id, request.params.id, request.query),
  );

  /**
   * Sends a message: 201 `{ message }`; 200 with the first one when its `id` was already sent (a retry). 400 bad text,
   * 404 not a participant, 422 the id names another message, 429 past 30 messages a minute.
   */
  app.post(
    '/api/conversations/:id/messages',
    {
      config: { signIn: 'required', rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags,
        params: conversationParams,
        body: sendMessageInput,
        response: { 200: z.object({ message: messageView }), 201: z.object({ message: messageView }), 422: errorResponse, ...errors },
      },
    },
    async (request, reply) => {
      const me = await requireUser(request);
      const { message, replayed } = await sendMessage(db, me.id, request.params.id, request.body, request.barrierToken());
      // A new message's transaction notified with the token: the answer waits for that, not a sync of its own.
      if (!replayed) request.barrierCommitted();
      return reply.status(replayed ? 200 : 201).send({ message });
    },
  );

  /** Marks the conversation read up to message `upTo`: 200 `{ unread }`, the caller's unread count in all conversations. */
  app.post(
    '/api/conversations/:id/read',
    {
      config: { signIn: 'required', rateLimit: { max: 120, timeWindow: '1 minute' } },
      schema: { tags, params: conversationParams, body: markReadInput, response: { 200: unreadCount, ...errors } },
    },
    async (request) => markRead(db, (await requireUser(request)).id, request.params.id, request.body.upTo),
  );

  /** How many messages the caller has not read, in all conversations (the header's count). */
  app.get(
    '/api/messages/unread',
    { config: { signIn: 'required' }, schema: { tags, response: { 200: unreadCount, 401: errorResponse } } },
    async (request) => ({ unread: await unreadTotal(db, (await requireUser(request)).id) }),
  );

  /** Whether the caller gets e-mails about messages still unread after MESSAGE_EMAIL_DELAY_MS: `{ enabled }`. */
  app.get(
    '/api/me/message-emails',
    { config: { signIn: 'required' }, schema: { tags, response: { 200: messageEmailSettingsSchema, 401: errorResponse } } },
    async (request) => messageEmailSettings(db, (await requireUser(request)).id),
  );

  /** Switches the caller's e-mails about unread messages on or off (`{ enabled }`): 200 the setting; 400 not a boolean. */
  app.put(
    '/api/me/message-emails',
    {
      config: { signIn: 'required' },
      schema: { tags, body: messageEmailSettingsSchema, response: { 200: messageEmailSettingsSchema, 400: errorResponse, 401: errorResponse } },
    },
    async (request) => saveMessageEmailSettings(db, (await requireUser(request)).id, request.body),
  );

  /** Blocks the other participant (either side may): they can no longer send here. 200 `{ conversation }`; 404 not a participant. */
  app.post(
    '/api/conversations/:id/block',
    {
      config: { signIn: 'required', rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: { tags, params: conversationParams, response: { 200: z.object({ conversation: conversationView }), ...errors } },
    },
    async (request) => ({ conversation: await setBlocked(db, (await requireUser(request)).id, request.params.id, true) }),
  );

  /** Lifts the caller's block of the other participant. 200 `{ conversation }`; 404 not a participant. */
  app.delete(
    '/api/conversations/:id/block',
    {
      config: { signIn: 'required', rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: { tags, params: conversationParams, response: { 200: z.object({ conversation: conversationView }), ...errors } },
    },
    async (request) => ({ conversation: await setBlocked(db, (await requireUser(request)).id, request.params.id, false) }),
  );

  /**
   * Reports the conversation to the team with a reason: 201 `{ report }`. 400 no reason, 404 not a participant, 409 the
   * caller's earlier report of it is still open, 429 past 10 reports a minute.
   */
  app.post(
    '/api/conversations/:id/report',
    {
      config: { signIn: 'required', rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        tags,
        params: conversationParams,
        body: reportConversationInput,
        response: { 201: z.object({ report: conversationReport }), 409: errorResponse, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ report: await reportConversation(db, (await requireUser(request)).id, request.params.id, request.body) }),
  );
};
