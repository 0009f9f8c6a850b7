import { loadConfig } from '../config';
import { type Database, openDatabase } from '../db/client';

/** The database the server would use, migrated: for the command-line tools. */
export async function openConfiguredDatabase(): Promise<Database> {
  const config = loadConfig();
  const database = await openDatabase(
    config.DATABASE_URL ? { url: config.DATABASE_URL } : { dataDir: `${config.DATA_DIR}/pglite` },
  );
  await database.migrate();
  return database;
}
