import type { Farmer } from '@furrow/domain/api/farmers';

// Made on first use: the farm page loads this file for the farmer's initials, and the region names
// cost its start 2 to 30 ms in Chromium (more when no other formatter has loaded the locale's data
// yet), for a name it shows only outside the US.
let regionNames: Intl.DisplayNames | undefined;

/**
 * "Portland, OR", or "Lyon, France" outside the US. Furrow trades in dollars within the US, so
 * naming the country there would only add noise. Null when the farmer has not said where they are.
 */
export function farmerPlace(location: Farmer['location']): string | null {
  const parts = [location.city, location.region];
  if (location.country && location.country !== 'US') parts.push(countryName(location.country));
  return parts.filter(Boolean).join(', ') || null;
}

function countryName(code: string): string {
  try {
    regionNames ??= new Intl.DisplayNames(['en-US'], { type: 'region' });
    return regionNames.of(code) ?? code;
  } catch {
    // Not a well-formed region code: show what was stored rather than nothing.
    return code;
  }
}

/** "ML" for Maya Lindqvist: the stand-in for a photo not uploaded yet. */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const first = words[0]?.[0] ?? '';
  const last = words.length > 1 ? (words.at(-1)?.[0] ?? '') : '';
  return `${first}${last}`.toUpperCase();
}
