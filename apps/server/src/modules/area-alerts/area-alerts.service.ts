import type { areaAlertBody } from '@furrow/domain/api/area-alerts';
import { AREA_ALERT_RADIUS_KM, alertPlace } from '@furrow/domain/area-alerts';
import { and, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { farmNearbyMail } from '../../adapters/mail-templates';
import type { Executor } from '../../db/transaction';
import { enqueue } from '../../jobs/enqueue';
import { sendMail } from '../../jobs/send-mail';
import { areaAlerts } from './area-alerts.schema';

/**
 * Keeps an address for a place. A second sign-up for the same address and place finds the first
 * and changes nothing, whether or not it was already told: each sign-up brings one e-mail.
 */
export async function signUpForAreaAlert(
  db: Executor,
  body: z.output<typeof areaAlertBody>,
): Promise<void> {
  const place = alertPlace(body);
  await db
    .insert(areaAlerts)
    .values({ email: body.email, lat: place.lat, lng: place.long })
    .onConflictDoNothing();
}

/** What the e-mail says of a farm that just opened. */
export interface OpenedFarm {
  id: string;
  name: string;
  address: { city: string; region: string };
  location: { lat: number; lng: number };
}

/**
 * In the transaction that opens `farm` to shoppers: every sign-up still waiting within the browse
 * radius is marked told and its e-mail queued, both committing with the farm or not at all. On
 * PostgreSQL a second farm opening at the same moment waits for the row and then finds it told,
 * so a sign-up is never told twice. An address with several sign-ups in reach gets one e-mail.
 * Answers how many addresses were told.
 */
export async function tellSignUpsNear(
  tx: Executor,
  farm: OpenedFarm,
  options: { publicUrl: string; now: Date },
): Promise<number> {
  const radiusMetres = AREA_ALERT_RADIUS_KM * 1000;
  const farmPoint = sql`ll_to_earth(${farm.location.lat}, ${farm.location.lng})`;
  const signUpPoint = sql`ll_to_earth(${areaAlerts.lat}, ${areaAlerts.lng})`;
  const distanceMetres = sql<number>`earth_distance(${farmPoint}, ${signUpPoint})`.mapWith(Number);
  const told = await tx
    .update(areaAlerts)
    .set({ notifiedAt: options.now })
    .where(
      and(
        isNull(areaAlerts.notifiedAt),
        // The box finds candidates through the GiST index; the distance drops its corners.
        sql`earth_box(${farmPoint}, ${radiusMetres}) @> ${signUpPoint}`,
        sql`${distanceMetres} <= ${radiusMetres}`,
      ),
    )
    .returning({ email: areaAlerts.email, distanceMetres });

  const nearest = new Map<string, number>();
  for (const { email, distanceMetres: metres } of told) {
    nearest.set(email, Math.min(metres, nearest.get(email) ?? metres));
  }
  const place = [farm.address.city, farm.address.region].filter(Boolean).join(', ');
  const farmLink = `${options.publicUrl}/farms/${farm.id}`;
  for (const [email, metres] of nearest) {
    await enqueue(
      tx,
      sendMail,
      farmNearbyMail({
        to: email,
        farmName: farm.name,
        place,
        distanceKm: metres / 1000,
        farmLink,
      }),
    );
  }
  return nearest.size;
}
