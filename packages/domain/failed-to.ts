/** "Other product errors" of spec 8: 'Failed to {action}. Please try again.' */
export function failedTo(action: string): string {
  return `Failed to ${action}. Please try again.`;
}
