// Its own small module: the error table beside it would come to the first screen with it.
import { failedTo } from '@furrow/domain/failed-to';

/**
 * An error's own words (the server's message, or an upload's), or else the product's default
 * "Failed to {action}. Please try again." for a failure that carries none.
 */
export function messageOrFailedTo(error: unknown, action: string): string {
  return error instanceof Error ? error.message : failedTo(action);
}
