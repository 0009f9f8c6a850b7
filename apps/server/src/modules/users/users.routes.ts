import { errorAnswer } from '@furrow/domain/api/common';
import {
  meAnswer,
  profileAnswer,
  profileSetupAnswer,
  profileSetupBody,
  updateMeAnswer,
  updateMeBody,
} from '@furrow/domain/api/users';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { withTransaction } from '../../db/transaction';
import { requireViewer } from '../../plugins/session';
import { getMe, getProfile, setUpProfile, updateMe } from './users.service';

const bearer = [{ bearer: [] }];
const refused = { 400: errorAnswer, 401: errorAnswer, 403: errorAnswer };

/** The signed-in user's own record and customer profile. */
export const usersRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/me',
    {
      schema: {
        tags: ['users'],
        summary: 'The signed-in user',
        description:
          'Also how the web app checks, on load, that its stored session is still good: 401 when it has ended.',
        security: bearer,
        response: { 200: meAnswer, ...refused },
      },
    },
    async (request) => ({ user: await getMe(db, requireViewer(request, 'account.manage').id) }),
  );

  app.patch(
    '/me',
    {
      schema: {
        tags: ['users'],
        summary: "Change the signed-in user's names",
        security: bearer,
        body: updateMeBody,
        response: { 200: updateMeAnswer, ...refused },
      },
    },
    async (request) => ({
      message: 'Your details have been saved.',
      user: await updateMe(db, requireViewer(request, 'account.manage').id, request.body),
    }),
  );

  app.get(
    '/profile',
    {
      schema: {
        tags: ['users'],
        summary: "The signed-in customer's profile",
        description: 'Null when the account has no customer profile (farmers and admins).',
        security: bearer,
        response: { 200: profileAnswer, ...refused },
      },
    },
    async (request) => ({
      profile: await getProfile(db, requireViewer(request, 'account.manage').id),
    }),
  );

  app.put(
    '/profile',
    {
      schema: {
        tags: ['users'],
        summary: 'Set up the customer profile',
        description:
          'After a first Google sign-in: names and a default location, as coordinates with an address or as a US ZIP code or "City, ST" looked up offline.',
        security: bearer,
        body: profileSetupBody,
        response: { 200: profileSetupAnswer, ...refused },
      },
    },
    async (request) => {
      const user = requireViewer(request, 'profile.setUp');
      return {
        message: 'Your profile is ready.',
        ...(await withTransaction(db, (tx) => setUpProfile(tx, user.id, request.body))),
      };
    },
  );
};
