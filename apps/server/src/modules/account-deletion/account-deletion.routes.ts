import { deleteFarmerAccountBody } from '@furrow/domain/api/account-deletion';
import { errorAnswer, messageAnswer } from '@furrow/domain/api/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { requireViewer } from '../../plugins/session';
import { authorize } from '../../policy/policy';
import { confirmIdentity, deleteFarmerAccount } from './farmer-deletion.workflow';

/** A farmer closes their own account; admins delete farmers through `/api/admin`. */
export const accountDeletionRoutes: FastifyPluginAsyncZod<{ db: Db; publicUrl: string }> = async (
  app,
  { db, publicUrl },
) => {
  app.delete(
    '/farmers/me',
    {
      schema: {
        tags: ['farmers'],
        summary: "Delete the signed-in farmer's account, farms, products, events and images",
        description:
          'Refused (409, listing them) while any order of the farmer’s farms is placed, confirmed or ready. Needs the password, or for an account made with Google alone its e-mail address. Images are removed right after, by a job.',
        security: bearer,
        body: deleteFarmerAccountBody,
        response: {
          200: messageAnswer,
          400: errorAnswer,
          401: errorAnswer,
          403: errorAnswer,
          409: errorAnswer,
        },
      },
    },
    async (request) => {
      const user = requireViewer(request, 'farmer.delete');
      authorize(user, 'farmer.delete');
      await confirmIdentity(db, user.id, request.body);
      await deleteFarmerAccount(db, user.id, user, publicUrl);
      return { message: 'Your account has been deleted' };
    },
  );
};

const bearer = [{ bearer: [] }];
