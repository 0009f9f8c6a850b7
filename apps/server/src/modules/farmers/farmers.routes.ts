import { errorAnswer, idParams } from '@furrow/domain/api/common';
import {
  farmerEnvelope,
  farmerImageParams,
  farmerListAnswer,
  farmerMessageAnswer,
  listFarmersQuery,
  updateFarmerBody,
} from '@furrow/domain/api/farmers';
import { imageUploadForm } from '@furrow/domain/api/products';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { readUploadedImage, registerImageUploads } from '../../adapters/images';
import type { Storage } from '../../adapters/storage';
import type { Db } from '../../db/client';
import { requireViewer } from '../../plugins/session';
import {
  getFarmer,
  getOwnFarmer,
  listFarmers,
  removeOwnFarmerImage,
  setOwnFarmerImage,
  updateOwnFarmer,
} from './farmers.service';

const bearer = [{ bearer: [] }];
const refusals = { 400: errorAnswer, 401: errorAnswer, 403: errorAnswer, 404: errorAnswer };

export const farmersRoutes: FastifyPluginAsyncZod<{ db: Db; storage: Storage }> = async (
  app,
  { db, storage },
) => {
  await registerImageUploads(app);
  const signedInFarmer = (request: Parameters<typeof requireViewer>[0]) =>
    requireViewer(request, 'farmer.updateOwn');

  app.get(
    '/farmers',
    {
      schema: {
        tags: ['farmers'],
        summary: 'Farmers with an active farm, featured first',
        querystring: listFarmersQuery,
        response: { 200: farmerListAnswer },
      },
    },
    async (request) => ({ farmers: await listFarmers(db, request.query, request.session) }),
  );

  app.get(
    '/farmers/me',
    {
      schema: {
        tags: ['farmers'],
        summary: "The signed-in farmer's own profile",
        security: bearer,
        response: { 200: farmerEnvelope, 401: errorAnswer, 403: errorAnswer, 404: errorAnswer },
      },
    },
    async (request) => ({ farmer: await getOwnFarmer(db, signedInFarmer(request)) }),
  );

  app.patch(
    '/farmers/me',
    {
      schema: {
        tags: ['farmers'],
        summary: "Change the signed-in farmer's profile",
        security: bearer,
        body: updateFarmerBody,
        response: { 200: farmerMessageAnswer, ...refusals },
      },
    },
    async (request) => ({
      message: 'Profile updated',
      farmer: await updateOwnFarmer(db, signedInFarmer(request), request.body),
    }),
  );

  app.post(
    '/farmers/me/images/:kind',
    {
      schema: {
        tags: ['farmers'],
        summary: "Upload the farmer's logo or profile photo",
        description:
          'multipart/form-data with one JPEG, PNG or WebP file (at most 5 MB) in a field named `file`. Replaces the previous image.',
        consumes: ['multipart/form-data'],
        body: imageUploadForm,
        security: bearer,
        params: farmerImageParams,
        response: {
          200: farmerMessageAnswer,
          ...refusals,
          413: errorAnswer,
          415: errorAnswer,
          507: errorAnswer,
        },
      },
    },
    async (request) => {
      const user = signedInFarmer(request);
      const upload = await readUploadedImage(request);
      const farmer = await setOwnFarmerImage({ db, storage }, user, request.params.kind, upload);
      return { message: request.params.kind === 'logo' ? 'Logo updated' : 'Photo updated', farmer };
    },
  );

  app.delete(
    '/farmers/me/images/:kind',
    {
      schema: {
        tags: ['farmers'],
        summary: "Remove the farmer's logo or profile photo",
        security: bearer,
        params: farmerImageParams,
        response: { 200: farmerMessageAnswer, ...refusals },
      },
    },
    async (request) => {
      const user = signedInFarmer(request);
      const farmer = await removeOwnFarmerImage({ db, storage }, user, request.params.kind);
      return { message: request.params.kind === 'logo' ? 'Logo removed' : 'Photo removed', farmer };
    },
  );

  app.get(
    '/farmers/:id',
    {
      schema: {
        tags: ['farmers'],
        summary: "A farmer's public profile",
        params: idParams,
        response: { 200: farmerEnvelope, 404: errorAnswer },
      },
    },
    async (request) => ({ farmer: await getFarmer(db, request.params.id, request.session) }),
  );
};
