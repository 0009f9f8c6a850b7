import { createRequire } from 'node:module';
import type { GeoPlace } from '@furrow/domain/api/geo';
import { AppError } from '@furrow/domain/errors';

interface GazetteerPlace {
  zip: string;
  latitude: number;
  longitude: number;
  city: string;
  state: string;
  country: string;
}

// The offline US gazetteer ships no types; these are the two calls used here.
const zipcodes = createRequire(import.meta.url)('zipcodes') as {
  lookup(zip: string): GazetteerPlace | undefined;
  lookupByName(city: string, state: string): GazetteerPlace[];
};

/**
 * A US ZIP code ("97231", "97231-1234") or a city with its state ("Portland, OR", "portland or")
 * to coordinates, with no network call. Anything else, or a place the gazetteer lacks, is a 404.
 */
export function lookupPlace(query: string): GeoPlace {
  const text = query.trim();
  const zip = /^(\d{5})(-\d{4})?$/.exec(text)?.[1];
  if (zip) {
    const place = zipcodes.lookup(zip);
    if (!place || !Number.isFinite(place.latitude)) throw new AppError('PLACE_NOT_FOUND');
    return toAnswer(place, `${place.city}, ${place.state} ${place.zip}`, place.zip);
  }
  const match = /^(.+?)\s*,?\s+([A-Za-z]{2})$/.exec(text);
  const city = match?.[1]?.trim();
  const state = match?.[2]?.toUpperCase();
  if (!city || !state) throw new AppError('PLACE_NOT_FOUND');
  const place = zipcodes.lookupByName(city, state).find((p) => Number.isFinite(p.latitude));
  if (!place) throw new AppError('PLACE_NOT_FOUND');
  return toAnswer(place, `${place.city}, ${place.state}`, '');
}

function toAnswer(place: GazetteerPlace, label: string, postalCode: string): GeoPlace {
  return {
    lat: place.latitude,
    lng: place.longitude,
    label,
    city: place.city,
    region: place.state,
    postalCode,
    country: place.country || 'US',
  };
}
