import { z } from 'zod';

/** `GET /api/geo/lookup?q=`: a US ZIP code or "City, ST", resolved offline from a gazetteer. */
export const geoLookupQuery = z.object({
  q: z.string().trim().min(2, 'is too short').max(100, 'must be at most 100 characters'),
});

export const geoLookupAnswer = z.object({
  lat: z.number(),
  lng: z.number(),
  /** What to show for the place: "Portland, OR 97201" for a ZIP code, "Portland, OR" for a city. */
  label: z.string(),
  city: z.string(),
  region: z.string(),
  postalCode: z.string(),
  country: z.string(),
  /** The IANA time zone at the place: a farm there keeps its pickup times in it. */
  timeZone: z.string(),
});
export type GeoPlace = z.infer<typeof geoLookupAnswer>;
