import { EventCard } from './event-card';
import { useNearbyEvents } from './events-api';

/** The landing page's "Events near you"; nothing at all when none are near or they fail to load. */
export function NearbyEvents({ near }: { near: { lat: number; lng: number } }) {
  const events = useNearbyEvents(near);
  if (!events.data || events.data.length === 0) return null;
  return (
    <section aria-labelledby="nearby-events" className="grid gap-4">
      <h2 id="nearby-events" className="font-semibold text-2xl text-ink">
        Events near you
      </h2>
      <ul className="grid gap-4 md:grid-cols-2 lg:grid-cols-3">
        {events.data.map((event) => (
          <li key={event.id}>
            <EventCard event={event} showFarm />
          </li>
        ))}
      </ul>
    </section>
  );
}
