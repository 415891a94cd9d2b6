/**
 * The team console's conversation reports under /api/admin/message-reports (docs/product.md "Messages", "Team
 * console"). Every route answers 401 to visitors and 403 to any account that is not an admin, in an onRequest hook
 * before the body is read. Rules live in report-review-service.ts.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParams } from '../../../shared/schemas/admin.js';
import { errorResponse } from '../../../shared/schemas/common.js';
import { messageReportDetail, messageReportList, messageReportListQuery, messageReportView } from '../../../shared/schemas/conversations.js';
import { requireRole } from '../../auth/guards.js';
import type { Db } from '../../db/client.js';
import { handleMessageReport, listMessageReports, viewMessageReport } from './report-review-service.js';

const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse, 409: errorResponse };

export const messageReportRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const tags = ['admin', 'messages'];
  const admin = (request: Parameters<typeof requireRole>[0]) => requireRole(request, ['admin']);
  // Encapsulated: the hook guards exactly the routes of this plugin.
  app.addHook('onRequest', async (request) => {
    await admin(request);
  });

  /** Reports of conversations: `status=open` (the queue, oldest first; default) or `handled` (newest first). */
  app.get(
    '/api/admin/message-reports',
    { config: { signIn: 'required' }, schema: { tags, querystring: messageReportListQuery, response: { 200: messageReportList, ...errors } } },
    async (request) => listMessageReports(db, request.query),
  );

  /** One report and the reported conversation, read-only; each call is written to the audit log. */
  app.get(
    '/api/admin/message-reports/:id',
    { config: { signIn: 'required' }, schema: { tags, params: idParams, response: { 200: messageReportDetail, ...errors } } },
    async (request) => viewMessageReport(db, (await admin(request)).id, request.params.id),
  );

  /** Dismisses an open report (nothing else changes). 404 unknown, 409 already handled. */
  app.post(
    '/api/admin/message-reports/:id/dismiss',
    { config: { signIn: 'required' }, schema: { tags, params: idParams, response: { 200: messageReportView, ...errors } } },
    async (request) => handleMessageReport(db, (await admin(request)).id, request.params.id, 'dismissed'),
  );

  /** Closes an open report and suspends the reported account's messaging (no sending, no new conversations). 404 unknown, 409 already handled. */
  app.post(
    '/api/admin/message-reports/:id/suspend',
    { config: { signIn: 'required' }, schema: { tags, params: idParams, response: { 200: messageReportView, ...errors } } },
    async (request) => handleMessageReport(db, (await admin(request)).id, request.params.id, 'suspended'),
  );
};
