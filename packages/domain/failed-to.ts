/**
 * The message of a product call that failed for no named reason: 'Failed to {action}. Please try
 * again.'
 */
export function failedTo(action: string): string {
  return `Failed to ${action}. Please try again.`;
}
