import { existsSync, statSync } from 'node:fs';
import { relative, resolve, sep } from 'node:path';
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
import { redactedError } from './adapters/log-redaction';
import { createMailer, type Mailer } from './adapters/mail';
import { createRateLimiter, type RateLimiter, type RateRule } from './adapters/rate-limiter';
import { localDiskStorage, type Storage, serveLocalUploads } from './adapters/storage';
import type { Config } from './config';
import type { Database } from './db/client';
import { deliverEvents, eventDelivery } from './domain-events/publish';
import { subscribeAll } from './event-subscribers';
import { sendMail, sendMailHandler } from './jobs/send-mail';
import { createWorker, type Worker } from './jobs/worker';
import {
  accountDeletionRoutes,
  farmerFilesRemoval,
  removeFarmerFiles,
} from './modules/account-deletion';
import { adminRoutes } from './modules/admin';
import {
  analyticsRoutes,
  createViewCounter,
  farmerAnalyticsTotals,
  VIEWS_FLUSH_MS,
  type ViewCounter,
} from './modules/analytics';
import { areaAlertsRoutes } from './modules/area-alerts';
import { authRoutes, registerAuthJobs } from './modules/auth';
import { categoriesRoutes } from './modules/categories';
import { eventsRoutes } from './modules/events';
import { farmersRoutes } from './modules/farmers';
import { farmsRoutes, pickupSlotsRoutes } from './modules/farms';
import { geoRoutes } from './modules/geo';
import { healthRoutes } from './modules/health';
import {
  cardPaymentReconciler,
  ordersRoutes,
  pickListRoutes,
  registerCardPaymentJobs,
  registerOrderMailJobs,
} from './modules/orders';
import {
  createPaymentProvider,
  type PaymentProvider,
  registerReconcileJob,
  registerSandboxPages,
  webhookRoutes,
} from './modules/payments';
import { payoutsRoutes } from './modules/payouts';
import { fillPreordersHandler, fillPreordersJob, preordersRoutes } from './modules/preorders';
import {
  browseRoutes,
  farmPageRoutes,
  holdShownProducts,
  listenForFarmChanges,
  listenForProductChanges,
  productsRoutes,
} from './modules/products';
import {
  API_CALLS_FLUSH_MS,
  type ApiCallCounter,
  checkoutRoutes,
  createApiCallCounter,
  plansRoutes,
  providerCancelReconciler,
  registerProviderCancellationJobs,
  registerRenewalJob,
  subscriptionsRoutes,
} from './modules/subscriptions';
import { usersRoutes } from './modules/users';
import { registerArrivalOrder } from './plugins/arrival-order';
import { registerCompression } from './plugins/compression';
import { registerErrorHandler } from './plugins/error-handler';
import {
  registerNoStoreForPrivateAnswers,
  registerSecurityHeaders,
} from './plugins/security-headers';
import { registerSession } from './plugins/session';
import { registerTextInputCheck } from './plugins/text-input';
import { registerUploadLimit } from './plugins/upload-limit';

declare module 'fastify' {
  interface FastifyInstance {
    /** This process's job worker; tests and scripts `drain()` it to wait for queued work. */
    jobs: Worker;
    /** Farmers' API calls counted in memory; tests `flush()` it to read the counts. */
    apiCalls: ApiCallCounter;
    /** Farm and product page views counted in memory; tests `flush()` it to read the counts. */
    views: ViewCounter;
  }
}

/**
 * A string value may be up to 10,485,760 bytes (product rules: cart and checkout); no body may be
 * larger.
 */
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
  /** Card payments; by default Stripe when STRIPE_SECRET_KEY is set, else the built-in sandbox. */
  payments?: PaymentProvider;
  /** Image uploads per person per window; tests that upload for every case raise it. */
  uploadRule?: RateRule;
  /** The time billing reads; tests move it instead of waiting. */
  clock?: () => Date;
}

const defaultWebDist = fileURLToPath(new URL('../../web/dist', import.meta.url));

/** Where uploaded images live on local disk: the app serves them, the demo seed writes them. */
export function localUploadsDir(config: { DATA_DIR: string }): string {
  return `${config.DATA_DIR}/uploads`;
}

