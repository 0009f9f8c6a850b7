import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkDelivery, type DeliverySettings, distanceKm, type Point } from './delivery';
import { errors } from './errors';

const portland: Point = { lat: 45.5152, lng: -122.6784 };
const salem: Point = { lat: 44.9429, lng: -123.0351 };
const delivery: DeliverySettings = {
  enabled: true,
  radiusKm: 25,
  feeCents: 500,
  minimumOrderCents: 3000,
};
const farm = { name: 'Meadow Farm', location: portland, delivery };

describe('distanceKm', () => {
  it('measures great-circle distances', () => {
    expect(distanceKm(portland, salem)).toBeCloseTo(69.5, 0);
    expect(distanceKm({ lat: 0, lng: 0 }, { lat: 0, lng: 180 })).toBeCloseTo(20015.1, 0);
    expect(distanceKm(portland, portland)).toBe(0);
  });

  const pointArb = fc.record({
    lat: fc.double({ min: -90, max: 90, noNaN: true }),
    lng: fc.double({ min: -180, max: 180, noNaN: true }),
  });

  it('is symmetric, never negative and obeys the triangle inequality', () => {
    fc.assert(
      fc.property(pointArb, pointArb, pointArb, (a, b, c) => {
        expect(distanceKm(a, b)).toBeCloseTo(distanceKm(b, a), 6);
        expect(distanceKm(a, b)).toBeGreaterThanOrEqual(0);
        expect(distanceKm(a, c)).toBeLessThanOrEqual(distanceKm(a, b) + distanceKm(b, c) + 1e-6);
      }),
    );
  });
});

describe('checkDelivery', () => {
  const nearby: Point = { lat: 45.6, lng: -122.6 };

  it('delivers inside the radius above the minimum, with the fee', () => {
    const check = checkDelivery(farm, nearby, 3000);
    expect(check).toMatchObject({ ok: true, feeCents: 500 });
    expect(check.ok && check.distanceKm).toBeCloseTo(11.3, 0);
  });

  it('refuses when the farm does not deliver', () => {
    expect(
      checkDelivery({ ...farm, delivery: { ...delivery, enabled: false } }, nearby, 9999),
    ).toEqual({
      ok: false,
      code: 'DELIVERY_NOT_OFFERED',
      message: 'Meadow Farm does not deliver',
    });
  });

  it('refuses an address outside the radius, saying how far it is', () => {
    expect(checkDelivery(farm, salem, 9999)).toEqual({
      ok: false,
      code: 'OUTSIDE_DELIVERY_RADIUS',
      message: 'This address is 69 km from Meadow Farm, which delivers within 25 km',
    });
  });

  it('refuses an order under the minimum, saying how much to add', () => {
    expect(checkDelivery(farm, nearby, 2250)).toEqual({
      ok: false,
      code: 'UNDER_DELIVERY_MINIMUM',
      message: 'Meadow Farm delivers orders of $30.00 or more; add $7.50 to have it delivered',
    });
    expect(
      checkDelivery({ ...farm, delivery: { ...delivery, minimumOrderCents: 0 } }, nearby, 0).ok,
    ).toBe(true);
  });

  it('answers only with codes of the error table', () => {
    for (const check of [checkDelivery(farm, salem, 0), checkDelivery(farm, nearby, 0)]) {
      expect(check.ok).toBe(false);
      if (!check.ok) expect(errors[check.code].status).toBe(409);
    }
  });
});
