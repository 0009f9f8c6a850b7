import type { UserRole } from './api/users';

/**
 * Admins pass every role check: they look after every farm (product rules: administration), so
 * whatever a page or a call lets a customer or a farmer do, it lets an admin do too. The server and
 * the web's route guards both ask this one function.
 */
export function hasRole(role: UserRole, allowed: readonly UserRole[]): boolean {
  return role === 'admin' || allowed.includes(role);
}

/** Where each role lands after signing in (product rules: accounts and sign-in). */
export const roleLandings = {
  customer: '/welcome',
  farmer: '/farmers/dashboard',
  admin: '/admin',
} as const satisfies Record<UserRole, string>;

/** A customer, and any role Furrow does not know, lands on /welcome. */
export function landingFor(role: string): string {
  return Object.hasOwn(roleLandings, role) ? roleLandings[role as UserRole] : roleLandings.customer;
}
