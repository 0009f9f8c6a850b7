import type { GeoPlace } from '@furrow/domain/api/geo';
import { api } from './api-client';

/** A US ZIP code or "City, ST", resolved by the server's offline gazetteer; a 404 when unknown. */
export function lookupPlace(query: string, signal?: AbortSignal): Promise<GeoPlace> {
  return api.get<GeoPlace>('/api/geo/lookup', { query: { q: query }, signal });
}
