import { LoadError } from '../../components/ui/load-error';
import { Skeleton } from '../../components/ui/skeleton';
import { EventCard } from './event-card';
import { useFarmEvents } from './events-api';

/** The farm page's "Coming up": the farm's next events, or nothing at all when it has none. */
export function ComingUp({ farmId }: { farmId: string }) {
  const events = useFarmEvents(farmId);
  if (events.isPending) return <Skeleton className="h-28" />;
  if (events.isError) {
    return (
      <LoadError onRetry={() => void events.refetch()}>
        The farm's events could not be loaded: {events.error.message}
      </LoadError>
    );
  }
  if (events.data.length === 0) return null;
  return (
    <section aria-labelledby="coming-up" className="grid gap-4">
      <h2 id="coming-up" className="font-semibold text-2xl text-ink">
        Coming up
      </h2>
      <ul className="grid gap-4 md:grid-cols-2">
        {events.data.map((event) => (
          <li key={event.id}>
            <EventCard event={event} />
          </li>
        ))}
      </ul>
    </section>
  );
}
