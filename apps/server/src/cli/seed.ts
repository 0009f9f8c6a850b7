import { localDiskStorage } from '../adapters/storage';
import { localUploadsDir } from '../app';
import { readSettings } from '../config';
import { addDemoPictures } from '../demo/pictures';
import { seedDemoData } from '../demo/seed';
import { subscribeAll } from '../event-subscribers';
import { seedDemoOrders } from '../modules/orders';
import { seedDemoPreorders } from '../modules/preorders';
import { openMigratedDatabase } from './migrated-database';

const database = await openMigratedDatabase();
// The demo's events reach their subscribers as a server's would: the farm figures, browse's copies.
subscribeAll({ publicUrl: readSettings().PUBLIC_URL });
const summary = await seedDemoData(database.db, [seedDemoOrders, seedDemoPreorders]);
if (summary) {
  const storage = localDiskStorage(localUploadsDir(readSettings()));
  await addDemoPictures({ db: database.db, storage });
}
console.log(
  summary
    ? `Demo data loaded: ${summary.farms} farms, ${summary.products} products, accounts ${summary.accounts.join(', ')}.`
    : 'The database already has users; demo data is loaded only into an empty database.',
);
await database.close();
