import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { createGoogleVerifier, type GoogleVerifier } from './adapters/google-identity';
import { createMailer, type Mailer } from './adapters/mail';
import { createRateLimiter, type RateLimiter } from './adapters/rate-limiter';
import { localDiskStorage, type Storage, serveLocalUploads } from './adapters/storage';
import { createBackground } from './background';
import type { Config } from './config';
import type { Database } from './db/client';
import { authRoutes } from './modules/auth/auth.routes';
import { categoriesRoutes } from './modules/categories/categories.routes';
import { farmersRoutes } from './modules/farmers/farmers.routes';
import { farmsRoutes } from './modules/farms/farms.routes';
import { geoRoutes } from './modules/geo/geo.routes';
import { healthRoutes } from './modules/health/health.routes';
import { browseRoutes } from './modules/products/browse.routes';
import { productsRoutes } from './modules/products/products.routes';
import { usersRoutes } from './modules/users/users.routes';
import { registerErrorHandler } from './plugins/error-handler';
import { registerSecurityHeaders } from './plugins/security-headers';
import { registerSession } from './plugins/session';

/** Spec 9: a string value may be up to 10,485,760 bytes; no body may be larger. */
export const BODY_LIMIT_BYTES = 10_485_760;

export interface AppDeps {
  config: Config;
  database: Database;
  /** E-mail; by default SMTP when SMTP_URL is set, else the dev outbox in DATA_DIR. */
  mailer?: Mailer;
  /** Google ID token checks; by default from GOOGLE_*, and none when GOOGLE_CLIENT_ID is unset. */
  googleVerifier?: GoogleVerifier | null;
  /** Rate-limit counters; by default in Redis when REDIS_URL is set, else in memory. */
  rateLimiter?: RateLimiter;
  /** Uploaded images; by default on local disk under DATA_DIR/uploads, served at /uploads/. */
  storage?: Storage;
}

const defaultWebDist = fileURLToPath(new URL('../../web/dist', import.meta.url));

/** Builds the whole service without listening: `main.ts` listens, tests call `app.inject()`. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database } = deps;
  const app = Fastify({
    logger: { level: config.LOG_LEVEL },
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: true,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  registerSecurityHeaders(app);

  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Furrow API',
        description: 'Farm-to-customer marketplace: farms, products, carts, orders and plans.',
        version: '0.1.0',
      },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  registerSession(app, { db: database.db, jwtSecret: config.JWT_SECRET });

  const mailer =
    deps.mailer ??
    createMailer({
      smtpUrl: config.SMTP_URL,
      from: config.MAIL_FROM,
      outboxDir: `${config.DATA_DIR}/outbox`,
      log: app.log,
    });
  const google =
    deps.googleVerifier !== undefined
      ? deps.googleVerifier
      : config.GOOGLE_CLIENT_ID
        ? createGoogleVerifier({
            clientId: config.GOOGLE_CLIENT_ID,
            jwksUrl: config.GOOGLE_JWKS_URL,
            issuer: config.GOOGLE_ISSUER,
            onRejected: (reason) => app.log.info({ reason }, 'Google token refused'),
          })
        : null;
  const rateLimiter =
    deps.rateLimiter ??
    createRateLimiter({
      redisUrl: config.REDIS_URL,
      onError: (error) => app.log.warn({ err: error }, 'Redis error'),
    });
  const background = createBackground(app.log);
  app.addHook('onClose', async () => {
    await background.drain();
    mailer.close();
    await rateLimiter.close();
  });
  const uploadsDir = `${config.DATA_DIR}/uploads`;
  const storage = deps.storage ?? localDiskStorage(uploadsDir);
  const auth = {
    db: database.db,
    secret: config.JWT_SECRET,
    publicUrl: config.PUBLIC_URL.replace(/\/+$/, ''),
    mailer,
    google,
    log: app.log,
    background,
  };

  await app.register(
    async (api) => {
      await api.register(healthRoutes, { database });
      await api.register(browseRoutes, { db: database.db });
      await api.register(authRoutes, { deps: auth, limiter: rateLimiter });
      await api.register(usersRoutes, { db: database.db });
      await api.register(farmsRoutes, { db: database.db, storage });
      await api.register(productsRoutes, { db: database.db, storage });
      await api.register(farmersRoutes, { db: database.db, storage });
      await api.register(categoriesRoutes);
      await api.register(geoRoutes);
    },
    { prefix: '/api' },
  );

  if (!deps.storage) await serveLocalUploads(app, uploadsDir);
  await serveWebApp(app, config.WEB_DIST || defaultWebDist);
  return app;
}

/**
 * The built single-page app, from the same process as the API. Hashed assets are cached for a year;
 * `index.html` is revalidated so that a new release shows at once. Unknown non-API paths get the app,
 * whose router shows its own "not found" page.
 */
async function serveWebApp(app: FastifyInstance, root: string): Promise<void> {
  if (!existsSync(root)) {
    app.log.warn({ root }, 'web app not built; serving the API only');
    return;
  }
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    index: false,
    setHeaders(reply, path) {
      reply.header(
        'cache-control',
        path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });
  app.get('/*', { schema: { hide: true } }, async (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    if (path.startsWith('/api/') || path === '/api') {
      return reply.callNotFound();
    }
    const file = path.slice(1);
    if (file && !file.endsWith('/') && existsSync(`${root}/${file}`)) {
      return reply.sendFile(file);
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
