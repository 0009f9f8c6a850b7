import { buildApp } from './app';
import { loadConfig } from './config';
import { openConfiguredDatabase } from './db/client';
import { seedDemoData } from './db/seed';
import { seedDemoOrders } from './modules/orders/demo-orders';
import { queueMissingCharges } from './modules/subscriptions/renewal.job';
import { startupFailure } from './startup-failure';

async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openConfiguredDatabase(config, (error) =>
    console.warn(`database connection dropped: ${error.message}`),
  );
  await database.migrate();
  const app = await buildApp({ config, database });
  if (config.DEMO_DATA) {
    const seeded = await seedDemoData(database.db, seedDemoOrders);
    if (seeded) {
      // The demo farmers' plans renew like any other: their charges go on the queue.
      await queueMissingCharges(database.db);
      app.log.info(seeded, 'demo data loaded');
    }
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.PORT, host: config.HOST });
  app.log.info(`Furrow is ready at ${config.PUBLIC_URL} (database: ${database.kind})`);
}

main().catch((error: unknown) => {
  console.error(startupFailure(error, process.env));
  process.exit(1);
});
