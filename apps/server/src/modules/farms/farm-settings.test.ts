import { describe, expect, it } from 'vitest';
import { createTestFarm } from '../../testing/farms';
import { useTestApp } from '../../testing/test-app';
import { useTestCast } from '../../testing/users';

const t = useTestApp();
const cast = useTestCast(t);

const location = { lat: 30.27, lng: -97.74 };
const saturday = { kind: 'weekly', day: 'saturday', from: '09:00', to: '13:00', place: 'Stand' };

function farmAnswer(id: string) {
  return t.app.inject({ method: 'GET', url: `/api/shop/single/${id}` });
}

function patchFarm(id: string, headers: Record<string, string>, payload: object) {
  return t.app.inject({ method: 'PATCH', url: `/api/shop/${id}`, headers, payload });
}

describe('pickup windows and delivery settings on the farm', () => {
  it('are part of the farm answer, with its time zone', async () => {
    const id = await createTestFarm(t, cast.owner, {
      name: 'Austin Acres',
      location,
      timeZone: 'America/Chicago',
      delivery: { enabled: true, radiusKm: 15, fee: 5, minimumOrder: 25 },
      pickupWindows: [
        saturday,
        {
          kind: 'once',
          date: '2030-12-20',
          from: '15:00',
          to: '18:00',
          place: 'Market',
          capacity: 30,
        },
      ],
    });
    const { shop } = (await farmAnswer(id)).json();
    expect(shop.timeZone).toBe('America/Chicago');
    expect(shop.delivery).toEqual({ enabled: true, radiusKm: 15, fee: 5, minimumOrder: 25 });
    expect(shop.pickupWindows).toMatchObject([
      { ...saturday, capacity: null },
      { kind: 'once', date: '2030-12-20', place: 'Market', capacity: 30 },
    ]);
  });

  it('are replaced by the owner, keeping the ids of windows sent back with theirs', async () => {
    const id = await createTestFarm(t, cast.owner, {
      name: 'Edit Farm',
      location,
      pickupWindows: [saturday],
    });
    const [kept] = (await farmAnswer(id)).json().shop.pickupWindows;
    const res = await patchFarm(id, cast.owner.headers, {
      pickupWindows: [
        { ...kept, to: '12:00', capacity: 10 },
        { kind: 'weekly', day: 'wednesday', from: '16:00', to: '19:00', place: 'Porch' },
      ],
      delivery: { fee: 3.5 },
    });
    expect(res.statusCode).toBe(200);
    const { shop } = res.json();
    expect(shop.pickupWindows).toHaveLength(2);
    expect(shop.pickupWindows[0]).toEqual({ ...kept, to: '12:00', capacity: 10 });
    expect(shop.delivery.fee).toBe(3.5);

    const cleared = await patchFarm(id, cast.owner.headers, { pickupWindows: [] });
    expect(cleared.json().shop.pickupWindows).toEqual([]);
  });

  it('refuses a window that ends before it starts, naming the field, and other farmers', async () => {
    const id = await createTestFarm(t, cast.owner, { name: 'Strict Farm', location });
    const bad = await patchFarm(id, cast.owner.headers, {
      pickupWindows: [{ ...saturday, from: '13:00', to: '09:00' }],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0].field).toBe('pickupWindows.0.to');
    const badZone = await patchFarm(id, cast.owner.headers, { timeZone: 'Mars/Olympus' });
    expect(badZone.statusCode).toBe(400);
    const other = await patchFarm(id, cast.otherFarmer.headers, { pickupWindows: [saturday] });
    expect(other.statusCode).toBe(403);
    expect((await farmAnswer(id)).json().shop.pickupWindows).toEqual([]);
  });

  it('make the next pickup slots, in the farm time zone', async () => {
    const id = await createTestFarm(t, cast.owner, {
      name: 'Slot Farm',
      location,
      timeZone: 'America/Chicago',
      pickupWindows: [saturday],
    });
    const res = await t.app.inject({ method: 'GET', url: `/api/farms/${id}/pickup-slots` });
    expect(res.statusCode).toBe(200);
    const { timeZone, slots } = res.json();
    expect(timeZone).toBe('America/Chicago');
    // Four or five Saturdays fall in the days ahead, and the first may be past its order cut-off.
    expect(slots.length).toBeGreaterThanOrEqual(3);
    for (const slot of slots) {
      expect(new Date(`${slot.date}T12:00:00Z`).getUTCDay()).toBe(6);
      // 09:00 in Chicago is 14:00 or 15:00 UTC, by the season.
      expect(['14', '15']).toContain(slot.startsAt.slice(11, 13));
      expect(slot.remaining).toBeNull();
    }
    const none = await createTestFarm(t, cast.owner, { name: 'No Windows', location });
    const empty = await t.app.inject({ method: 'GET', url: `/api/farms/${none}/pickup-slots` });
    expect(empty.json().slots).toEqual([]);
  });
});
