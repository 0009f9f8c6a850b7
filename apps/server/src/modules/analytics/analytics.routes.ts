import { analyticsTotals } from '@furrow/domain/analytics';
import { farmAnalyticsAnswer } from '@furrow/domain/api/analytics';
import { errorAnswer, idParams } from '@furrow/domain/api/common';
import { AppError } from '@furrow/domain/errors';
import { centsToDollars } from '@furrow/domain/money';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { requireViewer } from '../../plugins/session';
import { authorize } from '../../policy/policy';
import { farms } from '../farms/farms.schema';
import { farmDailyStatsSeries } from './analytics.service';

/** A farm's last 30 days of views, orders and revenue, for its owner and admins. */
export const analyticsRoutes: FastifyPluginAsyncZod<{ db: Db; clock: () => Date }> = async (
  app,
  { db, clock },
) => {
  app.get(
    '/farms/:id/analytics',
    {
      schema: {
        tags: ['farms'],
        summary:
          "A farm's views, orders and revenue per day over the last 30 days (owner or admin)",
        description:
          'UTC days, oldest first, every day present (zeros where nothing happened). Views count reads of the public farm page and of its product pages by anyone but the owner; orders and revenue count orders as they are placed, less those cancelled since.',
        security: [{ bearer: [] }],
        params: idParams,
        response: {
          200: farmAnalyticsAnswer,
          401: errorAnswer,
          403: errorAnswer,
          404: errorAnswer,
        },
      },
    },
    async (request) => {
      const viewer = requireViewer(request, 'farm.analytics');
      const [farm] = await db
        .select({ farmerId: farms.farmerId })
        .from(farms)
        .where(eq(farms.id, request.params.id));
      if (!farm) throw new AppError('FARM_NOT_FOUND');
      authorize(viewer, 'farm.analytics', farm);
      const series = await farmDailyStatsSeries(db, request.params.id, clock());
      const days = series.map((day) => ({
        date: day.day,
        views: day.farmViews + day.productViews,
        farmViews: day.farmViews,
        productViews: day.productViews,
        orders: day.orders,
        revenue: centsToDollars(day.revenueCents),
      }));
      const totals = analyticsTotals(series);
      return {
        farmId: request.params.id,
        days,
        totals: { ...totals, revenue: centsToDollars(totals.revenueCents) },
      };
    },
  );
};
