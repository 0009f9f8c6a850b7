import { readSettings } from '../config';
import { type Database, openConfiguredDatabase } from '../db/client';

/** The database the server would use, migrated: for the command-line tools. */
export async function openMigratedDatabase(): Promise<Database> {
  const database = await openConfiguredDatabase(readSettings());
  await database.migrate();
  return database;
}
