/**
 * A web address a page may link to: http or https only. `javascript:`, `data:` and `vbscript:`
 * addresses run code or show a page of the writer's choosing when clicked, on Furrow's own page.
 */
export function isWebAddress(text: string): boolean {
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** The address when it is one a page may link to, else '' (for rows saved before the check). */
export function linkableWebAddress(text: string): string {
  return isWebAddress(text) ? text : '';
}
