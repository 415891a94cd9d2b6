/** GET /api/sessions/{id}/receipt.pdf: the session's PDF receipt for its client (sessions/use-cases/get-receipt.ts, docs/product.md "Payments"). */
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponse } from '../../../shared/schemas/common.js';
import { requireUser } from '../../auth/guards.js';
import type { Db } from '../../db/client.js';
import { receiptPdf } from './receipt-pdf.js';
import { getPackageReceipt } from '../packages/use-cases/get-package-receipt.js';
import { getReceipt, type ReceiptDocument } from '../sessions/use-cases/get-receipt.js';

/** Sends `receipt` as the download `filename`, never cached. */
function sendPdf(reply: FastifyReply, { filename, receipt }: { filename: string; receipt: ReceiptDocument }) {
  // Fastify sends a stream as it comes, past the serializer; the 200 schema above only documents the body.
  const pdf = receiptPdf(receipt) as unknown as string;
  return reply
    .type('application/pdf')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'private, no-store')
    .send(pdf);
}

export const receiptRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  /**
   * Streams `application/pdf` as an attachment named 'mentora-receipt-<YYYY-MM-DD>.pdf', never cached. 401 visitor,
   * 403 not the session's client (its expert too), 404 unknown session or no completed payment.
   */
  app.get(
    '/api/sessions/:id/receipt.pdf',
    {
      config: {
        signIn: 'required',
        openapi: {
          description: 'The answer is `application/pdf` (a download): amount, expert, dates in the client’s zone, card brand and last four, refunds.',
          answers: { 200: 'application/pdf' },
        },
      },
      schema: {
        tags: ['payments'],
        params: z.object({ id: z.string().max(64) }),
        response: { 200: z.string().describe('The PDF receipt'), 401: errorResponse, 403: errorResponse, 404: errorResponse },
      },
    },
    async (request, reply) => sendPdf(reply, await getReceipt(db, await requireUser(request), request.params.id)),
  );

  /** A package purchase's PDF receipt for its client, as a session's (docs/product.md "Plans and packages"). 401 visitor; 404 unknown or not theirs. */
  app.get(
    '/api/package-purchases/:id/receipt.pdf',
    {
      config: {
        signIn: 'required',
        openapi: {
          description: 'The answer is `application/pdf` (a download): amount, package, dates in the client’s zone, card, refunds.',
          answers: { 200: 'application/pdf' },
        },
      },
      schema: {
        tags: ['payments', 'packages'],
        params: z.object({ id: z.string().max(64) }),
        response: { 200: z.string().describe('The PDF receipt'), 401: errorResponse, 404: errorResponse },
      },
    },
    async (request, reply) => sendPdf(reply, await getPackageReceipt(db, await requireUser(request), request.params.id)),
  );
};
