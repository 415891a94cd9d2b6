/**
 * Package endpoints (docs/product.md "Plans and packages"): an expert's offers (/api/me/packages), a published
 * expert's open offers (/api/experts/{id}/packages, read fresh: never kept), buying one, booking a session from a
 * purchase, the client's purchases and the expert's sales. Rules live in the services and use cases.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messages } from '../../../shared/messages.js';
import { errorResponse } from '../../../shared/schemas/common.js';
import {
  packageBookingInput,
  packageInput,
  packageList,
  packageView,
  purchaseAwaitingBank,
  purchaseInput,
  purchaseList,
  purchaseView,
} from '../../../shared/schemas/packages.js';
import { idempotencyHeader, sessionView } from '../../../shared/schemas/sessions.js';
import { requireUser } from '../../auth/guards.js';
import { reportingTo } from '../../infra/failure-report.js';
import type { SessionDeps } from '../sessions/booking-service.js';
import { bookPackageSession } from '../sessions/use-cases/book-package-session.js';
import { createPackage, listOwnPackages, listPublicPackages, updatePackage } from './offer-service.js';
import { buyPackage } from './use-cases/buy-package.js';
import { completePackagePayment } from './use-cases/settle-package-payment.js';
import { listMyPurchases, listMySales } from './use-cases/list-purchases.js';

const params = z.object({ id: z.string().max(200) });
const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse, 409: errorResponse };
const signIn = { signIn: 'required' } as const;

export const packageRoutes: FastifyPluginAsyncZod<SessionDeps> = async (app, deps) => {
  const tags = ['packages'];
  const { db } = deps;

  /** A published expert's open packages, cheapest first, each with its saving (cents) against single sessions. 404 unknown expert. */
  app.get('/api/experts/:id/packages', { schema: { tags, params, response: { 200: packageList, ...errors } } }, async (request) => ({
    packages: await listPublicPackages(db, request.params.id),
  }));

  /** The signed-in expert's packages, open and closed. 403 without an expert profile. */
  app.get('/api/me/packages', { config: signIn, schema: { tags, response: { 200: packageList, ...errors } } }, async (request) => ({
    packages: await listOwnPackages(db, await requireUser(request)),
  }));

  /** Offers a new package `packageInput`: 201 with it. 400 outside the limits; 403 without an expert profile. */
  app.post('/api/me/packages', { config: signIn, schema: { tags, body: packageInput, response: { 201: packageView, ...errors } } }, async (request, reply) =>
    reply.code(201).send(await createPackage(db, await requireUser(request), request.body)),
  );

  /** Changes (or closes, `open: false`) one of the expert's packages; buyers so far keep their terms. 404 not theirs. */
  app.put(
    '/api/me/packages/:id',
    { config: signIn, schema: { tags, params, body: packageInput, response: { 200: packageView, ...errors } } },
    async (request) => updatePackage(db, await requireUser(request), request.params.id, request.body),
  );

  /**
   * Buys package `id` by card (Idempotency-Key required): 201 `{ purchase }`, 200 on a replay with the same body, 422 with
   * another. 202 `{ purchaseId, paymentAction }` when the bank asks for 3-D Secure: nothing is bought until it confirms
   * (a replay meanwhile: 409 still confirming, 402 refused or abandoned). 400 invalid card; 402 declined; 403 not a
   * client, or one's own package; 404; 409 closed to new buyers.
   */
  app.post(
    '/api/packages/:id/purchases',
    {
      config: { ...signIn, rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags,
        params,
        headers: idempotencyHeader,
        body: purchaseInput,
        response: {
          200: z.object({ purchase: purchaseView }),
          201: z.object({ purchase: purchaseView }),
          202: purchaseAwaitingBank,
          402: errorResponse,
          422: errorResponse,
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request, messages.booking.signInToBook);
      const result = await buyPackage(reportingTo(deps, request), user, request.params.id, request.body, request.headers['idempotency-key']);
      if ('awaitingBank' in result) {
        const { purchaseId, clientSecret } = result.awaitingBank;
        return reply.code(202).send({ purchaseId, paymentAction: { clientSecret } });
      }
      return reply.code(result.replayed ? 200 : 201).send({ purchase: result.purchase });
    },
  );

  /**
   * After the bank's 3-D Secure step in the browser: asks the processor and answers the purchase `id` once the bank
   * confirmed (docs/product.md "Plans and packages", "Buying"). 409 while it still confirms; 402 refused, or abandoned
   * for a day; 404 not the caller's.
   */
  app.post(
    '/api/package-purchases/:id/payment',
    {
      config: { ...signIn, rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: { tags, params, response: { 200: z.object({ purchase: purchaseView }), 402: errorResponse, ...errors } },
    },
    async (request) => ({ purchase: await completePackagePayment(deps, await requireUser(request), request.params.id) }),
  );

  /** The signed-in client's package purchases, newest first, with sessions left and expiry. */
  app.get('/api/me/package-purchases', { config: signIn, schema: { tags, response: { 200: purchaseList, ...errors } } }, async (request) => ({
    purchases: await listMyPurchases(db, await requireUser(request)),
  }));

  /** The signed-in expert's packages sold, newest first. */
  app.get('/api/me/package-sales', { config: signIn, schema: { tags, response: { 200: purchaseList, ...errors } } }, async (request) => ({
    purchases: await listMySales(db, await requireUser(request)),
  }));

  /**
   * Books a session from purchase `id` with no card step (Idempotency-Key required): 201 `{ session }`, 200 on a
   * replay, 422 another body. 400 past time; 403 not a client; 404 not the caller's purchase; 409 expired, after the
   * expiry, none left, time not offered or taken.
   */
  app.post(
    '/api/package-purchases/:id/sessions',
    {
      config: { ...signIn, rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags,
        params,
        headers: idempotencyHeader,
        body: packageBookingInput,
        response: { 200: z.object({ session: sessionView }), 201: z.object({ session: sessionView }), 422: errorResponse, ...errors },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request, messages.booking.signInToBook);
      const result = await bookPackageSession(reportingTo(deps, request), user, request.params.id, request.body, request.headers['idempotency-key']);
      return reply.code(result.replayed ? 200 : 201).send({ session: result.session });
    },
  );
};
