import { emailField, newPasswordField } from '@furrow/domain/api/auth';
import { hashPassword } from '../../adapters/passwords';
import type { Db } from '../../db/client';
import { saveAdminAccount } from '../users';

export interface NewAdmin {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}

/** Creates an admin, or promotes the existing account of that e-mail and sets its password. */
export async function createAdmin(db: Db, admin: NewAdmin): Promise<{ id: string; email: string }> {
  // The same rules as sign-up: an admin account is the last one that should have a weak password.
  const email = emailField.safeParse(admin.email);
  if (!email.success) throw new Error(email.error.issues[0]?.message ?? 'Invalid e-mail');
  const password = newPasswordField.safeParse(admin.password);
  if (!password.success) throw new Error(password.error.issues[0]?.message ?? 'Invalid password');
  const passwordHash = await hashPassword(admin.password);
  return saveAdminAccount(db, email.data, {
    passwordHash,
    firstName: admin.firstName,
    lastName: admin.lastName,
  });
}
