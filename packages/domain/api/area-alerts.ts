import { z } from 'zod';
import { emailField } from './auth';

/**
 * `POST /api/area-alerts`: "tell me when farms near me join", for the place the shopper browsed
 * (`lat`, `long` as `GET /api/products` takes them).
 */
export const areaAlertBody = z.object({
  email: emailField,
  lat: z.number().min(-90).max(90),
  long: z.number().min(-180).max(180),
});
export type AreaAlertBody = z.input<typeof areaAlertBody>;

export const areaAlertAnswer = z.object({ message: z.string() });
export type AreaAlertAnswer = z.infer<typeof areaAlertAnswer>;
