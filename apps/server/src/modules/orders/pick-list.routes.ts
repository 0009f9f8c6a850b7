import { errorAnswer, idParams } from '@furrow/domain/api/common';
import { pickListAnswer, pickListQuery } from '@furrow/domain/api/orders';
import { pickListCsv } from '@furrow/domain/pick-list';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { requireViewer } from '../../plugins/session';
import { farmPickList } from './pick-list.service';

/** A farmer's pick list for a pickup date, to read on screen, print, or open as a spreadsheet. */
export const pickListRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/farms/:id/pick-list',
    {
      schema: {
        tags: ['orders'],
        summary: "A farm's pick list for a date (owner or admin), as JSON or CSV",
        description:
          "The products to gather with their quantities, then each open order to pack, by pickup time. Without `date`, the next day with open orders on the farm's calendar (today when there is none); `upcoming` lists the next such days. `format=csv` answers `text/csv` with the same content as a download.",
        security: [{ bearer: [] }],
        params: idParams,
        querystring: pickListQuery.omit({ farmId: true }),
        response: {
          200: pickListAnswer,
          400: errorAnswer,
          401: errorAnswer,
          403: errorAnswer,
          404: errorAnswer,
        },
      },
    },
    async (request, reply) => {
      const { format } = request.query;
      const list = await farmPickList(
        db,
        requireViewer(request, 'farm.pickList'),
        request.params.id,
        request.query.date,
      );
      const { date } = list;
      if (format === 'json') return list;
      // The CSV is text, not the JSON answer the schema describes: it is sent as it is, past the
      // schema's serializer and its type.
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="pick-list-${date}.csv"`)
        .serializer((payload) => payload as string)
        .send(pickListCsv(list) as never);
    },
  );
};
