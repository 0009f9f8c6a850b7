import { areaAlertAnswer, areaAlertBody } from '@furrow/domain/api/area-alerts';
import { errorAnswer } from '@furrow/domain/api/common';
import { AREA_ALERT_CONFIRMATION, AREA_ALERT_RADIUS_KM } from '@furrow/domain/area-alerts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { RateLimiter, RateRule } from '../../adapters/rate-limiter';
import type { Db } from '../../db/client';
import { createRateGate } from '../auth';
import { signUpForAreaAlert } from './area-alerts.service';

const minutes = (n: number) => n * 60_000;

/**
 * Anyone may leave an address, so, like the account calls that take one, it is limited per network
 * address (a script filling the table) and per e-mail address (one inbox signed up for many places,
 * which would bring it many e-mails when a farm opens).
 */
export const areaAlertRules = {
  perIp: { limit: 20, windowMs: minutes(15) },
  perEmail: { limit: 5, windowMs: minutes(60) },
} as const satisfies Record<string, RateRule>;

/** "Tell me when farms near me join" (product rules: area alerts). */
export const areaAlertsRoutes: FastifyPluginAsyncZod<{ db: Db; limiter: RateLimiter }> = async (
  app,
  { db, limiter },
) => {
  const gate = createRateGate(limiter);

  app.post(
    '/area-alerts',
    {
      schema: {
        tags: ['area alerts'],
        summary: 'Ask to be e-mailed once when a farm opens near a place',
        description: `For anyone, signed in or not. When a farm opens within ${AREA_ALERT_RADIUS_KM} km of \`lat\`, \`long\`, the address gets one e-mail. The place is kept to two decimals (about 1 km). Signing up again for the same address and place changes nothing and gets the same answer.`,
        body: areaAlertBody,
        response: { 200: areaAlertAnswer, 400: errorAnswer, 429: errorAnswer },
      },
    },
    async (request, reply) => {
      const { email } = request.body;
      await gate.hit(reply, 'area-alert', `area-alert:ip:${request.ip}`, areaAlertRules.perIp);
      await gate.hit(reply, 'area-alert', `area-alert:email:${email}`, areaAlertRules.perEmail);
      await signUpForAreaAlert(db, request.body);
      return { message: AREA_ALERT_CONFIRMATION };
    },
  );
};
