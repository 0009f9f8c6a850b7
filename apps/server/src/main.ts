// The server: reads the configuration, opens the database, listens and shuts down cleanly.
import { localDiskStorage } from './adapters/storage';
import { buildApp, localUploadsDir } from './app';
import { loadConfig } from './config';
import { openConfiguredDatabase } from './db/client';
import { addDemoPictures } from './demo/pictures';
import { seedDemoData } from './demo/seed';
import { seedDemoOrders } from './modules/orders';
import { scheduleReconciliation } from './modules/payments';
import { seedDemoPreorders } from './modules/preorders';
import { fillFarmProducts } from './modules/products';
import { queueMissingCharges } from './modules/subscriptions';
import { startupFailure } from './startup-failure';

async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openConfiguredDatabase(config, (error) =>
    console.warn(`database connection dropped: ${error.message}`),
  );
  await database.migrate();
  const app = await buildApp({ config, database });
  // What waits for the payment provider is compared with it every 15 minutes from now on.
  await scheduleReconciliation(database.db, new Date());
  let seeded: Awaited<ReturnType<typeof seedDemoData>> = null;
  if (config.DEMO_DATA) {
    seeded = await seedDemoData(database.db, [seedDemoOrders, seedDemoPreorders]);
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
  fillFarmProducts(database.db).then(
    (filled) => app.log.info(filled, 'browse has the farms it can hold in memory'),
    (error: unknown) => app.log.warn({ err: error }, 'browse will read farms as it needs them'),
  );
  if (seeded) {
    // Drawing the demo's pictures takes a while on a small machine; the shop is usable meanwhile,
    // each product showing its category's drawing until its picture is stored.
    const storage = localDiskStorage(localUploadsDir(config));
    addDemoPictures({ db: database.db, storage }).then(
      (pictures) => app.log.info(pictures, 'demo pictures stored'),
      (error: unknown) => app.log.warn({ err: error }, 'demo pictures could not be stored'),
    );
  }
}

main().catch((error: unknown) => {
  console.error(startupFailure(error, process.env));
  process.exit(1);
});