/** Builds the whole service without listening: `main.ts` listens, tests call `app.inject()`. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database } = deps;
  const app = Fastify({
    // Errors are logged without the values of a failed query (people's e-mails, password hashes).
    logger: { level: config.LOG_LEVEL, serializers: { err: redactedError } },
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: trustedProxies(config.TRUST_PROXY),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Only the embedded database runs statements in the server's own thread (plugins/arrival-order.ts).
  if (database.kind === 'pglite') registerArrivalOrder(app);
  registerErrorHandler(app);
  registerTextInputCheck(app);
  await registerSecurityHeaders(app, { publicUrl: config.PUBLIC_URL });
  registerNoStoreForPrivateAnswers(app);
  await registerCompression(app);

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
  await app.register(fastifySwaggerUi, {
    routePrefix: '/api/docs',
    // No badge from Swagger's online validator: it would send the API's address to a third party.
    uiConfig: { validatorUrl: null },
  });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  registerSession(app, { db: database.db, jwtSecret: config.JWT_SECRET });
  registerUploadLimit(app, deps.uploadRule);

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
      events: {
        onFallback: (error) =>
          app.log.error(
            { err: error },
            'Redis is not answering: rate limits are counted in this process until it does',
          ),
        onRecovered: () => app.log.warn('Redis answers again: rate limits are shared again'),
      },
    });
  const clock = deps.clock ?? (() => new Date());
  // One clock for the queue and billing, so that a test that moves time moves both.
  const worker = createWorker({ database, log: app.log, clock });
  app.decorate('jobs', worker);
  // The worker stops first: the jobs it is running may still need the mailer and the database.
  app.addHook('onClose', async () => {
    await worker.stop();
    mailer.close();
    await rateLimiter.close();
  });
  const uploadsDir = localUploadsDir(config);
  const storage = deps.storage ?? localDiskStorage(uploadsDir);
  const auth = {
    db: database.db,
    secret: config.JWT_SECRET,
    publicUrl: config.PUBLIC_URL.replace(/\/+$/, ''),
    google,
  };
  subscribeAll({ publicUrl: auth.publicUrl });
  worker.handle(eventDelivery, deliverEvents({ db: database.db, log: app.log }));
  worker.handle(sendMail, sendMailHandler(mailer));
  registerAuthJobs(worker, auth);
  const billing = {
    db: database.db,
    payments: deps.payments ?? createPaymentProvider(config, database.db, clock),
    clock,
  };
  registerRenewalJob(worker, { ...billing, publicUrl: auth.publicUrl });
  registerProviderCancellationJobs(worker, billing);
  const cardPayments = {
    ...billing,
    publicUrl: auth.publicUrl,
    log: (error: unknown) => app.log.error({ err: error }, 'card payment could not be started'),
  };
  registerCardPaymentJobs(worker, cardPayments);
  // What waits for the provider after a commit is compared with the provider every 15 minutes,
  // from the first run `main.ts` queues.
  registerReconcileJob(
    worker,
    { db: database.db, clock, log: app.log },
    {
      'plan cancels': providerCancelReconciler(billing),
      'card payments': cardPaymentReconciler(cardPayments),
    },
  );
  const apiCalls = createApiCallCounter(database.db, clock);
  app.decorate('apiCalls', apiCalls);
  app.addHook('onResponse', async (request) => {
    if (request.session?.role === 'farmer' && request.url.startsWith('/api/')) {
      apiCalls.count(request.session.id);
    }
  });
  const flushApiCalls = () =>
    apiCalls.flush().catch((error) => app.log.warn({ err: error }, 'API call counts not saved'));
  const apiCallsTimer = setInterval(flushApiCalls, API_CALLS_FLUSH_MS).unref();
  app.addHook('onClose', async () => {
    clearInterval(apiCallsTimer);
    await flushApiCalls();
  });
  const views = createViewCounter(database.db, clock);
  app.decorate('views', views);
  const flushViews = () =>
    views.flush().catch((error) => app.log.warn({ err: error }, 'page views not saved'));
  const viewsTimer = setInterval(flushViews, VIEWS_FLUSH_MS).unref();
  app.addHook('onClose', async () => {
    clearInterval(viewsTimer);
    await flushViews();
  });
  worker.handle(farmerFilesRemoval, ({ farmerId }) => removeFarmerFiles(storage, farmerId));
  worker.handle(fillPreordersJob, fillPreordersHandler(database.db));
  registerOrderMailJobs(worker, { db: database.db, publicUrl: auth.publicUrl });
  await worker.start();
  // Browse keeps the active farms and their shown products in memory: a write in any process
  // drops those copies here too.
  if (config.BROWSE_MEMORY_PRODUCTS !== undefined) {
    holdShownProducts(database.db, config.BROWSE_MEMORY_PRODUCTS);
  }
  const stopHearingFarmChanges = await listenForFarmChanges(database);
  const stopHearingProductChanges = await listenForProductChanges(database);
  app.addHook('onClose', async () => {
    await stopHearingFarmChanges();
    await stopHearingProductChanges();
  });

  await app.register(
    async (api) => {
      await api.register(healthRoutes, { database });
      await api.register(browseRoutes, { db: database.db });
      await api.register(authRoutes, { deps: auth, limiter: rateLimiter });
      await api.register(usersRoutes, { db: database.db });
      await api.register(farmsRoutes, { db: database.db, storage });
      await api.register(farmPageRoutes, { db: database.db, views });
      await api.register(productsRoutes, { db: database.db, storage, views });
      await api.register(analyticsRoutes, { db: database.db, clock });
      await api.register(farmersRoutes, { db: database.db, storage });
      await api.register(categoriesRoutes);
      await api.register(geoRoutes);
      await api.register(plansRoutes);
      await api.register(subscriptionsRoutes, {
        deps: billing,
        farmerSales: farmerAnalyticsTotals,
      });
      await api.register(checkoutRoutes, { deps: { ...billing, publicUrl: config.PUBLIC_URL } });
      await api.register(webhookRoutes, { deps: billing });
      await api.register(accountDeletionRoutes, { db: database.db, publicUrl: auth.publicUrl });
      await api.register(eventsRoutes, { db: database.db, publicUrl: auth.publicUrl });
      await api.register(adminRoutes, {
        prefix: '/admin',
        db: database.db,
        publicUrl: auth.publicUrl,
      });
      await api.register(pickupSlotsRoutes, { db: database.db });
      await api.register(ordersRoutes, { deps: cardPayments });
      await api.register(payoutsRoutes, {
        deps: { db: database.db, payments: billing.payments, publicUrl: auth.publicUrl },
      });
      await api.register(pickListRoutes, { db: database.db });
      await api.register(preordersRoutes, { db: database.db });
      await api.register(areaAlertsRoutes, { db: database.db, limiter: rateLimiter });
    },
    { prefix: '/api' },
  );

  await registerSandboxPages(app, billing);
  if (!deps.storage) await serveLocalUploads(app, uploadsDir);
  await serveWebApp(app, config.WEB_DIST || defaultWebDist);
  return app;
}

/**
 * TRUST_PROXY as Fastify takes it. Fastify refuses a bare hop count (a client that reaches the
 * server directly could then name its own address), so a count the operator chose becomes a
 * function; README says to prefer the proxies' addresses wherever they are known.
 */
