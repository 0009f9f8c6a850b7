import { errorAnswer, idParams } from '@furrow/domain/api/common';
import { pickupSlotsAnswer } from '@furrow/domain/api/pickup-windows';
import { AppError } from '@furrow/domain/errors';
import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { visibleFarms } from '../../policy/scopes';
import { farms } from './farms.schema';
import { upcomingPickupSlots } from './pickup-windows.service';

/** What checkout offers for a farm: its next pickup slots and the room left in each. */
export const pickupSlotsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/farms/:id/pickup-slots',
    {
      schema: {
        tags: ['farms'],
        summary: "A farm's next pickup slots, with the orders each can still take",
        description:
          "Soonest first, up to 8 within four weeks, each open until its `orderBy` (12 hours before it starts). `remaining` is null when the window takes any number of orders; a full slot has 0 and cannot be chosen. Times are in the farm's `timeZone`. No slots: the farm takes pickups on its instructions alone.",
        params: idParams,
        response: { 200: pickupSlotsAnswer, 400: errorAnswer, 404: errorAnswer },
      },
    },
    async (request) => {
      const [farm] = await db
        .select({ id: farms.id, timeZone: farms.timeZone, pickupEnabled: farms.pickupEnabled })
        .from(farms)
        .where(and(eq(farms.id, request.params.id), visibleFarms(request.session)));
      if (!farm) throw new AppError('FARM_NOT_FOUND');
      return {
        timeZone: farm.timeZone,
        // A farm that only delivers offers no pickup, whatever windows it kept.
        slots: farm.pickupEnabled ? await upcomingPickupSlots(db, farm, new Date()) : [],
      };
    },
  );
};
