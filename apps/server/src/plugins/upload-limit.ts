import { AppError } from '@furrow/domain/errors';
import type { FastifyInstance } from 'fastify';
import { createMemoryRateLimiter, type RateRule } from '../adapters/rate-limiter';

/** Uploads per person across every upload route of this process, whose CPU decoding them costs. */
export const uploadRule: RateRule = { limit: 60, windowMs: 10 * 60_000 };

/**
 * Limits how many images one signed-in person uploads (a guest's upload is refused by the route).
 * One counter for every upload route, counted in memory: the CPU it protects is this process's.
 */
export function registerUploadLimit(app: FastifyInstance, rule: RateRule = uploadRule): void {
  const uploads = createMemoryRateLimiter();
  app.addHook('preHandler', async (request, reply) => {
    const multipart = request.headers['content-type']?.toLowerCase().startsWith('multipart/');
    if (!multipart || !request.session) return;
    const state = await uploads.hit(request.session.id, rule);
    if (state.allowed) return;
    const minutes = Math.max(1, Math.ceil(state.retryAfterMs / 60_000));
    reply.header('retry-after', String(Math.max(1, Math.ceil(state.retryAfterMs / 1000))));
    reply.header('connection', 'close');
    throw new AppError(
      'RATE_LIMITED',
      `Too many photos uploaded. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    );
  });
}
