import { parseArgs } from 'node:util';
import { createAdmin } from '../modules/auth';
import { openMigratedDatabase } from './migrated-database';

// Admins are never self-registered: this command is how one is made.
const { values } = parseArgs({
  options: {
    email: { type: 'string' },
    password: { type: 'string' },
    'first-name': { type: 'string', default: 'Admin' },
    'last-name': { type: 'string', default: 'User' },
  },
});
if (!values.email || !values.password) {
  console.error(
    'Usage: npm run admin:create -- --email you@example.com --password "a long passphrase" [--first-name A --last-name B]',
  );
  process.exit(2);
}

const database = await openMigratedDatabase();
try {
  const admin = await createAdmin(database.db, {
    email: values.email,
    password: values.password,
    firstName: values['first-name'],
    lastName: values['last-name'],
  });
  console.log(`Admin ${admin.email} is ready.`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await database.close();
}
