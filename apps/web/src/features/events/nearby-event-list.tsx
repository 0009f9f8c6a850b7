import type { FarmEvent } from '@furrow/domain/api/events';
import { EventCard } from './event-card';

/** The landing page's "Events near you", once there are some to show. */
export function NearbyEventList({ events }: { events: FarmEvent[] }) {
  return (
    <section aria-labelledby="nearby-events" className="grid gap-4">
      <h2 id="nearby-events" className="font-semibold text-2xl text-ink">
        Events near you
      </h2>
      <ul className="grid gap-4 md:grid-cols-2 lg:grid-cols-3">
        {events.map((event) => (
          <li key={event.id}>
            <EventCard event={event} showFarm />
          </li>
        ))}
      </ul>
    </section>
  );
}
