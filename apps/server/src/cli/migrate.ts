import { openMigratedDatabase } from './migrated-database';

const database = await openMigratedDatabase();
console.log(`Migrations applied (${database.kind}).`);
await database.close();
