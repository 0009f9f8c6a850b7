import type { FastifyInstance } from 'fastify';
import { inArrival, nextArrival } from '../db/arrival-order';

declare module 'fastify' {
  interface FastifyRequest {
    /** The request's place in the order of arrival, in which its statements take their turns. */
    arrival: number;
  }
}

/**
 * Gives each request its place in the order of arrival as it arrives, before any other hook, so
 * that the embedded database serves requests first come, first served (`db/arrival-order.ts`).
 */
export function registerArrivalOrder(app: FastifyInstance): void {
  app.decorateRequest('arrival', 0);
  app.addHook('onRequest', (request, _reply, done) => {
    request.arrival = nextArrival();
    inArrival(request.arrival, done);
  });
  // A body is read in the socket's own context: the hooks and the handler that follow its last
  // chunk are put back in the request's.
  app.addHook('preValidation', (request, _reply, done) => inArrival(request.arrival, done));
}
