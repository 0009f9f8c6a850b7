import { seedDemoData } from '../db/seed';
import { openConfiguredDatabase } from './open-configured-database';

const database = await openConfiguredDatabase();
const summary = await seedDemoData(database.db);
console.log(
  summary
    ? `Demo data loaded: ${summary.farms} farms, ${summary.products} products, accounts ${summary.accounts.join(', ')}.`
    : 'The database already has users; demo data is loaded only into an empty database.',
);
await database.close();
