import type { CreateEventBody, FarmEvent, UpdateEventBody } from '@furrow/domain/api/events';
import { AppError } from '@furrow/domain/errors';
import { eventDateProblems } from '@furrow/domain/events';
import { and, asc, desc, eq, gt, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/transaction';
import { authorize, type Viewer } from '../../policy/policy';
import { visibleFarms } from '../../policy/scopes';
import { earthPoint, farmDistanceMetres, farmEarthPoint, type Point } from '../farms';
import { farms } from '../farms/farms.schema';
import { events } from './events.schema';

type EventRow = {
  event: typeof events.$inferSelect;
  farmName: string;
  timeZone: string;
  distanceMetres?: number;
};

function selectEvents(db: Executor) {
  return db
    .select({ event: events, farmName: farms.name, timeZone: farms.timeZone })
    .from(events)
    .innerJoin(farms, eq(farms.id, events.farmId));
}

function toEventAnswer(row: EventRow): FarmEvent {
  const { event } = row;
  return {
    id: event.id,
    farmerId: event.farmerId,
    farm: { id: event.farmId, name: row.farmName, timeZone: row.timeZone },
    title: event.title,
    description: event.description,
    startsAt: event.startsAt.toISOString(),
    endsAt: event.endsAt.toISOString(),
    place: event.place,
    ...(row.distanceMetres === undefined
      ? {}
      : { distanceKm: Math.round(row.distanceMetres / 100) / 10 }),
  };
}

function checkDates(event: { startsAt: Date; endsAt: Date }, now: Date, startChanged: boolean) {
  const problems = eventDateProblems(event, { now, startChanged });
  if (problems.length > 0) {
    const message = problems.map((problem) => `${problem.field}: ${problem.message}`).join('; ');
    throw new AppError('VALIDATION', message, problems);
  }
}

/** One event as `viewer` may see it: an event of a suspended farm is hidden like the farm. */
export async function getEvent(db: Executor, id: string, viewer: Viewer): Promise<FarmEvent> {
  const [row] = await selectEvents(db).where(and(eq(events.id, id), visibleFarms(viewer)));
  if (!row) throw new AppError('EVENT_NOT_FOUND');
  return toEventAnswer(row);
}

/** A farm's events: upcoming ones soonest first, or those gone by, latest first. */
export async function listFarmEvents(
  db: Executor,
  farmId: string,
  options: { past: boolean; now: Date; viewer: Viewer },
): Promise<FarmEvent[]> {
  const [farm] = await db
    .select({ id: farms.id })
    .from(farms)
    .where(and(eq(farms.id, farmId), visibleFarms(options.viewer)));
  if (!farm) throw new AppError('FARM_NOT_FOUND');
  const rows = await selectEvents(db)
    .where(
      and(
        eq(events.farmId, farmId),
        options.past ? lte(events.endsAt, options.now) : gt(events.endsAt, options.now),
      ),
    )
    .orderBy(options.past ? desc(events.startsAt) : asc(events.startsAt), asc(events.id))
    .limit(100);
  return rows.map(toEventAnswer);
}

/** Upcoming events of active farms within the radius, nearest farm first, then soonest. */
export async function listNearbyEvents(
  db: Executor,
  query: Point & { radiusKm: number; limit: number },
  now: Date,
): Promise<FarmEvent[]> {
  const radiusMetres = query.radiusKm * 1000;
  const distanceMetres = farmDistanceMetres(query);
  const rows = await db
    .select({ event: events, farmName: farms.name, timeZone: farms.timeZone, distanceMetres })
    .from(events)
    .innerJoin(farms, eq(farms.id, events.farmId))
    .where(
      and(
        visibleFarms(null),
        gt(events.endsAt, now),
        sql`earth_box(${earthPoint(query)}, ${radiusMetres}) @> ${farmEarthPoint}`,
        sql`${distanceMetres} <= ${radiusMetres}`,
      ),
    )
    .orderBy(asc(distanceMetres), asc(events.startsAt), asc(events.id))
    .limit(query.limit);
  return rows.map(toEventAnswer);
}

export async function createEvent(
  db: Executor,
  user: NonNullable<Viewer>,
  body: CreateEventBody,
  now: Date,
): Promise<FarmEvent> {
  const [farm] = await db.select().from(farms).where(eq(farms.id, body.farmId));
  if (!farm) throw new AppError('FARM_NOT_FOUND');
  authorize(user, 'event.create', farm);
  const dates = { startsAt: new Date(body.startsAt), endsAt: new Date(body.endsAt) };
  checkDates(dates, now, true);
  const [created] = await db
    .insert(events)
    .values({
      farmId: farm.id,
      farmerId: farm.farmerId,
      title: body.title,
      description: body.description,
      place: body.place,
      ...dates,
    })
    .returning({ id: events.id });
  if (!created) throw new Error('event insert returned no row');
  return getEvent(db, created.id, user);
}

/** The event `user` means to change or remove: 404 when it does not exist, 403 when not theirs. */
async function findManagedEvent(
  db: Executor,
  id: string,
  user: NonNullable<Viewer>,
  action: 'event.update' | 'event.delete',
) {
  const [event] = await db.select().from(events).where(eq(events.id, id));
  if (!event) throw new AppError('EVENT_NOT_FOUND');
  authorize(user, action, event);
  return event;
}

export async function updateEvent(
  db: Executor,
  user: NonNullable<Viewer>,
  id: string,
  body: UpdateEventBody,
  now: Date,
): Promise<FarmEvent> {
  const event = await findManagedEvent(db, id, user, 'event.update');
  const startsAt = body.startsAt ? new Date(body.startsAt) : event.startsAt;
  const endsAt = body.endsAt ? new Date(body.endsAt) : event.endsAt;
  checkDates({ startsAt, endsAt }, now, startsAt.getTime() !== event.startsAt.getTime());
  await db
    .update(events)
    .set({
      title: body.title,
      description: body.description,
      place: body.place,
      startsAt,
      endsAt,
      updatedAt: now,
    })
    .where(eq(events.id, id));
  return getEvent(db, id, user);
}

export async function deleteEvent(
  db: Executor,
  user: NonNullable<Viewer>,
  id: string,
): Promise<void> {
  await findManagedEvent(db, id, user, 'event.delete');
  await db.delete(events).where(eq(events.id, id));
}
