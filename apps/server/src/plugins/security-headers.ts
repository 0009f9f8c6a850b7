import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

// Google Identity Services, as Google documents its Content-Security-Policy needs.
const googleSignIn = {
  script: 'https://accounts.google.com/gsi/client',
  style: 'https://accounts.google.com/gsi/style',
  frame: 'https://accounts.google.com/gsi/',
  connect: 'https://accounts.google.com/gsi/',
};

/**
 * The browser may run the app's own scripts and Google's sign-in, and nothing else: the session token
 * sits in localStorage, where any injected script could read it. Styles may also be inline, since
 * the dialogs' scroll lock writes a `<style>` element; images may be `data:` (the favicon, the API
 * reference's icons) and `blob:` (a photo's preview before upload).
 */
function contentSecurityPolicy(https: boolean) {
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'", googleSignIn.script],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", "'unsafe-inline'", googleSignIn.style],
    'img-src': ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'"],
    'connect-src': ["'self'", googleSignIn.connect],
    'frame-src': [googleSignIn.frame],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
    ...(https ? { 'upgrade-insecure-requests': [] } : {}),
  };
}

/**
 * Headers every answer carries, pages and API alike: the policy above; no MIME sniffing (uploads are
 * served as stored); no framing by other sites; no full URLs (which may hold a reset token) leaked
 * to other origins; HSTS once Furrow is served over https (on http it would be ignored, and on
 * localhost it would hold the browser to https for a year).
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  options: { publicUrl: string },
): Promise<void> {
  const https = new URL(options.publicUrl).protocol === 'https:';
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(https) },
    // Google's sign-in popup has to report back to the page that opened it.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // Sibling subdomains may belong to other services, so HSTS stays on this host.
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: false } : false,
  });
}

/**
 * An API answer to a signed-in request, or one that may carry a session token (sign-in, sign-up),
 * is never kept by the browser or a cache on the way: the next person at a shared computer must not
 * find it. Answers that choose their own caching (public lists, images) keep it.
 */
export function registerNoStoreForPrivateAnswers(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply) => {
    if (!request.url.startsWith('/api/') || reply.hasHeader('cache-control')) return;
    if (request.headers.authorization !== undefined || request.method !== 'GET') {
      reply.header('cache-control', 'no-store');
    }
  });
}
