import { z } from 'zod';
import { emailField } from './auth';
import { latitude, longitude } from './coordinates';

/**
 * `POST /api/area-alerts`: "tell me when farms near me join", for the place the shopper browsed
 * (`lat`, `long` as `GET /api/products` takes them).
 */
export const areaAlertBody = z.object({
  email: emailField,
  lat: latitude,
  long: longitude,
});
export type AreaAlertBody = z.input<typeof areaAlertBody>;

export const areaAlertAnswer = z.object({ message: z.string() });
export type AreaAlertAnswer = z.infer<typeof areaAlertAnswer>;
