import { failedTo } from '@furrow/domain/errors';

/** The server's words for a failure, or else spec 8's "Failed to {action}. Please try again." */
export function failureMessage(error: unknown, action: string): string {
  return error instanceof Error ? error.message : failedTo(action);
}
