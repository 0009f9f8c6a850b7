import type { UserRole } from './api/users';

/**
 * Admins pass every role check: they look after every farm (spec 1, 6), so whatever a page or a call
 * lets a customer or a farmer do, it lets an admin do too. The server and the web's route guards
 * both ask this one function.
 */
export function hasRole(role: UserRole, allowed: readonly UserRole[]): boolean {
  return role === 'admin' || allowed.includes(role);
}

/** Spec 6: where each role lands after signing in. */
export const roleLandings = {
  customer: '/welcome',
  farmer: '/farmers/dashboard',
  admin: '/admin',
} as const satisfies Record<UserRole, string>;

/** Spec 6: "customer (and any other role)" lands on /welcome. */
export function landingFor(role: string): string {
  return Object.hasOwn(roleLandings, role) ? roleLandings[role as UserRole] : roleLandings.customer;
}
