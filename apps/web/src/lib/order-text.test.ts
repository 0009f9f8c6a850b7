import { describe, expect, it } from 'vitest';
import { describeFulfilment } from './order-text';

describe('describeFulfilment', () => {
  it('reads a pickup slot with its place, or the farm instructions without one', () => {
    expect(
      describeFulfilment({
        method: 'pickup',
        slot: {
          id: 'w:2026-11-28',
          date: '2026-11-28',
          from: '09:00',
          to: '13:00',
          place: 'Farm stand',
          startsAt: '2026-11-28T17:00:00.000Z',
          endsAt: '2026-11-28T21:00:00.000Z',
        },
        instructions: 'By the barn',
      }),
    ).toEqual({
      label: 'Pickup',
      detail: 'Sat, November 28, 2026, 9:00 AM – 1:00 PM at Farm stand',
    });
    expect(
      describeFulfilment({ method: 'pickup', slot: null, instructions: 'By the barn' }),
    ).toEqual({
      label: 'Pickup',
      detail: 'By the barn',
    });
  });

  it('reads a delivery address, leaving out what is empty', () => {
    expect(
      describeFulfilment({
        method: 'delivery',
        address: { line: '1120 SW 5th Ave', city: 'Portland', region: 'OR', postalCode: '97204' },
        point: { lat: 45.5, lng: -122.7 },
        distanceKm: 3,
      }),
    ).toEqual({ label: 'Delivery', detail: 'to 1120 SW 5th Ave, Portland, OR 97204' });
    expect(
      describeFulfilment({
        method: 'delivery',
        address: { line: '1 Main St', city: 'Canby', region: '', postalCode: '' },
        point: { lat: 45.3, lng: -122.7 },
        distanceKm: 20,
      }).detail,
    ).toBe('to 1 Main St, Canby');
  });
});
