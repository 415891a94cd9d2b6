/**
 * The catalogue's first load: the whole catalogue is read once the server is ready — not on the first visitor's
 * search — while /healthz already answers and /readyz answers 503 (http/health.ts), so a load balancer sends no
 * visitor before it has finished. A failed load is logged, counted (`catalogue_load`) and tried again
 * `wholeReadGapMs` later until it succeeds or the server closes.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { wholeReadGapMs, type CatalogueIndex } from './catalogue-index.js';

export const catalogueLoad = fp(async (app: FastifyInstance, { catalogue }: { catalogue: CatalogueIndex }) => {
  let closing = false;
  let retry: NodeJS.Timeout | undefined;
  const load = () => {
    catalogue.fresh().catch((err: unknown) => {
      app.log.error({ err }, 'catalogue load failed');
      app.metrics.countFailure('catalogue_load');
      if (!closing) retry = setTimeout(load, wholeReadGapMs).unref();
    });
  };
  app.addHook('onReady', () => load());
  app.addHook('onClose', () => {
    closing = true;
    clearTimeout(retry);
  });
});
