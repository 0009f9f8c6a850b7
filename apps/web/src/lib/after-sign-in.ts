import type { UserRole } from '@furrow/domain/api/users';
import { landingFor } from '@furrow/domain/roles';
import { takeRedirect } from './session';

/** After signing in: back to the page the guest was sent away from, or else the role's landing. */
export function afterSignIn(role: UserRole): string {
  const back = takeRedirect();
  // Coming back to a sign-in page would loop.
  if (back && !back.startsWith('/auth/')) return back;
  return landingFor(role);
}
