import { eq } from 'drizzle-orm';
import type { Executor } from '../../../db/transaction';
import { sandboxRecords } from '../payments.schema';
import type { SandboxStore } from './sandbox-provider';

/** The sandbox provider's records in the database, so that a checkout outlives a restart. */
export function databaseSandboxStore(db: Executor): SandboxStore {
  return {
    async get(id) {
      const [row] = await db
        .select({ data: sandboxRecords.data })
        .from(sandboxRecords)
        .where(eq(sandboxRecords.id, id));
      return row?.data;
    },
    async put(id, kind, data) {
      await db
        .insert(sandboxRecords)
        .values({ id, kind, data })
        .onConflictDoUpdate({ target: sandboxRecords.id, set: { data, updatedAt: new Date() } });
    },
  };
}
