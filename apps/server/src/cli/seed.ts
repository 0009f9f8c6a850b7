import { localDiskStorage } from '../adapters/storage';
import { localUploadsDir } from '../app';
import { readSettings } from '../config';
import { addDemoPictures } from '../demo/pictures';
import { seedDemoData } from '../demo/seed';
import { seedDemoOrders } from '../modules/orders/demo-orders';
import { openMigratedDatabase } from './migrated-database';

const database = await openMigratedDatabase();
const summary = await seedDemoData(database.db, seedDemoOrders);
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
