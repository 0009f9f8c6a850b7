import { errorAnswer, idParams, messageAnswer } from '@furrow/domain/api/common';
import {
  createProductBody,
  farmProductsParams,
  farmStockBody,
  imageUploadForm,
  productEnvelope,
  productImageParams,
  productListAnswer,
  productMessageAnswer,
  productQuery,
  productsMessageAnswer,
  productVisibilityBody,
  stockChangeBody,
  updateProductBody,
} from '@furrow/domain/api/products';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { readUploadedImage, registerImageUploads } from '../../adapters/images';
import type { Storage } from '../../adapters/storage';
import type { Db } from '../../db/client';
import { requireViewer } from '../../plugins/session';
import { listFarmProducts } from './farm-products';
import { changeFarmStock } from './farm-stock.service';
import {
  addProductImage,
  changeStock,
  createProduct,
  deleteProduct,
  getProduct,
  removeProductImage,
  setProductHidden,
  updateProduct,
} from './products.service';

const bearer = [{ bearer: [] }];
const refusals = { 400: errorAnswer, 401: errorAnswer, 403: errorAnswer, 404: errorAnswer };

/** Where a product page's view is counted; the server passes analytics' counter. */
interface ProductPageViews {
  count(farmId: string, kind: 'product'): void;
}

/**
 * A farm's products and everything a farmer does to them. Guests get "You must be logged in
 * to ..." (401), other users "You can only ... your own products" (403).
 */
