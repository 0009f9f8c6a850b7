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
import type { Config } from './config';
import type { Database } from './db/client';
import { healthRoutes } from './modules/health/health.routes';
import { browseRoutes } from './modules/products/browse.routes';
import { registerErrorHandler } from './plugins/error-handler';
import { registerSession } from './plugins/session';

/** Spec 9: a string value may be up to 10,485,760 bytes; no body may be larger. */
export const BODY_LIMIT_BYTES = 10_485_760;

export interface AppDeps {
  config: Config;
  database: Database;
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

  await app.register(
    async (api) => {
      await api.register(healthRoutes, { database });
      await api.register(browseRoutes, { db: database.db });
    },
    { prefix: '/api' },
  );

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
