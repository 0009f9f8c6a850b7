import { errorAnswer, idParams, messageAnswer } from '@furrow/domain/api/common';
import {
  createEventBody,
  eventCalendarParams,
  eventListAnswer,
  eventMessageAnswer,
  farmEventsQuery,
  nearbyEventsQuery,
  updateEventBody,
} from '@furrow/domain/api/events';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { withTransaction } from '../../db/transaction';
import { requireViewer } from '../../plugins/session';
import { eventCalendarFile } from './event-calendar';
import {
  createEvent,
  deleteEvent,
  getEvent,
  listFarmEvents,
  listNearbyEvents,
  updateEvent,
} from './events.service';

const bearer = [{ bearer: [] }];
const refusals = { 400: errorAnswer, 401: errorAnswer, 403: errorAnswer, 404: errorAnswer };

/** Farm events: public reads, and writes by the farm's owner or an admin. */
export const eventsRoutes: FastifyPluginAsyncZod<{ db: Db; publicUrl: string }> = async (
  app,
  { db, publicUrl },
) => {
  app.get(
    '/farms/:id/events',
    {
      schema: {
        tags: ['events'],
        summary: "A farm's events: upcoming ones soonest first, or past ones with past=true",
        params: idParams,
        querystring: farmEventsQuery,
        response: { 200: eventListAnswer, 400: errorAnswer, 404: errorAnswer },
      },
    },
    async (request) => ({
      events: await listFarmEvents(db, request.params.id, {
        past: request.query.past,
        now: new Date(),
        viewer: request.session,
      }),
    }),
  );

  app.get(
    '/events',
    {
      schema: {
        tags: ['events'],
        summary: 'Upcoming events near a place, nearest farm first, then soonest',
        querystring: nearbyEventsQuery,
        response: { 200: eventListAnswer, 400: errorAnswer },
      },
    },
    async (request) => ({ events: await listNearbyEvents(db, request.query, new Date()) }),
  );

  app.get(
    '/events/:file',
    {
      schema: {
        tags: ['events'],
        summary: 'An event as a calendar file (RFC 5545): GET /api/events/{id}.ics',
        params: eventCalendarParams,
        produces: ['text/calendar'],
        response: { 200: z.string(), 400: errorAnswer, 404: errorAnswer },
      },
    },
    async (request, reply) => {
      const id = request.params.file.slice(0, -'.ics'.length).toLowerCase();
      const event = await getEvent(db, id, request.session);
      return reply
        .header('content-type', 'text/calendar; charset=utf-8')
        .header('content-disposition', `attachment; filename="furrow-event-${id}.ics"`)
        .send(eventCalendarFile(event, publicUrl));
    },
  );

  app.post(
    '/events',
    {
      schema: {
        tags: ['events'],
        summary: "Add an event to one of the caller's farms",
        description:
          'The end must come after the start, and the start may not be in the past: either is a 400 naming the field.',
        security: bearer,
        body: createEventBody,
        response: { 201: eventMessageAnswer, ...refusals },
      },
    },
    async (request, reply) => {
      const user = requireViewer(request, 'event.create');
      const event = await withTransaction(db, (tx) =>
        createEvent(tx, user, request.body, new Date()),
      );
      return reply.status(201).send({ message: 'Event added', event });
    },
  );

  app.patch(
    '/events/:id',
    {
      schema: {
        tags: ['events'],
        summary: 'Change an event (the farm owner or an admin)',
        security: bearer,
        params: idParams,
        body: updateEventBody,
        response: { 200: eventMessageAnswer, ...refusals },
      },
    },
    async (request) => {
      const user = requireViewer(request, 'event.update');
      const event = await withTransaction(db, (tx) =>
        updateEvent(tx, user, request.params.id, request.body, new Date()),
      );
      return { message: 'Event updated', event };
    },
  );

  app.delete(
    '/events/:id',
    {
      schema: {
        tags: ['events'],
        summary: 'Remove an event (the farm owner or an admin)',
        security: bearer,
        params: idParams,
        response: { 200: messageAnswer, ...refusals },
      },
    },
    async (request) => {
      const user = requireViewer(request, 'event.delete');
      await withTransaction(db, (tx) => deleteEvent(tx, user, request.params.id));
      return { message: 'Event removed' };
    },
  );
};
