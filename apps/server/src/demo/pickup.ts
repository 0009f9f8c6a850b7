import type { PickupWindow } from '@furrow/domain/pickup-windows';
import type { Tx } from '../db/transaction';
import { pickupWindows } from '../modules/farms/farms.schema';

/** The demo's two regions and the clocks their farms keep. */
export const demoTimeZones: Record<string, string> = {
  OR: 'America/Los_Angeles',
  TX: 'America/Chicago',
};

/**
 * Pickup windows for a demo farm: the Saturday farm stand for all, and for every other farm a
 * weekday market pickup with a capacity, so that checkout shows both kinds.
 */
export async function seedPickupWindows(
  tx: Tx,
  farmId: string,
  index: number,
): Promise<PickupWindow[]> {
  const windows = [
    {
      kind: 'weekly' as const,
      day: 'saturday' as const,
      from: '09:00',
      to: '13:00',
      place: 'Farm stand by the main gate',
      capacity: null,
    },
    ...(index % 2 === 0
      ? [
          {
            kind: 'weekly' as const,
            day: 'wednesday' as const,
            from: '16:00',
            to: '19:00',
            place: 'Downtown farmers market, north entrance',
            capacity: 20,
          },
        ]
      : []),
  ];
  const rows = await tx
    .insert(pickupWindows)
    .values(windows.map((window) => ({ farmId, ...window, date: null })))
    .returning({ id: pickupWindows.id });
  return windows.map((window, position) => ({ ...window, id: rows[position]?.id ?? '' }));
}
