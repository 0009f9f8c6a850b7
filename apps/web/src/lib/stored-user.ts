import type { User } from '@furrow/domain/api/users';
import { roleLandings } from '@furrow/domain/roles';

const userStatuses: readonly unknown[] = [
  'pending',
  'active',
  'suspended',
] satisfies User['status'][];
const textFields = ['id', 'email', 'firstName', 'lastName', 'name', 'createdAt'] as const;

/**
 * The user this app stored at sign-in, or null when what is stored is not one (half a session, an
 * older format, an edit by hand). Checked by hand rather than with the answer's Zod schema: the
 * session is read before the first screen, and Zod would add 25 KB to every first visit. The
 * server's own answer is still checked in full when the session is confirmed.
 */
export function storedUser(value: unknown): User | null {
  if (typeof value !== 'object' || value === null) return null;
  const record = value as Record<string, unknown>;
  if (!textFields.every((field) => typeof record[field] === 'string')) return null;
  if (typeof record.role !== 'string' || !Object.hasOwn(roleLandings, record.role)) return null;
  if (!userStatuses.includes(record.status)) return null;
  if (record.lastLogin !== null && typeof record.lastLogin !== 'string') return null;
  if (typeof record.isEmailVerified !== 'boolean') return null;
  const { id, email, role, firstName, lastName, name, status, createdAt, lastLogin } =
    record as User;
  return {
    id,
    email,
    role,
    firstName,
    lastName,
    name,
    status,
    createdAt,
    lastLogin,
    isEmailVerified: record.isEmailVerified,
  };
}
