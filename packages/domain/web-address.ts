// The scheme, then a host, then optionally a path, query or fragment; no spaces or controls anywhere.
const webAddress = /^https?:\/\/[^\s/?#\\]+(?:[/?#][^\s]*)?$/i;

/**
 * A web address a page may link to: http or https only. `javascript:`, `data:` and `vbscript:`
 * addresses run code or show a page of the writer's choosing when clicked, on Furrow's own page.
 */
export function isWebAddress(text: string): boolean {
  return webAddress.test(text);
}

/** The address when it is one a page may link to, else '' (for rows saved before the check). */
export function linkableWebAddress(text: string): string {
  return isWebAddress(text) ? text : '';
}