function trustedProxies(setting: Config['TRUST_PROXY']) {
  return typeof setting === 'number' ? (_address: string, hop: number) => hop < setting : setting;
}

/**
 * The built single-page app, from the same process as the API. Hashed assets are cached for a year;
 * `index.html` is revalidated so that a new release shows at once. Each file goes out as the brotli
 * or gzip copy the build made beside it when the browser takes that encoding. Unknown non-API paths
 * get the app, whose router shows its own "not found" page.
 */
async function serveWebApp(app: FastifyInstance, root: string): Promise<void> {
  if (!existsSync(root)) {
    app.log.warn({ root }, 'web app not built; serving the API only');
    return;
  }
  // `serve: false`: no route per file (two per file, with its .br and .gz copies, took a second of
  // route building at start); the catch-all below finds the file and sends it.
  await app.register(fastifyStatic, {
    root,
    serve: false,
    preCompressed: true,
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
    // A page the build drew ahead (`pages/<path>/index.html`: the landing and welcome pages) paints
    // before the app's scripts have run; a page the build made for a route whose last part is an
    // id (`pages/farms/[id]/index.html`) serves each of its addresses; any other address gets the
    // app, whose router draws it.
    const file =
      fileInRoot(root, path) ??
      fileInRoot(root, `/pages${path}/index.html`) ??
      fileInRoot(root, `/pages${path.replace(/\/[^/]+\/?$/, '/[id]')}/index.html`);
    if (file) return reply.sendFile(file);
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}

/**
 * The file a path names inside the web root, relative to it, or null: a path that leaves the root
 * (`/../etc/passwd`, encoded or not) is answered like one that names nothing, with the app, so that
 * the answer never tells which files exist outside it.
 */
function fileInRoot(root: string, path: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  const base = resolve(root);
  const full = resolve(base, `.${decoded}`);
  if (!full.startsWith(`${base}${sep}`)) return null;
  try {
    return statSync(full).isFile() ? relative(base, full) : null;
  } catch {
    return null;
  }
}
