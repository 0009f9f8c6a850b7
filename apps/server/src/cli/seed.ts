import { seedDemoData } from '../db/seed';
import { seedDemoOrders } from '../modules/orders/demo-orders';
import { openMigratedDatabase } from './migrated-database';

const database = await openMigratedDatabase();
const summary = await seedDemoData(database.db, seedDemoOrders);
console.log(
  summary
    ? `Demo data loaded: ${summary.farms} farms, ${summary.products} products, accounts ${summary.accounts.join(', ')}.`
    : 'The database already has users; demo data is loaded only into an empty database.',
);
await database.close();
