import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { hashPassword } from './passwords';

export interface NewAdmin {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}

/** Creates an admin, or promotes the existing account of that e-mail and sets its password. */
export async function createAdmin(db: Db, admin: NewAdmin): Promise<{ id: string; email: string }> {
  const email = admin.email.trim().toLowerCase();
  if (admin.password.length < 8) throw new Error('The password needs at least 8 characters.');
  const passwordHash = await hashPassword(admin.password);
  const values = {
    role: 'admin' as const,
    status: 'active' as const,
    isEmailVerified: true,
    passwordHash,
    firstName: admin.firstName,
    lastName: admin.lastName,
  };
  const [row] = await db
    .insert(users)
    .values({ email, ...values })
    .onConflictDoUpdate({ target: users.email, set: { ...values, updatedAt: new Date() } })
    .returning({ id: users.id, email: users.email });
  if (!row) throw new Error('The admin could not be saved.');
  return row;
}
