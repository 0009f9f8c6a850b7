import { errorAnswer, idParams } from '@furrow/domain/api/common';
import { farmProductsAnswer, farmProductsQuery, publicFarmAnswer } from '@furrow/domain/api/farms';
import { FARM_PAGE_FIRST_PRODUCTS } from '@furrow/domain/farm-product-pages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { getFarmer } from '../farmers';
import { getFarm } from '../farms';
import { farmProductPage, seesHiddenProducts } from './farm-products';

/** Where a read of a farm's public page is counted; app.ts hands in analytics' view counter. */
interface FarmPageViews {
  count(farmId: string, kind: 'farm'): void;
}

/**
 * A farm's public page: the farm, its farmer and its products, page by page. It lives with the
 * products it lists, which read the farm; the farm itself knows nothing of its products.
 */
export const farmPageRoutes: FastifyPluginAsyncZod<{ db: Db; views: FarmPageViews }> = async (
  app,
  { db, views },
) => {
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
