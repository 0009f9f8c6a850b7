import {
  adminFarmerMessageAnswer,
  adminFarmMessageAnswer,
  adminFarmsAnswer,
  adminFarmsQuery,
  adminOverviewAnswer,
  adminUpdateFarmBody,
  adminUpdateFarmerBody,
} from '@furrow/domain/api/admin';
import { auditAnswer, auditQuery } from '@furrow/domain/api/audit';
import { errorAnswer, idParams, messageAnswer } from '@furrow/domain/api/common';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { withTransaction } from '../../db/transaction';
import { requireViewer } from '../../plugins/session';
import { deleteFarmerAccount } from '../account-deletion';
import { listAudit } from '../audit';
import { listAdminFarms, setFarmerFeatured, updateFarmAsAdmin } from './farms-management.service';
import { getOverview } from './overview.service';

const bearer = [{ bearer: [] }];
const refusals = { 400: errorAnswer, 401: errorAnswer, 403: errorAnswer, 404: errorAnswer };

/** The admin's calls. Registered under `/api/admin`, and every one passes the hook below. */
export const adminRoutes: FastifyPluginAsyncZod<{ db: Db; publicUrl: string }> = async (
  app,
  { db, publicUrl },
) => {
  // The one check of every admin route, before the body or the query is even read: a guest hears
  // 401, a customer or a farmer 403 'Unauthorized access' (product rules: administration).
  app.addHook('onRequest', async (request) => {
    requireViewer(request, 'admin.access');
  });
  const admin = (request: FastifyRequest) => requireViewer(request, 'admin.access');

  app.get(
    '/dashboard/farms-management/get_farms',
    {
      schema: {
        tags: ['admin'],
        summary: 'Every farm with its owner and figures (admins only)',
        description:
          'Search by farm, owner name or e-mail (`q`), filter by `status` and `featured`, sort by `sort` and `order`, one `page` of `pageSize` rows.',
        security: bearer,
        querystring: adminFarmsQuery,
        response: { 200: adminFarmsAnswer, ...refusals },
      },
    },
    async (request) => {
      const { query } = request;
      return { ...(await listAdminFarms(db, query)), page: query.page, pageSize: query.pageSize };
    },
  );

  app.patch(
    '/farms/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'Suspend (with a reason) or reinstate a farm; feature or unfeature it',
        description:
          'A suspended farm leaves browsing, search and featured lists and takes no orders; its owner is told why by e-mail and on the dashboard. Every change is written to the audit log.',
        security: bearer,
        params: idParams,
        body: adminUpdateFarmBody,
        response: { 200: adminFarmMessageAnswer, ...refusals },
      },
    },
    async (request) => {
      const viewer = admin(request);
      const farm = await withTransaction(db, (tx) =>
        updateFarmAsAdmin(tx, viewer, request.params.id, request.body, publicUrl),
      );
      return { message: farmMessage(request.body), farm };
    },
  );

  app.patch(
    '/farmers/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'Feature or unfeature a farmer',
        security: bearer,
        params: idParams,
        body: adminUpdateFarmerBody,
        response: { 200: adminFarmerMessageAnswer, ...refusals },
      },
    },
    async (request) => {
      const viewer = admin(request);
      const farmer = await withTransaction(db, (tx) =>
        setFarmerFeatured(tx, viewer, request.params.id, request.body.featured),
      );
      return { message: farmer.featured ? 'Farmer featured' : 'Farmer unfeatured', farmer };
    },
  );

  app.delete(
    '/farmers/:id',
    {
      schema: {
        tags: ['admin'],
        summary: "Delete a farmer's account, farms, products, events and images",
        description: 'Refused (409) while any order of the farmer’s farms is open.',
        security: bearer,
        params: idParams,
        response: { 200: messageAnswer, ...refusals, 409: errorAnswer },
      },
    },
    async (request) => {
      await deleteFarmerAccount(db, request.params.id, admin(request), publicUrl);
      return { message: 'Farmer account deleted' };
    },
  );

  app.get(
    '/audit',
    {
      schema: {
        tags: ['admin'],
        summary: 'The audit log: every admin action and account deletion, newest first',
        security: bearer,
        querystring: auditQuery,
        response: { 200: auditAnswer, ...refusals },
      },
    },
    async (request) => {
      const { query } = request;
      return { ...(await listAudit(db, query)), page: query.page, pageSize: query.pageSize };
    },
  );

  app.get(
    '/overview',
    {
      schema: {
        tags: ['admin'],
        summary: 'Farms by status, farmers, customers, and orders and sales per week',
        security: bearer,
        response: { 200: adminOverviewAnswer, ...refusals },
      },
    },
    async () => getOverview(db, new Date()),
  );
};

function farmMessage(body: {
  status?: string | undefined;
  featured?: boolean | undefined;
}): string {
  if (body.status === 'suspended') return 'Farm suspended';
  if (body.status === 'active') return 'Farm reinstated';
  return body.featured ? 'Farm featured' : 'Farm unfeatured';
}
