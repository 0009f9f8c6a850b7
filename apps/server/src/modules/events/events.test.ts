import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestFarm } from '../../testing/farms';
import { useTestApp } from '../../testing/test-app';
import { useTestCast } from '../../testing/users';
import { farms } from '../farms/farms.schema';
import { events as eventRows } from './events.schema';

const t = useTestApp();
const cast = useTestCast(t);

const HOUR = 3_600_000;
const fromNow = (hours: number) => new Date(Date.now() + hours * HOUR).toISOString();
const portland = { lat: 45.52, lng: -122.68 };
const salem = { lat: 44.94, lng: -123.03 }; // about 75 km south

let nearFarm: string;
let farFarm: string;
beforeAll(async () => {
  nearFarm = await createTestFarm(t, cast.owner, { name: 'Near Acres', location: portland });
  farFarm = await createTestFarm(t, cast.owner, { name: 'Far Acres', location: salem });
});

function post(body: object, user = cast.owner) {
  return t.app.inject({ method: 'POST', url: '/api/events', headers: user.headers, payload: body });
}

async function add(farmId: string, startIn: number, title = 'Market day') {
  const res = await post({
    farmId,
    title,
    startsAt: fromNow(startIn),
    endsAt: fromNow(startIn + 3),
    place: 'At the farm stand',
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().event as { id: string; farmerId: string; farm: { id: string } };
}

describe('adding an event', () => {
  it('keeps the farm and its owner as farmerId', async () => {
    const event = await add(nearFarm, 48);
    expect(event).toMatchObject({
      farmerId: cast.owner.id,
      farm: { id: nearFarm, name: 'Near Acres', timeZone: expect.any(String) },
    });
  });

  it('refuses an end before the start, naming endsAt', async () => {
    const res = await post({
      farmId: nearFarm,
      title: 'Backwards',
      startsAt: fromNow(10),
      endsAt: fromNow(9),
      place: 'Barn',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual([{ field: 'endsAt', message: 'must be after the start' }]);
  });

  it('refuses a start in the past, naming startsAt', async () => {
    const res = await post({
      farmId: nearFarm,
      title: 'Yesterday',
      startsAt: fromNow(-24),
      endsAt: fromNow(-20),
      place: 'Barn',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual([{ field: 'startsAt', message: 'must not be in the past' }]);
  });

  it('refuses a missing title, naming it', async () => {
    const res = await post({
      farmId: nearFarm,
      startsAt: fromNow(5),
      endsAt: fromNow(6),
      place: 'x',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().details?.[0]?.field).toBe('title');
  });
});

describe('reading events', () => {
  it('lists a farm’s upcoming events soonest first, and past ones on request', async () => {
    const later = await add(farFarm, 72, 'Later');
    const sooner = await add(farFarm, 24, 'Sooner');
    const gone = await add(farFarm, 30, 'Gone by');
    // Moved into the past straight in the database: the API refuses to make one there.
    await t.database.db
      .update(eventRows)
      .set({ startsAt: new Date(Date.now() - 5 * HOUR), endsAt: new Date(Date.now() - 4 * HOUR) })
      .where(eq(eventRows.id, gone.id));
    const upcoming = await t.app.inject({ method: 'GET', url: `/api/farms/${farFarm}/events` });
    expect(upcoming.json().events.map((e: { id: string }) => e.id)).toEqual([sooner.id, later.id]);
    const past = await t.app.inject({
      method: 'GET',
      url: `/api/farms/${farFarm}/events?past=true`,
    });
    expect(past.json().events.map((e: { id: string }) => e.id)).toEqual([gone.id]);
  });

  it('finds upcoming events near a place, nearest farm first, within the radius', async () => {
    const url = (radiusKm: number) =>
      `/api/events?lat=${portland.lat}&long=${portland.lng}&radiusKm=${radiusKm}`;
    const close = await t.app.inject({ method: 'GET', url: url(20) });
    const farmsSeen = close.json().events.map((e: { farm: { id: string } }) => e.farm.id);
    expect(new Set(farmsSeen)).toEqual(new Set([nearFarm]));
    const wide = await t.app.inject({ method: 'GET', url: url(150) });
    const order = wide.json().events.map((e: { farm: { id: string } }) => e.farm.id);
    expect(order[0]).toBe(nearFarm);
    expect(order.at(-1)).toBe(farFarm);
    expect(wide.json().events.at(-1).distanceKm).toBeGreaterThan(60);
  });

  it('hides the events of a suspended farm', async () => {
    const hiddenFarm = await createTestFarm(t, cast.otherFarmer, {
      name: 'Hidden',
      location: portland,
    });
    const own = await post(
      {
        farmId: hiddenFarm,
        title: 'Tour',
        startsAt: fromNow(30),
        endsAt: fromNow(31),
        place: 'Barn',
      },
      cast.otherFarmer,
    );
    await t.database.db.update(farms).set({ status: 'suspended' }).where(eq(farms.id, hiddenFarm));
    const near = await t.app.inject({
      method: 'GET',
      url: `/api/events?lat=${portland.lat}&long=${portland.lng}`,
    });
    expect(near.json().events.map((e: { id: string }) => e.id)).not.toContain(own.json().event.id);
    const list = await t.app.inject({ method: 'GET', url: `/api/farms/${hiddenFarm}/events` });
    expect(list.statusCode).toBe(404);
  });
});

describe('changing and removing', () => {
  it('lets the owner move the end, refusing one before the start', async () => {
    const event = await add(nearFarm, 100);
    const bad = await t.app.inject({
      method: 'PATCH',
      url: `/api/events/${event.id}`,
      headers: cast.owner.headers,
      payload: { endsAt: fromNow(99) },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0].field).toBe('endsAt');
    const ok = await t.app.inject({
      method: 'PATCH',
      url: `/api/events/${event.id}`,
      headers: cast.owner.headers,
      payload: { title: 'Harvest supper', endsAt: fromNow(105) },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().event.title).toBe('Harvest supper');
    const gone = await t.app.inject({
      method: 'DELETE',
      url: `/api/events/${event.id}`,
      headers: cast.owner.headers,
    });
    expect(gone.statusCode).toBe(200);
    const again = await t.app.inject({
      method: 'DELETE',
      url: `/api/events/${event.id}`,
      headers: cast.owner.headers,
    });
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe('Event not found');
  });
});

describe('the calendar file', () => {
  it('answers RFC 5545 with the event’s times in UTC', async () => {
    const event = await add(nearFarm, 50, 'Strawberry U-pick; bring a basket');
    const res = await t.app.inject({ method: 'GET', url: `/api/events/${event.id}.ics` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/calendar/);
    const body = res.body;
    expect(body.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
    expect(body).toContain('VERSION:2.0');
    expect(body).toContain(`UID:${event.id}@furrow`);
    expect(body).toContain('SUMMARY:Strawberry U-pick\\; bring a basket');
    expect(body).toMatch(/DTSTART:\d{8}T\d{6}Z/);
    expect(body.trimEnd().endsWith('END:VCALENDAR')).toBe(true);
  });

  it('answers 404 for an unknown event and 400 for a name that is not one', async () => {
    const missing = await t.app.inject({
      method: 'GET',
      url: '/api/events/00000000-0000-4000-8000-000000000000.ics',
    });
    expect(missing.statusCode).toBe(404);
    const bad = await t.app.inject({ method: 'GET', url: '/api/events/nonsense.ics' });
    expect(bad.statusCode).toBe(400);
  });
});
