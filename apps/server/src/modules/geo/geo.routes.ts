import { errorAnswer } from '@furrow/domain/api/common';
import { geoLookupAnswer, geoLookupQuery } from '@furrow/domain/api/geo';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { lookupPlace } from './geo.service';

export const geoRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/geo/lookup',
    {
      schema: {
        tags: ['geo'],
        summary: 'Coordinates of a US ZIP code or "City, ST", from an offline gazetteer',
        querystring: geoLookupQuery,
        response: { 200: geoLookupAnswer, 400: errorAnswer, 404: errorAnswer },
      },
    },
    async (request) => lookupPlace(request.query.q),
  );
};