export const productsRoutes: FastifyPluginAsyncZod<{
  db: Db;
  storage: Storage;
  views: ProductPageViews;
}> = async (app, { db, storage, views }) => {
  await registerImageUploads(app);
  const deps = { db, storage };

  app.post(
    '/product/create/:farmId',
    {
      schema: {
        tags: ['products'],
        summary: 'Add a product to a farm (owner or admin)',
        security: bearer,
        params: farmProductsParams,
        body: createProductBody,
        response: { 201: productMessageAnswer, ...refusals },
      },
    },
    async (request, reply) => {
      const user = requireViewer(request, 'product.create');
      const product = await createProduct(deps, user, request.params.farmId, request.body);
      return reply.status(201).send({ message: 'Product created', product });
    },
  );

  app.get(
    '/product/:farmId',
    {
      schema: {
        tags: ['products'],
        summary: "A farm's products, by name",
        security: bearer,
        params: farmProductsParams,
        response: { 200: productListAnswer, 400: errorAnswer, 404: errorAnswer },
      },
    },
    async (request) => ({
      products: await listFarmProducts(db, request.session, request.params.farmId),
    }),
  );

  app.get(
    '/products/:id',
    {
      schema: {
        tags: ['products'],
        summary: 'One product',
        description:
          'With `lat` and `long` (both or neither), `distanceKm` is the distance from that point to the farm; otherwise it is null.',
        params: idParams,
        querystring: productQuery,
        response: { 200: productEnvelope, 400: errorAnswer, 404: errorAnswer },
      },
    },
    async (request) => {
      const product = await getProduct(db, request.params.id, request.session, request.query);
      // The owner looking at their own product is not a visitor.
      if (request.session?.id !== product.farmerId) views.count(product.farmId, 'product');
      return { product };
    },
  );

  app.patch(
    '/products/:id',
    {
      schema: {
        tags: ['products'],
        summary: 'Change a product (owner or admin)',
        description:
          'Any of the fields; `images` may reorder or drop photos (dropped photos are deleted). Setting `stock` here records a stock update like `POST /api/products/{id}/stock`.',
        security: bearer,
        params: idParams,
        body: updateProductBody,
        response: { 200: productMessageAnswer, ...refusals },
      },
    },
    async (request) => {
      const user = requireViewer(request, 'product.update');
      const product = await updateProduct(deps, user, request.params.id, request.body);
      return { message: 'Product updated', product };
    },
  );

  app.delete(
    '/products/:id',
    {
      schema: {
        tags: ['products'],
        summary: 'Delete a product that is in no order (owner or admin)',
        security: bearer,
        params: idParams,
        response: { 200: messageAnswer, ...refusals, 409: errorAnswer },
      },
    },
    async (request) => {
      const user = requireViewer(request, 'product.delete');
      await deleteProduct(deps, user, request.params.id);
      return { message: 'Product deleted' };
    },
  );

  app.post(
    '/products/:id/visibility',
    {
      schema: {
        tags: ['products'],
        summary: 'Hide a product from the shop, or show it again (owner or admin)',
        description:
          'A hidden product is kept with its orders but leaves browsing, search, the farm page and its product page for shoppers, and cannot be ordered or pre-ordered. `{ "hidden": false }` needs a plan in trial or active with room under its product limit (402, 403). Hiding one makes room: a product the plan hid comes back, and the message names it.',
        security: bearer,
        params: idParams,
        body: productVisibilityBody,
        response: { 200: productMessageAnswer, ...refusals, 402: errorAnswer },
      },
    },
    async (request) => {
      const user = requireViewer(request, 'product.update');
      const { hidden } = request.body;
      const { product, restored } = await setProductHidden(db, user, request.params.id, hidden);
      const message = hidden
        ? `${product.name} is hidden from your shop`
        : `${product.name} is back in your shop`;
      return {
        message:
          restored.length > 0 ? `${message}. Back in your shop: ${restored.join(', ')}.` : message,
        product,
      };
    },
  );

  app.post(
    '/products/:id/stock',
    {
      schema: {
        tags: ['products'],
        summary: 'Add to, take from or set the stock (owner or admin)',
        description:
          '`{ "delta": n }` adds n (or takes, when negative); `{ "stock": n }` sets it. Stock never goes below zero: "Insufficient stock" (409). Concurrent changes are applied one after another.',
        security: bearer,
        params: idParams,
        body: stockChangeBody,
        response: { 200: productMessageAnswer, ...refusals, 409: errorAnswer },
      },
    },
    async (request) => {
      const user = requireViewer(request, 'product.updateStock');
      const product = await changeStock(db, user, request.params.id, request.body);
      return { message: 'Stock updated', product };
    },
  );

  app.patch(
    '/farms/:farmId/stock',
    {
      schema: {
        tags: ['products'],
        summary: "Change the stock of several of a farm's products at once (owner or admin)",
        description:
          'Each line `{ productId, delta }` adds n (or takes, when negative), `{ productId, stock }` sets it; each product once, at most 200. All lines are applied in one transaction, or none: a product that is not this farm\'s is "Product not found" (404), stock below zero "Insufficient stock" (409), and `details` names the line. Stock that arrives fills waiting pre-orders, as `POST /api/products/{id}/stock` does.',
        security: bearer,
        params: farmProductsParams,
        body: farmStockBody,
        response: { 200: productsMessageAnswer, ...refusals, 409: errorAnswer },
      },
    },
    async (request) => {
      const user = requireViewer(request, 'product.updateStock');
      const { lines } = request.body;
      const products = await changeFarmStock(db, user, request.params.farmId, lines);
      const count = products.length;
      return {
        message: `Stock updated for ${count} ${count === 1 ? 'product' : 'products'}`,
        products,
      };
    },
  );

  app.post(
    '/products/:id/images',
    {
      schema: {
        tags: ['products'],
        summary: 'Add a photo to a product (owner or admin)',
        description:
          'multipart/form-data with one JPEG, PNG or WebP file (at most 5 MB) in a field named `file`; at most 8 photos a product. Stored as 1200 px and 400 px WebP.',
        consumes: ['multipart/form-data'],
        body: imageUploadForm,
        security: bearer,
        params: idParams,
        response: {
          200: productMessageAnswer,
          ...refusals,
          413: errorAnswer,
          415: errorAnswer,
          507: errorAnswer,
        },
      },
    },
    async (request) => {
      const user = requireViewer(request, 'product.update');
      const product = await addProductImage(deps, user, request.params.id, () =>
        readUploadedImage(request),
      );
      return { message: 'Photo added', product };
    },
  );

  app.delete(
    '/products/:id/images/:imageId',
    {
      schema: {
        tags: ['products'],
        summary: 'Remove a photo from a product (owner or admin)',
        security: bearer,
        params: productImageParams,
        response: { 200: productMessageAnswer, ...refusals },
      },
    },
    async (request) => {
      const user = requireViewer(request, 'product.update');
      const { id, imageId } = request.params;
      return {
        message: 'Photo removed',
        product: await removeProductImage(deps, user, id, imageId),
      };
    },
  );
};
