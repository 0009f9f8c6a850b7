import { errorAnswer, idParams } from '@furrow/domain/api/common';
import {
  createFarmBody,
  farmProductsAnswer,
  farmProductsQuery,
  featuredFarmsQuery,
  listFarmsQuery,
  publicFarmAnswer,
  shopAnswer,
  shopListAnswer,
  shopMessageAnswer,
  updateFarmBody,
} from '@furrow/domain/api/farms';
import { imageUploadForm } from '@furrow/domain/api/products';
import { FARM_PAGE_FIRST_PRODUCTS } from '@furrow/domain/farm-product-pages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { readUploadedImage, registerImageUploads } from '../../adapters/images';
import type { Storage } from '../../adapters/storage';
import type { Db } from '../../db/client';
import { withTransaction } from '../../db/transaction';
import { publish } from '../../domain-events/publish';
import { requireViewer } from '../../plugins/session';
import { getFarmer } from '../farmers';
import { farmProductPage, seesHiddenProducts } from '../products';
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

/**
 * Where a read of a farm's public page is counted: app.ts hands in the analytics module's view
 * counter, so that farms names what it needs and depends on no module for it.
 */
interface FarmPageViews {
  count(farmId: string, kind: 'farm'): void;
}

/** The shop calls at their fixed paths, plus the public farm page. */
export const farmsRoutes: FastifyPluginAsyncZod<{
  db: Db;
  storage: Storage;
  views: FarmPageViews;
}> = async (app, { db, storage, views }) => {
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

  app.get(
    '/farms/:id',
    {
      schema: {
        tags: ['farms'],
        summary: 'The public farm page: the farm, its farmer and the first page of its products',
        description: `The farm, its farmer's public profile, its first ${FARM_PAGE_FIRST_PRODUCTS} products in name order (hidden ones for the owner and admins only), how many it has, and the cursor of the next page for \`GET /api/farms/{id}/products\`.`,
        params: idParams,
        response: { 200: publicFarmAnswer, 404: errorAnswer },
      },
    },
    async (request) => {
      const { session } = request;
      const farm = await getFarm(db, request.params.id, session);
      // The farm already counts the products in its shop, all that anyone but its owner and
      // admins may see: on a farm of 10,000 products that count is most of the page's cost.
      const known = seesHiddenProducts(session, farm.farmerId) ? undefined : farm.productCount;
      const [farmer, page] = await Promise.all([
        getFarmer(db, farm.farmerId, session),
        farmProductPage(db, session, farm.id, { limit: FARM_PAGE_FIRST_PRODUCTS }, known),
      ]);
      // The owner looking at their own page is not a visitor.
      if (session?.id !== farm.farmerId) views.count(farm.id, 'farm');
      return { farm, farmer, ...page };
    },
  );

  app.get(
    '/farms/:id/products',
    {
      schema: {
        tags: ['farms'],
        summary: "A page of a farm's products, in name order",
        description:
          'Pass the `nextCursor` of a page as `after` for the next one. With `categorySlug` or `q` (words in the name or description), only the matching products, and `total` counts those (on the first page; null on the next ones). Hidden products are listed for the owner and admins only.',
        params: idParams,
        querystring: farmProductsQuery,
        response: { 200: farmProductsAnswer, 400: errorAnswer, 404: errorAnswer },
      },
    },
    async (request) => farmProductPage(db, request.session, request.params.id, request.query),
  );
};
