import type { UserRole } from '@furrow/domain/api/users';
import { takeRedirect } from '../lib/session';
import { paths } from './paths';

/** Spec 6: where each role lands after signing in. Any role not named lands on /welcome. */
export function landingFor(role: UserRole | string): string {
  if (role === 'admin') return paths.admin;
  if (role === 'farmer') return paths.farmerDashboard;
  return paths.welcome;
}

/** After signing in: back to the page the guest was sent away from, or else the role's landing. */
export function afterSignIn(role: UserRole): string {
  const back = takeRedirect();
  // Coming back to a sign-in page would loop.
  if (back && !back.startsWith('/auth/')) return back;
  return landingFor(role);
}
