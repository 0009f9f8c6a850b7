import { openConfiguredDatabase } from './open-configured-database';

const database = await openConfiguredDatabase();
console.log(`Migrations applied (${database.kind}).`);
await database.close();
