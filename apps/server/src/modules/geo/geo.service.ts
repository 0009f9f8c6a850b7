import { createRequire } from 'node:module';
import type { GeoPlace } from '@furrow/domain/api/geo';
import { AppError } from '@furrow/domain/errors';
import { lazyRequire } from '../../adapters/lazy-require';

interface GazetteerPlace {
  zip: string;
  latitude: number;
  longitude: number;
  city: string;
  state: string;
  country: string;
}

// The offline US gazetteer ships no types; these are the two calls used here. Its 40,000 places
// take about 90 MB and over a second to load, so the first lookup loads it, not the server's start.
const zipcodes = lazyRequire<{
  lookup(zip: string): GazetteerPlace | undefined;
  lookupByName(city: string, state: string): GazetteerPlace[];
}>('zipcodes');

// Time zone boundaries compiled into a small grid, offline like the gazetteer.
const zoneAt = createRequire(import.meta.url)('@photostructure/tz-lookup') as (
  latitude: number,
  longitude: number,
) => string;

/** The gazetteer's place for a US ZIP code ("97231", "97231-1234"), when it has coordinates. */
export function findZip(text: string): GazetteerPlace | undefined {
  const zip = /^(\d{5})(-\d{4})?$/.exec(text)?.[1];
  const place = zip ? zipcodes().lookup(zip) : undefined;
  return place && Number.isFinite(place.latitude) ? place : undefined;
}

/** The gazetteer's first place with coordinates for "City, ST" ("Portland, OR", "portland or"). */
export function findCity(text: string): GazetteerPlace | undefined {
  const match = /^(.+?)\s*,?\s+([A-Za-z]{2})$/.exec(text);
  const city = match?.[1]?.trim();
  const state = match?.[2]?.toUpperCase();
  if (!city || !state) return undefined;
  return zipcodes()
    .lookupByName(city, state)
    .find((p) => Number.isFinite(p.latitude));
}

/**
 * A US ZIP code or a city with its state to coordinates, with no network call. Anything else, or a
 * place the gazetteer lacks, is a 404.
 */
export function lookupPlace(query: string): GeoPlace {
  const text = query.trim();
  const byZip = findZip(text);
  if (byZip) return toAnswer(byZip, `${byZip.city}, ${byZip.state} ${byZip.zip}`, byZip.zip);
  const byCity = findCity(text);
  if (byCity) return toAnswer(byCity, `${byCity.city}, ${byCity.state}`, '');
  throw new AppError('PLACE_NOT_FOUND');
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
    timeZone: zoneAt(place.latitude, place.longitude),
  };
}
