/**
 * The PDF receipts, each for its paying client (docs/product.md "Payments"): a session's (sessions/use-cases/get-receipt.ts),
 * a package purchase's and a plan's paid month's (packages/use-cases/get-package-receipt.ts, plans/use-cases/get-period-receipt.ts).
 */
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponse } from '../../../shared/schemas/common.js';
import type { CurrentUser } from '../../auth/plugin.js';
import { requireUser } from '../../auth/guards.js';
import type { Db } from '../../db/client.js';
import { receiptPdf } from './receipt-pdf.js';
import { getPackageReceipt } from '../packages/use-cases/get-package-receipt.js';
import { getPeriodReceipt } from '../plans/use-cases/get-period-receipt.js';
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

type Load = (db: Db, user: CurrentUser, id: string) => Promise<{ filename: string; receipt: ReceiptDocument }>;

export const receiptRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  /**
   * GET `path` streams `application/pdf` as an attachment named 'mentora-receipt-<YYYY-MM-DD>.pdf', never cached, for
   * the charge `load` finds for the signed-in user. 401 visitor; the other errors are `load`'s (`errors`).
   */
  const receipt = (path: string, tags: string[], what: string, errors: (403 | 404)[], load: Load) =>
    app.get(
      path,
      {
        config: {
          signIn: 'required',
          openapi: { description: `The answer is \`application/pdf\` (a download): ${what}.`, answers: { 200: 'application/pdf' } },
        },
        schema: {
          tags,
          params: z.object({ id: z.string().max(64) }),
          response: { 200: z.string().describe('The PDF receipt'), 401: errorResponse, ...Object.fromEntries(errors.map((code) => [code, errorResponse])) },
        },
      },
      async (request, reply) => sendPdf(reply, await load(db, await requireUser(request), request.params.id)),
    );

  // A session's: 403 not the session's client (its expert too), 404 unknown session or no completed payment.
  receipt(
    '/api/sessions/:id/receipt.pdf',
    ['payments'],
    'amount, expert, dates in the client’s zone, card brand and last four, refunds',
    [403, 404],
    getReceipt,
  );
  // A package purchase's, as a session's (docs/product.md "Plans and packages"): 404 unknown or not theirs.
  receipt(
    '/api/package-purchases/:id/receipt.pdf',
    ['payments', 'packages'],
    'amount, package, dates in the client’s zone, card, refunds',
    [404],
    getPackageReceipt,
  );
  // A plan's paid month's: the month's dates and sessions, the refunds of its unused sessions. 404 unknown, not theirs or a free trial.
  receipt(
    '/api/plan-periods/:id/receipt.pdf',
    ['payments', 'plans'],
    'amount, the plan month’s dates and sessions in the client’s zone, card, refunds',
    [404],
    getPeriodReceipt,
  );
};
