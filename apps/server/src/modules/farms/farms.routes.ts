import { errorAnswer, idParams } from '@furrow/domain/api/common';
import {
  createFarmBody,
  featuredFarmsQuery,
  listFarmsQuery,
  shopAnswer,
  shopListAnswer,
  shopMessageAnswer,
  updateFarmBody,
} from '@furrow/domain/api/farms';
import { imageUploadForm } from '@furrow/domain/api/products';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { readUploadedImage, registerImageUploads } from '../../adapters/images';
import type { Storage } from '../../adapters/storage';
import type { Db } from '../../db/client';
import { withTransaction } from '../../db/transaction';
import { publish } from '../../domain-events/publish';
import { requireViewer } from '../../plugins/session';
import { farmOpened } from './farm-events';
import {
  createFarm,
  getFarm,
  listFarms,
  listFeaturedFarms,
  removeFarmImage,
  setFarmImage,
  updateFarm,
} from './farms.service';

const bearer = [{ bearer: [] }];
const refusals = { 400: errorAnswer, 401: errorAnswer, 403: errorAnswer, 404: errorAnswer };

/** The shop calls at their fixed paths, plus the public farm page. */
export const farmsRoutes: FastifyPluginAsyncZod<{
  db: Db;
  storage: Storage;
}> = async (app, { db, storage }) => {
  await registerImageUploads(app);
  const deps = { db, storage };

  app.get(
    '/shop/get_all',
    {
      schema: {
        tags: ['farms'],
        summary: "The caller's farms, or one farmer's farms",
        description:
          "Without `farmerId`, the signed-in caller's own farms (a customer has none). With `farmerId`, that farmer's active farms; the owner and admins also see suspended ones.",
        security: bearer,
        querystring: listFarmsQuery,
        response: { 200: shopListAnswer, 400: errorAnswer, 401: errorAnswer },
      },
    },
    async (request) => ({
      shops: await listFarms(db, request.session, request.query.farmerId),
    }),
  );

  app.post(
    '/shop/create',
    {
      schema: {
        tags: ['farms'],
        summary: 'Create a farm (shop) for the signed-in farmer',
        security: bearer,
        body: createFarmBody,
        response: { 201: shopMessageAnswer, 400: errorAnswer, 401: errorAnswer, 403: errorAnswer },
      },
    },
    async (request, reply) => {
      const user = requireViewer(request, 'farm.create');
      // A new farm is open to shoppers at once: whoever asked to hear of farms near it is told.
      const shop = await withTransaction(db, async (tx) => {
        const farm = await createFarm({ db: tx, storage }, user, request.body);
        if (farm.status === 'active') await publish(tx, farmOpened, farm, new Date());
        return farm;
      });
      return reply.status(201).send({ message: 'Farm created', shop });
    },
  );

  app.get(
    '/shop/single/:id',
    {
      schema: {
        tags: ['farms'],
        summary: 'One farm',
        security: bearer,
        params: idParams,
        response: { 200: shopAnswer, 404: errorAnswer },
      },
    },
    async (request) => ({ shop: await getFarm(db, request.params.id, request.session) }),
  );

  app.patch(
    '/shop/:id',
    {
      schema: {
        tags: ['farms'],
        summary: 'Change a farm (owner or admin)',
        security: bearer,
        params: idParams,
        body: updateFarmBody,
        response: { 200: shopMessageAnswer, ...refusals },
      },
    },
    async (request) => {
      const user = requireViewer(request, 'farm.update');
      const shop = await updateFarm(deps, user, request.params.id, request.body);
      return { message: 'Farm updated', shop };
    },
  );

  const farmImages = [
    { kind: 'logo', word: 'Logo', about: 'logo' },
    {
      kind: 'cover',
      word: 'Cover',
      about: 'cover picture (shown wide across the top of its page)',
    },
  ] as const;
  for (const { kind, word, about } of farmImages) {
    app.post(
      `/shop/:id/${kind}`,
      {
        schema: {
          tags: ['farms'],
          summary: `Upload a farm's ${about} (owner or admin)`,
          description: `multipart/form-data with one JPEG, PNG or WebP file (at most 5 MB) in a field named \`file\`. Replaces the previous ${kind}.`,
          consumes: ['multipart/form-data'],
          body: imageUploadForm,
          security: bearer,
          params: idParams,
          response: {
            200: shopMessageAnswer,
            ...refusals,
            413: errorAnswer,
            415: errorAnswer,
            507: errorAnswer,
          },
        },
      },
      async (request) => {
        const user = requireViewer(request, 'farm.update');
        const shop = await setFarmImage(deps, user, request.params.id, kind, () =>
          readUploadedImage(request),
        );
        return { message: `${word} updated`, shop };
      },
    );

    app.delete(
      `/shop/:id/${kind}`,
      {
        schema: {
          tags: ['farms'],
          summary: `Remove a farm's ${kind} (owner or admin)`,
          security: bearer,
          params: idParams,
          response: { 200: shopMessageAnswer, ...refusals },
        },
      },
      async (request) => {
        const user = requireViewer(request, 'farm.update');
        const shop = await removeFarmImage(deps, user, request.params.id, kind);
        return { message: `${word} removed`, shop };
      },
    );
  }

  app.get(
    '/farms/featured',
    {
      schema: {
        tags: ['farms'],
        summary: 'Featured farms for the landing page (active ones; near a place, nearest first)',
        querystring: featuredFarmsQuery,
        response: { 200: shopListAnswer, 400: errorAnswer },
      },
    },
    async (request) => ({ shops: await listFeaturedFarms(db, request.query) }),
  );
};
