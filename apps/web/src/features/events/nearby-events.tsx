import type { FarmEvent } from '@furrow/domain/api/events';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useDeferredValue } from 'react';
import { api } from '../../lib/api-client';
import { eventKeys } from '../../lib/query-keys';
import { useNearViewport } from '../../lib/use-near-viewport';

// The event cards (and the farm-time rules that word their dates) are fetched once there are events
// to show: they sit at the foot of the landing page and stay off its first screen.
const NearbyEventList = lazy(() =>
  import('./nearby-event-list').then((module) => ({ default: module.NearbyEventList })),
);

// Beside the landing page's section rather than with the farm's event calls, whose changes (and
// their library code) the landing page does not need.
/** Upcoming events near the shopper, nearest farm first. */
function useNearbyEvents(near: { lat: number; lng: number }) {
  return useQuery({
    queryKey: eventKeys.near({ lat: near.lat, lng: near.lng }),
    queryFn: ({ signal }) =>
      api
        .get<{ events: FarmEvent[] }>('/api/events', {
          signal,
          query: { lat: near.lat, long: near.lng, limit: 6 },
        })
        .then((answer) => answer.events),
  });
}

/** The landing page's "Events near you"; nothing at all when none are near or they fail to load. */
export function NearbyEvents({ near }: { near: { lat: number; lng: number } }) {
  // Drawn in a transition, as the product grid is: the landing page's answers arrive together, and
  // drawn at once they held a slow phone's main thread in one long task.
  const events = useDeferredValue(useNearbyEvents(near).data);
  // The cards word their dates in each farm's time zone, and the first such formatter loads the
  // browser's locale and time-zone data: 35 to 65 ms of main thread in one piece (140 to 260 ms
  // under Lighthouse's 4x slow-down). At the foot of the page, they are drawn as the shopper
  // scrolls towards them; until then an empty element marks the place.
  const [placeRef, nearView] = useNearViewport<HTMLDivElement>();
  if (!events || events.length === 0) return null;
  if (!nearView) return <div ref={placeRef} />;
  return (
    <Suspense>
      <NearbyEventList events={events} />
    </Suspense>
  );
}
