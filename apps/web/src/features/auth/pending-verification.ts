/**
 * Between sign-up and the code screen: the verification token and the address the code went to.
 * Kept for this tab only (session storage), so that a reload of the code screen still works.
 */
const KEY = 'furrow.verification';

export interface PendingVerification {
  token: string;
  email: string;
}

export function savePendingVerification(pending: PendingVerification): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(pending));
  } catch {
    // Without storage the code screen still has it from the navigation state.
  }
}

export function readPendingVerification(): PendingVerification | null {
  try {
    const value: unknown = JSON.parse(sessionStorage.getItem(KEY) ?? 'null');
    if (
      value &&
      typeof value === 'object' &&
      'token' in value &&
      'email' in value &&
      typeof value.token === 'string' &&
      typeof value.email === 'string'
    ) {
      return { token: value.token, email: value.email };
    }
  } catch {
    // Unreadable: as if there were none.
  }
  return null;
}

export function clearPendingVerification(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // Nothing to clear.
  }
}
