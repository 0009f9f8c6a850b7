import type { FastifyInstance } from 'fastify';

/**
 * Headers every answer carries: no MIME sniffing (uploads are served as stored), no framing of the
 * app by other sites, and no full URLs (which may hold a reset token) leaked to other origins.
 */
const headers = {
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'strict-origin-when-cross-origin',
} as const;

export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (_request, reply) => {
    reply.headers(headers);
  });
}
